// Rule 332: at no time are there more than 52 mutable rules (void rules are not counted: they are not
// in effect). An enactment (new rules are mutable) or a transmutation into a mutable rule that would
// exceed the limit is refused, when proposed, when it would take effect, and by a check on every
// rule-change.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { Json } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const limit = api.param('limit', { pattern: /more than (\d+) mutable rules/, parse: (m) => Number(m[1]) });
  const mutables = () => api.rules().filter((r) => r.attrs.mutable === true && r.attrs.void !== true).length;

  api.export('invalidChanges', (changes: Json[]) => {
    let count = mutables();
    for (const c of (changes ?? []) as any[]) {
      if (c?.enact && c.enact.mutable !== false) count++;
      else if (c?.repeal) {
        const r = api.rule(String(c.repeal.rule));
        if (r && r.attrs.mutable === true && r.attrs.void !== true) count--;
      } else if (c?.transmute) {
        const r = api.rule(String(c.transmute.rule));
        if (!r) continue;
        const to = c.transmute.mutable ?? r.attrs.mutable !== true;
        if (to && r.attrs.mutable !== true) count++;
        if (!to && r.attrs.mutable === true) count--;
      }
    }
    return count > limit ? `Rule 332: there may never be more than ${limit} mutable rules (this would make ${count})` : null;
  });

  api.check('rule-change', (ctx) => {
    const { kind, rule } = ctx.args as { kind: string; rule: string | null };
    const r = rule === null ? undefined : api.rule(rule);
    const adds = (kind === 'enact' && !r) || (kind === 'transmute' && r !== undefined && r.attrs.mutable !== true);
    if (adds && mutables() >= limit) return `Rule 332: there are already ${mutables()} mutable rules, the most there may be`;
    return undefined;
  });
}
