// Rule 109: a proposal that transmutes an immutable rule into a mutable one is adopted only if the
// vote is unanimous among the eligible voters; a transmutation must be stated explicitly (as a
// `transmute` change), never implied.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const requiresUnanimity = (id: string) => {
    const p = api.get('proposal/' + id);
    return ((p?.attrs.changes as any[]) ?? []).some((c) => {
      if (!c || !c.transmute) return false;
      const rule = api.rule(String(c.transmute.rule));
      return rule !== undefined && rule.attrs.mutable !== true && c.transmute.mutable !== false;
    });
  };
  api.export('requiresUnanimity', requiresUnanimity);

  api.check('adopt', (ctx) => {
    if (!requiresUnanimity(String(ctx.args.proposal))) return undefined;
    const p = api.get('proposal/' + ctx.args.proposal)!;
    const unanimous = Number(p.attrs.eligibleVoters) > 0 && Number(p.attrs.votesFor) === Number(p.attrs.eligibleVoters);
    return unanimous ? undefined : 'Rule 109: transmuting an immutable rule needs a unanimous vote of the eligible voters';
  });
}
