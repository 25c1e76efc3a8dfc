// Rule 4E66: Escaping the Grave. A Player who becomes Dead gets a Killer (the Player who directly
// caused it, or "Circumstances"); an Alp (a living Player) keeps a Mojo Collection (`mojo`, a List
// Attribute of distinct Players, emptied when he stops being Alive). An Alp who has his own Mojo
// and that of a Dead Player and of his Killer may Raise the Dead Player (`raise-dead`): he becomes
// Undead with 5 HP and 5 Maximum HP, the raiser his Necromancer, and the raiser loses those Mojo.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const raisedHp = api.param('undead hit points', { pattern: /Maximum\s+Hit Points and Hit Points are set to (\d+)/, parse: (m) => Number(m[1]) });
  const dfltKiller = api.param('default killer', { pattern: /default\s+Value of (\w+)\. When a Player becomes Dead/, parse: (m) => m[1]! });
  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const ensure = () => declare('attribute/player.mojo', { type: 'player', name: 'mojo', range: { kind: 'list', of: 'player', unique: true }, minLength: 0, maxLength: 'players', default: [], rule: '4E66' });
  api.on('setup', ensure);
  api.settle(ensure);

  api.on('death', (e) => {
    const p = api.get('player/' + e.payload.player);
    if (!p) return;
    api.update(p.key, { killer: e.payload.killer && api.get('player/' + e.payload.killer) ? String(e.payload.killer) : dfltKiller, mojo: [] });
  });
  // Whoever is not Alive has no Mojo Collection.
  api.settle(() => {
    for (const p of api.all('player', (p) => p.attrs.health !== 'Alive' && Array.isArray(p.attrs.mojo) && (p.attrs.mojo as string[]).length > 0)) api.set(p.key, 'mojo', []);
  });

  api.action('raise-dead', {
    describe: 'As an Alp holding your own Mojo and that of a Dead Player and of his Killer, Raise him: he becomes Undead.',
    args: { player: 'string' },
    legal(ctx) {
      const me = api.get('player/' + ctx.agent);
      if (!me || me.attrs.health !== 'Alive') return 'Rule 4E66: only an Alp (a living Player) may Raise the Dead';
      const dead = api.get('player/' + ctx.args.player);
      if (!dead || dead.attrs.health !== 'Dead') return `Rule 4E66: ${ctx.args.player} is not a Dead Player`;
      const killer = String(dead.attrs.killer ?? dfltKiller);
      const mojo = (me.attrs.mojo as string[]) ?? [];
      const needed = [ctx.agent, dead.id, killer];
      if (!api.get('player/' + killer)) return `Rule 4E66: ${dead.id}'s Killer is ${killer}, who has no Mojo`;
      const missing = needed.filter((n) => !mojo.includes(n));
      if (missing.length) return `Rule 4E66: you do not possess the Mojo of ${missing.join(', ')}`;
    },
    perform(ctx) {
      const me = api.get('player/' + ctx.agent)!;
      const dead = api.get('player/' + ctx.args.player)!;
      const gone = [ctx.agent, dead.id, String(dead.attrs.killer)];
      api.set(me.key, 'mojo', ((me.attrs.mojo as string[]) ?? []).filter((m) => !gone.includes(m)));
      api.update(dead.key, { health: 'Undead', necromancer: ctx.agent, maxHp: raisedHp, hp: raisedHp, undeadKills: 0 });
      api.emit('raised', { player: dead.id, necromancer: ctx.agent });
      return dead.key;
    },
  });
}
