// Rule 109: precedence. Immutable rules over mutable ones; a rule that explicitly says it takes
// precedence over (or defers to) others is ordered so; when both or neither claim, the lowest number.
import type { RuleApi, RuleView } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const claim = (r: RuleView) =>
    /this rule takes precedence over/i.test(r.text) ? -1 : /this rule defers to/i.test(r.text) ? 1 : 0;
  api.precedence((a, b) => {
    const ma = a.attrs.mutable === true;
    const mb = b.attrs.mutable === true;
    if (ma !== mb) return ma ? 1 : -1;
    const ca = claim(a);
    const cb = claim(b);
    if (ca !== cb) return ca - cb;
    return 0; // the numerical method (the kernel's default order) governs
  });
}
