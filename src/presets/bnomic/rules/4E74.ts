// Rule 4E74: RPG. Players have Hit Points (`hp`, default 10), Maximum Hit Points (`maxHp`, 10) and
// Health (Alive, Dead, Undead). Damage goes through this rule (`damage`, exported to the rules that
// deal it): HP never goes below 0, and a Player whose HP reaches 0 becomes Dead; no Player may
// reduce his Twin's HP; damage to a member of The Horde is recorded as a Misdemeanor. At the end of
// ndays 4, 8 and 12 each living Player below his maximum recovers 1 HP; HP above the maximum falls
// to it. At the beginning of each nweek the living, Active Player(s) who inflicted the least damage
// in the previous nweek share m100.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const dfltHp = api.param('default hit points', { pattern: /"Hit Points", also known as "HP", with a scope\s+of all Players, a range of all non-negative integers, and a default\s+value of (\d+)/, parse: (m) => Number(m[1]) });
  const dfltMax = api.param('default maximum', { pattern: /"Maximum Hit Points" with a scope of all\s+players, a range of all non-negative integers, and a default value of\s+(\d+)/, parse: (m) => Number(m[1]) });
  const healDays = api.param('healing ndays', { pattern: /at the end of ndays (\d+), (\d+), and (\d+)/, parse: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] });
  const award = api.param('least damage award', { pattern: /previous nweek gains (\d+) mackerel/, parse: (m) => Number(m[1]) });
  const nweek = () => Number(api.get('clock/clock')?.attrs.nweek ?? 0);
  const twins = (a: string, b: string) => (api.imported('4E61', 'twins') ? api.call<boolean>('4E61', 'twins', a, b) : false);
  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const ensure = () => {
    declare('attribute/player.hp', { type: 'player', name: 'hp', range: { kind: 'int', min: 0 }, clamp: true, default: dfltHp, rule: '4E74' });
    declare('attribute/player.maxHp', { type: 'player', name: 'maxHp', range: { kind: 'int', min: 0 }, default: dfltMax, rule: '4E74' });
    declare('attribute/player.health', { type: 'player', name: 'health', range: { kind: 'enum', values: ['Alive', 'Dead', 'Undead'] }, default: 'Alive', rule: '4E74' });
    declare('crime/damage-to-horde', { name: 'Causing damage to a member of The Horde', kind: 'Misdemeanor', rule: '4E74' });
  };
  api.on('setup', ensure);
  api.settle(ensure);
  api.on('player-joined', (e) => {
    const p = api.get('player/' + e.payload.player);
    if (p) api.update(p.key, { hp: p.attrs.hp ?? dfltHp, maxHp: p.attrs.maxHp ?? dfltMax, health: p.attrs.health ?? 'Alive' });
  });

  const die = (id: string, killer: string | null) => {
    api.set('player/' + id, 'health', 'Dead');
    api.emit('death', { player: id, killer });
  };

  /** Deals damage; returns how much was dealt. `by` is the Player who causes it, or null. */
  const damage = (target: string, amount: number, by: string | null) => {
    const t = api.get('player/' + target);
    if (!t) api.refuse(`there is no Player ${target}`);
    if (by && by !== target && twins(by, target)) api.refuse(`Rule 4E74: ${target} is your Twin; you may not reduce his Hit Points`);
    const hp = Number(t!.attrs.hp ?? dfltHp);
    const next = Math.max(0, hp - Math.max(0, Math.floor(amount)));
    const dealt = hp - next;
    if (dealt === 0) return 0;
    api.set(t!.key, 'hp', next);
    if (by && by !== target && api.get('player/' + by)) {
      const b = api.get('player/' + by)!;
      const byNweek = { ...((b.attrs.damageDealt as JsonObject) ?? {}) };
      byNweek[String(nweek())] = Number(byNweek[String(nweek())] ?? 0) + dealt;
      api.update(b.key, { damageDealt: byNweek, damageTotal: Number(b.attrs.damageTotal ?? 0) + dealt });
      if (t!.attrs.active !== true) api.create('offense', { crime: 'damage-to-horde', offender: by, nweek: nweek(), at: api.now(), detail: `dealt ${dealt} damage to ${target}, a member of The Horde` }, { owner: null });
    }
    api.emit('damage', { target, amount: dealt, by });
    if (next === 0 && t!.attrs.health !== 'Dead') die(target, by);
    return dealt;
  };
  const heal = (target: string, amount: number) => {
    const t = api.get('player/' + target);
    if (!t || t.attrs.health === 'Dead') return 0;
    const hp = Number(t.attrs.hp ?? 0);
    const next = Math.min(Number(t.attrs.maxHp ?? dfltMax), hp + amount);
    if (next > hp) api.set(t.key, 'hp', next);
    return Math.max(0, next - hp);
  };
  api.export('damage', damage);
  api.export('heal', heal);

  api.settle(() => {
    for (const p of api.all('player')) {
      const hp = Number(p.attrs.hp ?? dfltHp);
      const max = Number(p.attrs.maxHp ?? dfltMax);
      if (hp > max) api.set(p.key, 'hp', max);
      if (hp <= 0 && p.attrs.health !== 'Dead' && p.attrs.health !== undefined) die(p.id, null);
    }
  });

  api.on('nday-ends', (e) => {
    if (!healDays.includes(Number(e.payload.nday))) return;
    for (const p of api.all('player', (p) => p.attrs.health === 'Alive' && Number(p.attrs.hp) < Number(p.attrs.maxHp))) heal(p.id, 1);
  });

  api.on('nweek-begins', (e) => {
    const previous = String(Number(e.payload.nweek) - 1);
    const eligible = api.all('player', (p) => p.attrs.health === 'Alive' && p.attrs.active === true);
    if (!eligible.length) return;
    const dealt = (p: (typeof eligible)[number]) => Number(((p.attrs.damageDealt as JsonObject) ?? {})[previous] ?? 0);
    const least = Math.min(...eligible.map(dealt));
    const winners = eligible.filter((p) => dealt(p) === least);
    const share = Math.floor(award / winners.length);
    for (const p of winners) api.set(p.key, 'mackerel', Number(api.get(p.key)!.attrs.mackerel ?? 0) + share);
  });
}
