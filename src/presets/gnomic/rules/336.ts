// Rule 336: unless defined otherwise, each player has exactly one vote per turn and proposal: a second
// vote on the same proposal or meta-amendment is refused. (A proponent's implicit vote, Rule 402, is
// their vote: a proponent who votes in favour of his own hack afterwards only restates it, and is
// not refused; any other second vote is. Votes made invalid by a change of the proposal, Rule 401,
// no longer count as cast.)
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.check('vote', (ctx) => {
    const id = typeof api.imported('104', 'find') === 'function' ? api.call<string | null>('104', 'find', ctx.args.proposal) : String(ctx.args.proposal);
    const ballot = id ? api.get(`ballot/${id}-${ctx.agent}`) : undefined;
    if (!ballot) return undefined;
    const restates = ballot.attrs.implicit === true && ballot.attrs.vote === 'for' &&
      typeof api.imported('105', 'meaning') === 'function' && api.call<string | null>('105', 'meaning', String(ctx.args.vote)) === 'for';
    if (restates) return undefined;
    return 'Rule 336: you have already voted on this proposal; each player has exactly one vote per proposal';
  });
}
