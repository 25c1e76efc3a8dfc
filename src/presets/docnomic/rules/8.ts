// Rule 8: Points. A Player's Points are a finite integer (`player.points`), zero when e joins. A
// write that would make them anything else is refused.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const start = api.param('points on joining', { pattern: /joins the game, e has (zero|\d+) Points/, parse: (m) => (m[1] === 'zero' ? 0 : Number(m[1])) });

  api.on('player-joined', (e) => {
    const key = 'player/' + e.payload.player;
    if (api.get(key) && typeof api.get(key)!.attrs.points !== 'number') api.set(key, 'points', start);
  });

  api.before('set', (w) => {
    if (!w.key.startsWith('player/') || w.attr !== 'points' || w.value === null) return undefined;
    return typeof w.value === 'number' && Number.isInteger(w.value) ? undefined : `Rule 8: Points must be a finite integer, not ${JSON.stringify(w.value)}`;
  });

  // Anything that slipped past the check (a value set before the game began) becomes an integer.
  api.settle(() => {
    for (const p of api.all('player', (p) => !(typeof p.attrs.points === 'number' && Number.isInteger(p.attrs.points)))) {
      const n = Number(p.attrs.points);
      api.set(p.key, 'points', Number.isFinite(n) ? Math.trunc(n) : start);
    }
  });
}
