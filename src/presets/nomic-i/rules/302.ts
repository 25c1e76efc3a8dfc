// Rule 302: a rule-change is adopted if and only if a simple majority of eligible voters vote for
// it: more than half of all eligible voters (Rule 105), not merely of those who voted. The
// threshold is read from the text, so an amendment may change it: "a simple majority" (more than
// half), "two-thirds" / "three-quarters" / "N/M" / "N%" (at least that share), "unanimous" or "all"
// (every eligible voter), "at least N" (a number of votes).
import type { RuleApi } from '../../../kernel/rule-api.js';

type Threshold = { kind: 'share'; num: number; den: number; strict: boolean } | { kind: 'count'; n: number };
const NAMED: Record<string, [number, number]> = { 'two-thirds': [2, 3], 'two thirds': [2, 3], 'three-quarters': [3, 4], 'three quarters': [3, 4], 'three-fourths': [3, 4] };

export default function (api: RuleApi) {
  const threshold = api.param('majority', {
    pattern: /(simple majority|(?:an? )?majority|unanimous(?:ly)?|unanimity|all|two[- ]thirds|three[- ]quarters|three-fourths|(\d+)\s*\/\s*(\d+)|(\d+)\s*(?:%|percent)|at least (\d+))(?: majority)?(?: vote)?(?: of (?:the |all )?eligible voters| eligible voters)/i,
    parse: (m): Threshold => {
      const word = m[1]!.toLowerCase();
      if (m[2] && m[3]) return { kind: 'share', num: Number(m[2]), den: Number(m[3]), strict: false };
      if (m[4]) return { kind: 'share', num: Number(m[4]), den: 100, strict: false };
      if (m[5]) return { kind: 'count', n: Number(m[5]) };
      if (word.startsWith('unanim') || word === 'all') return { kind: 'share', num: 1, den: 1, strict: false };
      const named = NAMED[word];
      if (named) return { kind: 'share', num: named[0], den: named[1], strict: false };
      return { kind: 'share', num: 1, den: 2, strict: true };
    },
  });
  const passes = (votesFor: number, eligible: number) => {
    if (threshold.kind === 'count') return votesFor >= threshold.n;
    if (eligible <= 0) return false;
    return threshold.strict ? votesFor * threshold.den > threshold.num * eligible : votesFor * threshold.den >= threshold.num * eligible;
  };
  const describe = () => (threshold.kind === 'count' ? `at least ${threshold.n} votes` : threshold.strict ? 'a simple majority' : threshold.num === threshold.den ? 'a unanimous vote' : `${threshold.num}/${threshold.den}`);
  /** Whether this rule asks every eligible voter's vote (Rule 204: "without unanimity"). */
  api.export('unanimous', () => threshold.kind === 'share' && !threshold.strict && threshold.num === threshold.den);

  api.check('adopt', (ctx) => {
    const p = api.get('proposal/' + ctx.args.proposal);
    if (!p) return undefined;
    const recount = api.imported('105', 'recount') ? api.call<{ votesFor: number; eligibleVoters: number }>('105', 'recount', p.key) : null;
    const votesFor = recount ? recount.votesFor : Number(p.attrs.votesFor);
    const eligible = recount ? recount.eligibleVoters : Number(p.attrs.eligibleVoters);
    if (passes(votesFor, eligible)) return undefined;
    return `Rule 302: ${votesFor} votes for is not ${describe()} of ${eligible} eligible voters`;
  });
}
