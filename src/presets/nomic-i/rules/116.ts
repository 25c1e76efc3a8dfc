// Rule 116: whatever no rule prohibits or regulates is permitted (the engine refuses only what some
// rule's code refuses), except changing the rules, which is permitted only when a rule permits it:
// here, an adopted proposal (Rules 104, 205) with what follows from it (Rules 108, 308), and the
// ruleset as a game is created from it.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.check('rule-change', (ctx) => {
    const { rule, cause } = ctx.args as { rule: string | null; cause: string };
    if (/^(proposal \d+|preset|import|setup)\b/.test(cause)) return undefined;
    return `Rule 116: rule ${rule ?? '(new)'} cannot be changed by ${cause}; only an adopted proposal changes the rules`;
  });
}
