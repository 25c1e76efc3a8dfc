// Rule 392: a "simple majority" includes the situation in which as many players are for as against a
// proposal. No rule of the ruleset says "simple majority" now; any rule (or rule code) that does can
// ask `simpleMajority(for, against)`.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const includesTie = api.param('tie', { pattern: /shall include the situation in which an equal number/, parse: () => true });
  api.export('simpleMajority', (votesFor: number, votesAgainst: number) => (includesTie ? votesFor >= votesAgainst : votesFor > votesAgainst) && votesFor + votesAgainst > 0);
}
