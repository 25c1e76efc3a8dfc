// Rule 384: players, and only players, make or vote on proposals or take part in other business of
// the game: every action a person takes (other than joining, Rule 117) is refused unless they are a
// player in the game. A player made to join by the application of a rule is a bot player (`bot`).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.check('*', (ctx) => {
    if (ctx.invokedBy !== 'input' || ctx.action === 'join') return undefined;
    const p = api.get('player/' + ctx.agent);
    if (!p || p.attrs.left === true) return `Rule 384: only Players may make or vote on proposals or take part in the business of the game (join first: Rule 117)`;
    return undefined;
  });
}
