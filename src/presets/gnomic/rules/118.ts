// Rule 118: a player leaves by posting a message to that effect (`leave`). A player who left takes no
// further part: no turn, no vote; a proposal of theirs whose votes are not yet posted is void.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.action('leave', {
    describe: 'Leave this Nomic.',
    legal(ctx) {
      const p = api.get('player/' + ctx.agent);
      if (!p || p.attrs.left === true) return 'you are not a member of this game';
    },
    perform(ctx) {
      api.update('player/' + ctx.agent, { left: true, active: false, leftAt: ctx.now });
      api.message('all', `${ctx.agent} leaves Gnomic.`);
      api.emit('player-left', { player: ctx.agent, forfeited: false });
    },
  });
}
