// Rule 212: players start with 0 points; the first player to achieve 100 points is the winner.
// The numbers are read from the text; "(positive)" may be dropped by an amendment ("achieve 50 points").
import type { RuleApi } from '../../../kernel/rule-api.js';

const REACH = String.raw`(?:achiev|reach|attain|obtain|accumulat|acquir)\w*\s+(?:at\s+least\s+|a\s+total\s+of\s+)?(-?\d+)\s+(?:\(positive\)\s+)?(?:or\s+more\s+)?points?`;

export default function (api: RuleApi) {
  const start = api.param('starting points', { pattern: /start(?:s)? (?:the game )?with (-?\d+) points?/i, parse: (m) => Number(m[1]) });
  // "the first player to achieve 100 (positive) points"; an amendment may say "reach", "attain",
  // "at least", and put the winning before or after: "A player who reaches 50 points wins."
  const target = api.param('winning points', {
    pattern: new RegExp(String.raw`\bwin\w*\b[^.]*?${REACH}|${REACH}[^.]*?\bwins?\b|achieve\s+(-?\d+)\s+(?:\(positive\)\s+)?points?`, 'i'),
    parse: (m) => Number(m[1] ?? m[2] ?? m[3]),
  });

  api.on('player-joined', (e) => api.set('player/' + e.payload.player, 'points', start));

  api.settle(() => {
    if (api.get('game/game')!.attrs.winner != null) return;
    const reached = api.all('player', (p) => typeof p.attrs.points === 'number' && p.attrs.points >= target).map((p) => p.id);
    if (reached.length > 0) api.win(reached, `achieved ${target} points (Rule 212)`);
  });
}
