// Rule 206: players start active and become inactive by declaring it publicly.
// The players a game starts with are made here too ("All players start the game as active"), so
// that they exist even in a game that starts as if Rule 216 (joining) had been repealed.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.on('setup', (e) => {
    for (const person of (e.payload.players ?? []) as string[]) {
      if (api.get('player/' + person)) continue;
      api.create('player', { name: person, joinedAt: api.now() }, { id: person, owner: null });
      api.emit('player-joined', { player: person });
    }
  });

  api.on('player-joined', (e) => api.set('player/' + e.payload.player, 'active', true));

  api.action('declare-inactive', {
    describe: 'Publicly declare that you are now inactive.',
    legal(ctx) {
      const p = api.get('player/' + ctx.agent);
      if (!p) return 'only players have an activity status';
      if (p.attrs.active !== true) return 'Rule 206: only an active player can declare inactivity; you are already inactive';
    },
    perform(ctx) {
      api.update('player/' + ctx.agent, { active: false, inactiveSince: ctx.now, inactiveBecause: 'declared (Rule 206)' });
    },
  });
}
