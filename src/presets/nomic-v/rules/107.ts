// Rule 107: each proposal put to a vote gets the next number, starting from 301. Reading: should an
// amendment raise the starting number above the next successive integer, numbering jumps to it.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const first = api.param('first number', { pattern: /numbers shall (?:begin|start) (?:with|at) (\d+)/i, parse: (m) => Number(m[1]) });
  api.export('assign', () => {
    const game = api.get('game/game')!.attrs;
    const last = typeof game.lastProposalNumber === 'number' ? game.lastProposalNumber : api.peekNumber('proposal-number', first) - 1;
    const number = Math.max(last + 1, first);
    api.set('game/game', 'lastProposalNumber', number);
    return number;
  });
}
