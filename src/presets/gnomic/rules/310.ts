// Rule 310: the winning threshold n is the greater of 100 and 2/p times the sum of the scores of the
// p active players (twice their average), negative scores counting as zero; scores are compared as
// real scores (Rule 369). Exported as `threshold` (Rule 112 uses it); `threshold(adjust)` answers
// for hypothetical scores {player: realScore} (Rule 373 asks whether a loss would make someone win).
// Both numbers are read from the text, and an amendment may drop the second: "The value of n shall
// be 50." makes n 50.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const n = api.param('n', {
    pattern: /(?:shall be|\bis|=)\s*(\d+(?:\.\d+)?)(?:\s+or\s+(\d+(?:\.\d+)?)\s*\/\s*p\s+times)?/i,
    parse: (m) => ({ floor: Number(m[1]), k: m[2] === undefined ? 0 : Number(m[2]) }),
  });
  const real = (id: string, points: number) =>
    typeof api.imported('369', 'realScore') === 'function' ? api.call<number>('369', 'realScore', id) : Math.max(0, points);

  api.export('threshold', (adjust?: Record<string, number>) => {
    const active = api.all('player', (p) => p.attrs.left !== true && p.attrs.active !== false);
    if (active.length === 0 || n.k === 0) return n.floor;
    const sum = active.reduce((s, p) => s + Math.max(0, adjust && p.id in adjust ? adjust[p.id]! : real(p.id, Number(p.attrs.points ?? 0))), 0);
    return Math.max(n.floor, (n.k / active.length) * sum);
  });
}
