// Rule 212: players start with 0 points; the first player to achieve 100 points is the winner.
// The numbers are read from the text; "(positive)" may be dropped by an amendment ("achieve 50 points").
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const start = api.param('starting points', { pattern: /start(?:s)? (?:the game )?with (-?\d+) points?/i, parse: (m) => Number(m[1]) });
  const target = api.param('winning points', { pattern: /achieve (-?\d+) (?:\(positive\) )?points?/i, parse: (m) => Number(m[1]) });

  api.on('player-joined', (e) => api.set('player/' + e.payload.player, 'points', start));

  api.settle(() => {
    if (api.get('game/game')!.attrs.winner != null) return;
    const reached = api.all('player', (p) => typeof p.attrs.points === 'number' && p.attrs.points >= target).map((p) => p.id);
    if (reached.length > 0) api.win(reached, `achieved ${target} points (Rule 212)`);
  });
}
