// Rule 4E67: Beyond the Grave. Damage an Undead Player causes heals his Necromancer as much. An
// Undead Player who kills his Killer (unless he was his own Killer) or three other Players becomes
// Alive with 1 HP. Once per rday an Undead Player may Gnaw a living Player (2 damage, +1 HP to him);
// once during the first 3 ndays of an nweek he may Infect one. At the end of the nweek (before the
// nweekly healing) each Infected Player takes 10 damage less the damage he caused since, and is cured.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const gnawDamage = api.param('gnaw damage', { pattern: /Gnaw a\s+Living Player, dealing him (\d+) damage/, parse: (m) => Number(m[1]) });
  const infectDays = api.param('infection days', { pattern: /Once during the first (\d+) days of an nweek/, parse: (m) => Number(m[1]) });
  const infection = api.param('infection damage', { pattern: /takes \((\d+) minus damage he caused/, parse: (m) => Number(m[1]) });
  const kills = api.param('kills to live', { pattern: /causes (\d+) other Players to become Dead becomes Alive/, parse: (m) => Number(m[1]) });
  const clock = () => (api.get('clock/clock')?.attrs ?? { nweek: 0, nday: 0, count: 0, rday: 0, ndelay: 0 }) as unknown as { nweek: number; nday: number; rday: number };
  const damage = (target: string, amount: number, by: string | null) => (api.imported('4E74', 'damage') ? api.call<number>('4E74', 'damage', target, amount, by) : 0);

  api.on('damage', (e) => {
    const by = e.payload.by ? api.get('player/' + e.payload.by) : undefined;
    if (!by || by.attrs.health !== 'Undead' || !by.attrs.necromancer) return;
    const n = api.get('player/' + by.attrs.necromancer);
    if (n) api.set(n.key, 'hp', Number(n.attrs.hp ?? 0) + Number(e.payload.amount)); // "gains": not healing, not capped here (4E74 caps at the maximum)
  });

  api.on('death', (e) => {
    const killer = e.payload.killer ? api.get('player/' + e.payload.killer) : undefined;
    if (!killer || killer.attrs.health !== 'Undead') return;
    const count = Number(killer.attrs.undeadKills ?? 0) + 1;
    const ownKiller = killer.attrs.killer === killer.id;
    const avenged = killer.attrs.killer === e.payload.player && !ownKiller;
    if (avenged || count >= kills) {
      api.update(killer.key, { health: 'Alive', hp: 1, undeadKills: 0, necromancer: null });
      api.emit('revived', { player: killer.id });
    } else api.set(killer.key, 'undeadKills', count);
  });

  const undead = (agent: string) => api.get('player/' + agent)?.attrs.health === 'Undead';
  const living = (id: unknown) => api.get('player/' + String(id))?.attrs.health === 'Alive';

  api.action('gnaw', {
    describe: 'Once per rday, as an Undead Player, Gnaw a Living Player: 2 damage to him, 1 HP to you.',
    args: { player: 'string' },
    legal(ctx) {
      if (!undead(ctx.agent)) return 'Rule 4E67: only an Undead Player may Gnaw';
      if (!living(ctx.args.player)) return `Rule 4E67: ${ctx.args.player} is not a Living Player`;
      if (api.get('player/' + ctx.agent)!.attrs.gnawedRday === clock().rday) return 'Rule 4E67: once per rday';
    },
    perform(ctx) {
      damage(String(ctx.args.player), gnawDamage, ctx.agent);
      const me = api.get('player/' + ctx.agent)!;
      api.update(me.key, { gnawedRday: clock().rday, hp: Number(me.attrs.hp ?? 0) + 1 });
      return 'player/' + ctx.args.player;
    },
  });

  api.action('infect', {
    describe: 'Once during the first 3 ndays of an nweek, as an Undead Player, Infect a Living Player.',
    args: { player: 'string' },
    legal(ctx) {
      if (!undead(ctx.agent)) return 'Rule 4E67: only an Undead Player may Infect';
      if (!living(ctx.args.player)) return `Rule 4E67: ${ctx.args.player} is not a Living Player`;
      if (clock().nday > infectDays) return `Rule 4E67: only during the first ${infectDays} ndays of an nweek`;
      if (api.get('player/' + ctx.agent)!.attrs.infectedNweek === clock().nweek) return 'Rule 4E67: once per nweek';
    },
    perform(ctx) {
      const t = api.get('player/' + ctx.args.player)!;
      api.update(t.key, { infected: true, infectedDamageMark: Number(t.attrs.damageTotal ?? 0) });
      api.set('player/' + ctx.agent, 'infectedNweek', clock().nweek);
      return t.key;
    },
  });

  api.on('nweek-ends', () => {
    for (const p of api.all('player', (p) => p.attrs.infected === true)) {
      const caused = Number(p.attrs.damageTotal ?? 0) - Number(p.attrs.infectedDamageMark ?? 0);
      api.update(p.key, { infected: false, infectedDamageMark: null });
      damage(p.id, Math.max(0, infection - caused), null);
    }
  });
}
