// Rule 211: between rules of the same mutability the rule with the lowest ordinal number takes
// precedence, unless one of them explicitly says it takes precedence over, or defers to, other rules
// (it then comes first, or last); when both claim, the numerical method governs again. This orders
// every rule's code (checks, handlers) after Rule 110's immutable-first ordering.
import type { RuleApi, RuleView } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const claim = (r: RuleView) =>
    /this rule takes precedence over|takes precedence over (?:every|all) other rules?/i.test(r.text) ? -1 : /this rule defers to/i.test(r.text) ? 1 : 0;
  api.precedence((a, b) => {
    if ((a.attrs.mutable === true) !== (b.attrs.mutable === true)) return 0; // Rule 110 decides
    return claim(a) - claim(b); // equal claims: the numerical method (the engine's order by number)
  });
}
