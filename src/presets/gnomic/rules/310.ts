// Rule 310: the winning threshold n is the greater of 100 and 2/p times the sum of the scores of the
// p active players (twice their average), negative scores counting as zero; scores are compared as
// real scores (Rule 369). Exported as `threshold` (Rule 112 uses it); `threshold(adjust)` answers
// for hypothetical scores {player: realScore} (Rule 373 asks whether a loss would make someone win).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const floor = api.param('minimum', { pattern: /shall be (\d+) or 2\/p times/, parse: (m) => Number(m[1]) });
  const real = (id: string, points: number) =>
    typeof api.imported('369', 'realScore') === 'function' ? api.call<number>('369', 'realScore', id) : Math.max(0, points);

  api.export('threshold', (adjust?: Record<string, number>) => {
    const active = api.all('player', (p) => p.attrs.left !== true && p.attrs.active !== false);
    if (active.length === 0) return floor;
    const sum = active.reduce((s, p) => s + Math.max(0, adjust && p.id in adjust ? adjust[p.id]! : real(p.id, Number(p.attrs.points ?? 0))), 0);
    return Math.max(floor, (2 / active.length) * sum);
  });
}
