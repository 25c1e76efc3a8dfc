// Rule 325: players take one whole turn apiece in alphabetical order of the names they declared on
// joining (Rule 117); turns cannot be skipped or passed. Players present when the game begins start
// with 0 points; a player who joins later starts with half the average (real) score of the players
// then in the game, but no more than 80% of the minimum score, and never below zero, rounded to the
// nearest integer. When a turn is complete (Rule 304) the next player's turn begins, at once or once
// the consent Rule 212 asks for is given. A player who leaves during their turn before proposing
// passes the turn on. After a win no further turn begins. `game.round` counts turn circuits (one
// whole turn apiece).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const cap = api.param('cap', { pattern: /receive (\d+)% of the minimum score/, parse: (m) => Number(m[1]) / 100 });
  const game = () => api.get('game/game')!.attrs;
  const nameOf = (id: string) => String(api.get('player/' + id)?.attrs.name ?? id).toLowerCase();
  const order = () =>
    api.all('player', (p) => p.attrs.left !== true)
      .sort((a, b) => (nameOf(a.id) < nameOf(b.id) ? -1 : nameOf(a.id) > nameOf(b.id) ? 1 : a.id < b.id ? -1 : 1))
      .map((p) => p.id);
  const after = (current: string | null): string | null => {
    const o = order();
    if (o.length === 0) return null;
    if (current === null) return o[0]!;
    const name = nameOf(current);
    return o.find((id) => nameOf(id) > name) ?? o[0]!;
  };
  api.export('order', order);
  api.export('next', () => after((game().turn as string | null) ?? null));

  const begin = (player: string | null) => {
    if (game().winner != null) {
      api.update('game/game', { turnPhase: 'over' });
      return;
    }
    if (player === null) {
      api.update('game/game', { turn: null, turnPhase: 'waiting' });
      return;
    }
    const n = Number(game().turnNumber ?? 0) + 1;
    // A new turn circuit (`round`, Rule 304's "turn circuit") begins when the order wraps around.
    const previous = (game().turn as string | null | undefined) ?? null;
    const round = Number(game().round ?? 0) + (previous === null || game().round == null || nameOf(player) <= nameOf(previous) ? 1 : 0);
    api.update('game/game', { turn: player, turnNumber: n, round, turnPhase: 'proposing', turnPosted: false, turnStartedAt: api.now(), nextPlayer: null });
    api.message('all', `Turn ${n}: it is ${player}'s turn.`);
    api.emit('turn-begins', { player, turnNumber: n });
  };

  api.on('setup', () => {
    if (game().turn == null && order().length > 0) begin(order()[0]!);
  });

  const real = (id: string) =>
    typeof api.imported('369', 'realScore') === 'function' ? api.call<number>('369', 'realScore', id) : Math.max(0, Number(api.get('player/' + id)!.attrs.points ?? 0));

  api.on('player-joined', (e) => {
    const joiner = String(e.payload.player);
    if (e.payload.atStart !== true) {
      const others = order().filter((id) => id !== joiner).map(real);
      let points = 0;
      if (others.length > 0) {
        const average = others.reduce((s, x) => s + x, 0) / others.length;
        const minimum = Math.min(...others);
        points = average / 2;
        if (points > cap * minimum) points = cap * minimum;
        if (points < 0) points = 0;
        points = Math.round(points);
      }
      api.update('player/' + joiner, { points, pointsI: 0 });
    }
    const phase = game().turnPhase;
    if (game().turn == null && phase !== 'over' && game().winner == null) begin(after(null));
  });

  api.on('turn-completed', () => {
    if (game().turnPhase === 'over' || game().winner != null) return api.update('game/game', { turnPhase: 'over' });
    const nextPlayer = after((game().turn as string | null) ?? null);
    if (typeof api.imported('212', 'consentNeeded') === 'function' && api.call<boolean>('212', 'consentNeeded')) {
      api.update('game/game', { turnPhase: 'awaiting-consent', nextPlayer });
      api.message('all', `Judgment was invoked in this turn: ${nextPlayer} begins only with the consent of a majority of the other players (Rule 212).`);
      return;
    }
    begin(nextPlayer);
  });

  api.on('next-turn-consented', () => {
    if (game().turnPhase === 'awaiting-consent') begin(after((game().turn as string | null) ?? null));
  });

  api.on('player-left', (e) => {
    const g = game();
    if (g.turn === e.payload.player && g.turnPhase === 'proposing') begin(after(String(e.payload.player)));
  });

  api.on('win', () => api.update('game/game', { turnPhase: 'over' }));
}
