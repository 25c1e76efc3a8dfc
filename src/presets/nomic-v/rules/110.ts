// Rule 110: a player may always forfeit the game.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.action('forfeit', {
    describe: 'Leave the game.',
    legal(ctx) {
      const p = api.get('player/' + ctx.agent);
      if (!p) return 'only players can forfeit';
      if (p.attrs.forfeited === true) return 'you have already forfeited';
      return true; // nothing may prevent it
    },
    perform(ctx) {
      api.update('player/' + ctx.agent, { forfeited: true, forfeitedAt: ctx.now, active: false, inactiveBecause: 'forfeited (Rule 110)' });
      for (const p of api.all('proposal', (p) => p.attrs.status === 'pending' && p.attrs.author === ctx.agent)) {
        api.update(p.key, { status: 'void', removed: 'its author forfeited the game' });
      }
      api.emit('player-forfeited', { player: ctx.agent });
    },
  });
}
