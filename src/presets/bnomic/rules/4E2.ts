// Rule 4E2: Game Objects. Everything in the game is an object, and objects change only as the
// Rules allow. Rules are Game Documents, so this rule decides which procedures may change them:
// a passed Proposal (4E15), an Oracularity (4E18), a Tweak (4E77), a Tidiness List (4E32), the
// Rulekeeper's numbering and retitling (4E36), an approved Public Display (4E50), a Trick (4E71),
// the Cleanup of a Victory Condition (4E16) and the Refresh Proposal of an Emergency (4E0).
// Nothing else may touch a rule (one-shot code in a proposal naming another cause is refused).
import type { RuleApi } from '../../../kernel/rule-api.js';

const ALLOWED = /^(preset|import|setup|proposal|oracularity|tweak|tidiness list|rulekeeper|public display|trick|victory condition|refresh proposal)\b/i;

export default function (api: RuleApi) {
  api.check('rule-change', (ctx) => {
    const { rule, cause } = ctx.args as { rule: string | null; cause: string };
    if (ALLOWED.test(String(cause))) return undefined;
    return `Rule 4E2: rule ${rule || '(new)'} cannot be changed by ${cause}; objects change only as the Rules explicitly allow`;
  });
}
