// Rule 114: there must always be at least one mutable rule, and adopting rule-changes must never
// become impermissible: a rule-change that would leave no mutable rule is refused.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.check('rule-change', (ctx) => {
    const { kind, rule } = ctx.args as { kind: string; rule: string | null };
    if ((kind !== 'repeal' && kind !== 'transmute') || rule === null) return undefined;
    const target = api.rule(rule);
    if (!target || target.attrs.mutable !== true) return undefined;
    const mutable = api.rules().filter((r) => r.attrs.mutable === true);
    if (mutable.length <= 1) return `Rule 114: there must always be at least one mutable rule; rule ${rule} is the last`;
  });
}
