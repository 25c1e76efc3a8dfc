// Rule 207: each player always has exactly one vote. The tally counts one vote per voter, the one
// they cast last (a later vote replaces an earlier one, Rule 310), and only for players who hold
// player status.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const perPlayer = api.param('votes per player', { pattern: /exactly (one) vote/i, parse: () => 1 });
  api.export('tally', (votes: Record<string, { vote: 'for' | 'against' }>, eligible: string[]) => {
    const result = { for: [] as string[], against: [] as string[] };
    for (const voter of eligible) {
      const v = votes[voter];
      if (!v) continue;
      for (let i = 0; i < perPlayer; i++) result[v.vote === 'for' ? 'for' : 'against'].push(voter);
    }
    return result;
  });
}
