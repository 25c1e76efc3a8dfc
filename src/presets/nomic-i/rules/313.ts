// Rule 313: when the vote on a turn's final proposal is complete, every player whose vote counted
// receives 5 gold, and the proposer receives 10 gold if it passed. The amounts are read from the text.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  // Each reward is read on its own; an amendment that drops one of the two sentences drops that
  // reward (0), not the other.
  const forVoting = api.param('voting reward', { pattern: /receive (\d+) gold for voting|$/i, parse: (m) => Number(m[1] ?? 0) });
  const forPassing = api.param('passing reward', { pattern: /receive (\d+) gold if the proposal (?:they|he|she|one) proposes?|$/i, parse: (m) => Number(m[1] ?? 0) });
  const earn = (name: string, amount: number, why: string) => api.call('307', 'earn', name, amount, why);

  api.on('proposal-decided', (e) => {
    const p = api.get('proposal/' + e.payload.proposal);
    if (!p) return;
    const votes = p.attrs.votes as Record<string, unknown>;
    for (const voter of Object.keys(votes)) if (forVoting > 0 && api.get('player/' + voter)?.attrs.active === true) earn(voter, forVoting, `voted on proposal ${p.attrs.number} (Rule 313)`);
    if (e.payload.adopted === true && forPassing > 0) earn(String(p.attrs.author), forPassing, `proposal ${p.attrs.number} passed (Rule 313)`);
  });
}
