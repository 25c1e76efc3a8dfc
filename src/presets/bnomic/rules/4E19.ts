// Rule 4E19: Scoring. Whenever a Proposal becomes Historical: each Player whose Final Vote on it was
// not ABSTAIN gains 1 point; its Author gains 1 point per FOR vote if it Passed, and again if it was
// ever Won; and loses 3 points if it Failed (did not Pass, was not Discarded) and was never Won.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const voterPoints = api.param('voter points', { pattern: /was not ABSTAIN\s+gains (\d+) point/, parse: (m) => Number(m[1]) });
  const penalty = api.param('failure penalty', { pattern: /its Author loses (\d+) points/, parse: (m) => Number(m[1]) });
  const gain = (id: string, n: number) => {
    const p = api.get('player/' + id);
    if (p) api.set(p.key, 'points', Number(p.attrs.points ?? 0) + n);
  };

  api.on('proposal-historical', (e) => {
    const p = api.get('proposal/' + e.payload.proposal);
    if (!p) return;
    const votes = (p.attrs.votes ?? {}) as Record<string, string>;
    const forVotes = Object.entries(votes).filter(([voter, v]) => v === 'FOR' && api.get('player/' + voter)).length;
    const scored: Record<string, number> = {};
    for (const [voter, v] of Object.entries(votes)) if (v !== 'ABSTAIN' && api.get('player/' + voter)) scored[voter] = (scored[voter] ?? 0) + voterPoints;
    const author = String(p.attrs.author);
    if (p.attrs.passed === true) scored[author] = (scored[author] ?? 0) + forVotes;
    if (p.attrs.everWon === true) scored[author] = (scored[author] ?? 0) + forVotes;
    const failed = p.attrs.passed !== true && p.attrs.success !== 'Discarded';
    if (failed && p.attrs.everWon !== true) scored[author] = (scored[author] ?? 0) - penalty;
    for (const [player, n] of Object.entries(scored)) if (n !== 0) gain(player, n);
    api.set(p.key, 'scoring', scored);
  });
}
