// Rule 112: rules may change their own text or repeal themselves; any other change to the rules
// needs explicit authority, which in this ruleset only an adopted proposal has (Rules 103-105, 205).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.check('rule-change', (ctx) => {
    const { kind, rule, cause, byRule } = ctx.args as { kind: string; rule: string | null; cause: string; byRule: string | null };
    if (/^(proposal|preset|import|setup)\b/.test(cause)) return undefined;
    if (byRule !== null && rule !== null && byRule === rule && (kind === 'amend' || kind === 'repeal')) return undefined;
    return `Rule 112: rule ${rule ?? '(new)'} cannot be changed by ${cause}; only an adopted proposal may change the rules`;
  });
}
