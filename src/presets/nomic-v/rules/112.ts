// Rule 112: rules may change their own text or repeal themselves; any other change to the rules
// needs explicit authority, which in this ruleset only an adopted proposal has (Rules 103-105, 205).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.check('rule-change', (ctx) => {
    const { kind, rule, cause, byRule, attribute } = ctx.args as { kind: string; rule: string | null; cause: string; byRule: string | null; attribute?: string };
    if (/^(proposal|preset|import|setup)\b/.test(cause)) return undefined;
    // Its own text, its repeal, and (reading) the bookkeeping attributes and notes it keeps on itself.
    if (byRule !== null && rule !== null && byRule === rule) {
      if (kind === 'amend' || kind === 'repeal' || kind === 'annotate' || kind === 'annotated') return undefined;
      if (kind === 'set' && !['mutable', 'number', 'code', 'text', 'power'].includes(String(attribute))) return undefined;
    }
    return `Rule 112: rule ${rule ?? '(new)'} cannot be changed by ${cause}; only an adopted proposal may change the rules`;
  });
}
