// Rule 407: a non-integral bonus or penalty is rounded to the nearest integer before a player receives
// it; a complex number is rounded part by part. `round(x)` is what the scoring rules use.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const nearest = api.param('rounding', { pattern: /rounded to the nearest integer/, parse: () => true });
  api.export('round', (x: number) => (nearest ? Math.round(x) : x));
  api.export('isInteger', (re: number, im = 0) => Number.isInteger(re) && Number.isInteger(im));
}
