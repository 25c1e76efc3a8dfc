// Rule 110: in a conflict between a mutable and an immutable rule, the immutable rule takes
// precedence: immutable rules come first in the order in which rules are applied.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.precedence((a, b) => {
    const ma = a.attrs.mutable === true;
    const mb = b.attrs.mutable === true;
    return ma === mb ? 0 : ma ? 1 : -1;
  });
}
