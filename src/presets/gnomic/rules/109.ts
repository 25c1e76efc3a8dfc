// Rule 109: a rule-change that transmutes an immutable rule into a mutable one is adopted only if the
// vote is unanimous among the eligible voters: every player eligible when the votes were counted
// voted in favour (an abstention or a missing vote breaks unanimity). A transmutation is never
// implied: only an explicit `transmute` change transmutes.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.check('adopt', (ctx) => {
    const h = api.get('proposal/' + ctx.args.proposal);
    if (!h) return undefined;
    const transmutes = ((h.attrs.changes as any[]) ?? []).some((c) => {
      if (!c || !c.transmute) return false;
      const rule = api.rule(String(c.transmute.rule));
      return rule !== undefined && rule.attrs.mutable !== true && c.transmute.mutable !== false;
    });
    if (!transmutes) return undefined;
    const eligible = (h.attrs.eligibleVoters as string[]) ?? [];
    const votes = (h.attrs.votes as Record<string, string>) ?? {};
    const unanimous = eligible.length > 0 && eligible.every((v) => votes[v] === 'for');
    return unanimous ? undefined : `Rule 109: transmuting an immutable rule into a mutable one needs every eligible voter in favour (${eligible.filter((v) => votes[v] !== 'for').join(', ')} did not vote for it)`;
  });
}
