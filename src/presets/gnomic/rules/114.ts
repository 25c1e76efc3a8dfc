// Rule 114: there must always be at least one mutable rule. A change that would repeal the last
// mutable rule in effect, or transmute it, is refused (when proposed, when it would take effect, and
// by a check on every rule-change). That adoption never becomes impermissible is for people; the
// engine's emergency brake also keeps it so.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { Json } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const mutables = () => api.rules().filter((r) => r.attrs.mutable === true && r.attrs.void !== true).map((r) => r.number);

  api.export('invalidChanges', (changes: Json[]) => {
    const left = new Set(mutables());
    for (const c of (changes ?? []) as any[]) {
      if (c?.enact && c.enact.mutable !== false) left.add('(new)' + left.size);
      const rule = c?.repeal?.rule ?? c?.transmute?.rule;
      if (rule == null) continue;
      const r = api.rule(String(rule));
      if (!r) continue;
      if (c.repeal) left.delete(r.number);
      else if (c.transmute.mutable ?? r.attrs.mutable !== true) left.add(r.number);
      else left.delete(r.number);
    }
    return left.size === 0 ? 'Rule 114: there must always be at least one mutable rule' : null;
  });

  api.check('rule-change', (ctx) => {
    const { kind, rule } = ctx.args as { kind: string; rule: string | null };
    if (rule === null || (kind !== 'repeal' && kind !== 'transmute')) return undefined;
    const r = api.rule(rule);
    if (!r || r.attrs.mutable !== true || r.attrs.void === true) return undefined;
    return mutables().length <= 1 ? `Rule 114: rule ${rule} is the last mutable rule; there must always be at least one` : undefined;
  });
}
