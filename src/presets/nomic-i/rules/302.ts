// Rule 302: a rule-change is adopted if and only if a simple majority of eligible voters vote for
// it: more than half of all eligible voters (Rule 105), not merely of those who voted.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.param('majority', { pattern: /simple majority of eligible voters/ });
  api.check('adopt', (ctx) => {
    const p = api.get('proposal/' + ctx.args.proposal);
    if (!p) return undefined;
    const recount = api.imported('105', 'recount') ? api.call<{ votesFor: number; eligibleVoters: number }>('105', 'recount', p.key) : null;
    const votesFor = recount ? recount.votesFor : Number(p.attrs.votesFor);
    const eligible = recount ? recount.eligibleVoters : Number(p.attrs.eligibleVoters);
    if (votesFor * 2 > eligible) return undefined;
    return `Rule 302: ${votesFor} votes for is not a simple majority of ${eligible} eligible voters`;
  });
}
