// Rule 113: a player always has the option to forfeit the game rather than continue to play or
// incur a penalty. Nothing may refuse it.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.action('forfeit', {
    describe: 'Leave the game (always permitted).',
    legal(ctx) {
      const p = api.get('player/' + ctx.agent);
      if (!p) return 'only players can forfeit';
      if (p.attrs.forfeited === true) return 'you have already forfeited';
      return true; // no rule may prevent it
    },
    perform(ctx) {
      api.update('player/' + ctx.agent, { forfeited: true, forfeitedAt: ctx.now });
      api.call('201', 'setStatus', ctx.agent, '113', 'forfeited the game');
      api.emit('player-forfeited', { player: ctx.agent });
    },
  });
}
