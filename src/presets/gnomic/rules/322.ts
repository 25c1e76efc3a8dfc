// Rule 322: a player may abstain, saying so as they would vote ("abstain"); a player who does not vote
// within the 72-hour period counts as abstaining (Rule 105 records who did not vote). A rule-change is
// adopted only if a majority of the non-abstaining eligible voters vote in its favour: more votes
// for than against (a check on `adopt`).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.export('isAbstention', (word: string) => /^(abstain|abstention|i abstain|abstaining|abs)$/i.test(String(word).trim()));
  api.export('requiredVotes', 'a majority of the non-abstaining eligible voters');

  api.check('adopt', (ctx) => {
    const h = api.get('proposal/' + ctx.args.proposal);
    if (!h) return undefined;
    const votesFor = Number(h.attrs.votesFor ?? 0);
    const votesAgainst = Number(h.attrs.votesAgainst ?? 0);
    if (votesFor > votesAgainst) return undefined;
    return `Rule 322: ${votesFor} for and ${votesAgainst} against is not a majority of the non-abstaining eligible voters`;
  });
}
