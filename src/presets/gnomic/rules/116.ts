// Rule 116: whatever no rule prohibits or regulates is permitted (the engine refuses only what some
// rule's code refuses), except changing the rules, which is permitted only when a rule permits it.
// Every change to a rule must be made by a rule that says it may: the rule making the change exports
// `permitsRuleChange` and it answers yes (Rule 205 for adopted proposals, Rule 327 for precedents,
// Rule 212 for a Judge's corrections, Rule 110 for recording void rules). The ruleset as the game
// begins, and a scenario's starting values, are not changes.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.check('rule-change', (ctx) => {
    const { kind, rule, cause, byRule } = ctx.args as { kind: string; rule: string | null; cause: string; byRule: string | null };
    if (/^(preset|import|setup)\b/.test(cause)) return undefined;
    if (byRule !== null && typeof api.imported(byRule, 'permitsRuleChange') === 'function' && api.call(byRule, 'permitsRuleChange', ctx.args) === true) return undefined;
    return `Rule 116: changing the rules is permitted only when a rule permits it, and no rule permits this change to rule ${rule ?? '(new)'} (${kind}, by ${cause})`;
  });
}
