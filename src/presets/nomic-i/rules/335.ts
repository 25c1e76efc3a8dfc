// Rule 335 (the coup): every person other than Dan, Daniel and Ian loses player status when the
// rule comes into effect and again at the beginning of each turn, for the entire turn; the three
// receive 200 points at the beginning of each turn. The rule names three persons: a game learns who
// they are from its roles ({Dan: [dan], ...}) or asks, and each of them can say so (`identify`).
// The rule comes into effect for the game once all three are known; a named person who has not
// joined becomes a player (the rule calls them "the three players listed here"). It takes
// precedence over all mutable rules.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const names = api.param('named persons', {
    pattern: /aside from (\w+), (\w+), and (\w+)/,
    parse: (m) => [m[1]!, m[2]!, m[3]!],
  });
  const bonus = api.param('points', { pattern: /will receive (\d+) points at the beginning of each turn/, parse: (m) => Number(m[1]) });
  const game = () => api.get('game/game')!.attrs as any;
  const named = () => (game().namedPersons as Record<string, string | null> | undefined) ?? {};
  const known = () => names.every((n) => typeof named()[n] === 'string');
  const the3 = () => names.map((n) => named()[n]).filter((p): p is string => typeof p === 'string');

  const depose = () => {
    if (!known()) return;
    for (const person of the3()) {
      if (!api.get('player/' + person)) {
        api.create('player', { name: person, surname: person, points: 0, active: true, lost: {}, joinedAt: api.now(), turnsTaken: 0 }, { id: person, owner: null });
        api.emit('player-joined', { player: person });
      }
    }
    for (const p of api.all('player', (p) => !the3().includes(p.id))) api.call('201', 'setStatus', p.id, '335', 'not Dan, Daniel or Ian (Rule 335)');
  };
  const reward = () => {
    if (!known()) return;
    for (const person of the3()) {
      const p = api.get('player/' + person);
      if (p) api.set(p.key, 'points', Number(p.attrs.points ?? 0) + bonus);
    }
    if (api.imported('330', 'check')) api.call('330', 'check');
  };

  api.on('setup', (e) => {
    const roles = (e.payload.roles ?? {}) as Record<string, string[]>;
    const found: Record<string, string | null> = {};
    for (const n of names) {
      const entry = Object.entries(roles).find(([role]) => role.toLowerCase() === n.toLowerCase());
      found[n] = entry && entry[1].length ? entry[1][0]! : null;
    }
    api.set('game/game', 'namedPersons', found);
    if (!known()) {
      const missing = names.filter((n) => found[n] === null);
      api.message('all', `Rule 335 names ${names.join(', ')}: who ${missing.length === 1 ? 'is' : 'are'} ${missing.join(', ')}? Each can say so with the action "identify".`, { channel: 'game' });
    }
  });

  // "When this rule comes into effect": as soon as the game knows the three.
  api.on('players-ready', () => depose());

  api.action('identify', {
    describe: 'Say that you are one of the persons Rule 335 names (Dan, Daniel or Ian), while the game does not know who they are.',
    args: { name: 'string' },
    legal(ctx) {
      const n = names.find((x) => x.toLowerCase() === String(ctx.args.name).toLowerCase());
      if (!n) return `Rule 335 names only ${names.join(', ')}`;
      if (typeof named()[n] === 'string') return `the game already knows who ${n} is (${named()[n]})`;
      if (Object.values(named()).includes(ctx.person)) return 'you are already named by Rule 335';
      if (!ctx.person) return 'only a person can identify themselves';
    },
    perform(ctx) {
      const n = names.find((x) => x.toLowerCase() === String(ctx.args.name).toLowerCase())!;
      api.set('game/game', 'namedPersons', { ...named(), [n]: ctx.person });
      api.log(`${ctx.person} says they are ${n} (Rule 335)`);
      if (known()) {
        depose();
        reward();
      }
    },
  });

  api.on('turn-begins', () => {
    depose();
    reward();
  });

  api.precedence((a, b) => {
    const self = api.self.id;
    if (a.id === self && b.attrs.mutable === true && b.id !== self) return -1;
    if (b.id === self && a.attrs.mutable === true && a.id !== self) return 1;
    return 0;
  });
}
