// Rule 331: the six locations. Every player is always in exactly one, starting in the City (and put
// back in the City whenever they have none). During their turn a player may `move` once, never to
// or from the Desert; Rule 334 adds its stays (marsh, desert, mining runs, expeditions) as checks
// and its other ways of travelling.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const locations = api.param('locations', {
    pattern: /defined as locations:\s*\n((?:\s*[•*\-–].*\n?)+)/,
    parse: (m) => m[1]!.split('\n').map((l) => l.match(/^\s*[•*\-–]\s*(.+?)\s*$/)?.[1]).filter((c): c is string => Boolean(c)),
  });
  const start = api.param('start', { pattern: /Players start out in the (\w+)/ });
  const forbidden = api.param('forbidden', { pattern: /change their location to or from the (\w+)/ });
  const game = () => api.get('game/game')!.attrs as any;
  const player = (name: string) => api.get('player/' + name);
  // "City", "the city", "Mountain" all name a location.
  const canonical = (s: unknown) => {
    const n = String(s ?? '').trim().toLowerCase().replace(/^the\s+/, '');
    return locations.find((l) => l.toLowerCase() === n) ?? locations.find((l) => l.toLowerCase() === n + 's');
  };

  /** Puts a player somewhere (used by every way of travelling), recording when they arrived. */
  const place = (name: string, to: string) => {
    const p = player(name)!;
    api.update(p.key, { location: to, arrivedTurn: Number(game().turnNumber ?? 0), arrivedOwnTurns: Number(p.attrs.turnsTaken ?? 0), travellingTo: null });
    api.emit('player-moved', { player: name, to });
  };
  api.export('place', place);
  api.export('locations', () => locations);
  api.export('canonical', (s: string) => canonical(s) ?? null);

  api.on('player-joined', (e) => place(String(e.payload.player), start));

  const moveAction = {
    describe: `During your turn, once, change your location (${locations.join(', ')}); never to or from the ${forbidden}. \`location\` is the same as \`to\`.`,
    args: { to: 'string?', location: 'string?' },
    legal(ctx) {
      const p = player(ctx.agent);
      if (!p || p.attrs.active !== true) return 'only players have a location';
      if (game().turn !== ctx.agent) return 'Rule 331: you may change your location only during your turn';
      const to = canonical(ctx.args.to ?? ctx.args.location);
      if (!to) return `Rule 331: the locations are ${locations.join(', ')}`;
      if (to === p.attrs.location) return `you are already in the ${to}`;
      if (to === forbidden || p.attrs.location === forbidden) return `Rule 331: this action cannot take you to or from the ${forbidden}`;
      if (Number(p.attrs.movedTurn) === Number(game().turnNumber)) return 'Rule 331: you may change your location only once per turn';
    },
    perform(ctx) {
      api.set('player/' + ctx.agent, 'movedTurn', Number(game().turnNumber ?? 0));
      place(ctx.agent, canonical(ctx.args.to ?? ctx.args.location)!);
      return 'player/' + ctx.agent;
    },
  } satisfies Parameters<RuleApi['action']>[1];
  api.action('move', moveAction);
  api.action('change-location', { ...moveAction, describe: 'The same as `move` (Rule 331: "choose to change their location").' });

  api.settle(() => {
    for (const p of api.all('player', (p) => !canonical(p.attrs.location))) place(p.id, start);
  });
}
