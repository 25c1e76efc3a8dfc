// Rule 113: a player always has the option to forfeit the game rather than continue to play or incur a
// penalty. `forfeit` is always permitted: no other rule's check can refuse it. The player leaves the
// game (as by Rule 118); whether a penalty is worse than losing is for the player and the Judge.
// A player's message "I forfeit (the game)" forfeits too.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.action('forfeit', {
    describe: 'Forfeit the game: you leave it and take no further part.',
    legal(ctx) {
      const p = api.get('player/' + ctx.agent);
      if (!p) return 'only players can forfeit';
      if (p.attrs.left === true) return 'you are no longer in the game';
      return true; // Rule 113: always an option
    },
    perform(ctx) {
      api.update('player/' + ctx.agent, { left: true, forfeited: true, active: false, leftAt: ctx.now });
      api.message('all', `${ctx.agent} forfeits the game.`);
      api.emit('player-left', { player: ctx.agent, forfeited: true });
    },
  });
  api.on('message', (e) => {
    const text = String(e.payload.text ?? '').trim();
    const person = String(e.payload.person ?? '');
    const p = api.get('player/' + person);
    if (!text || !p || p.attrs.left === true) return;
    if (!/^i\s+(?:hereby\s+)?forfeit\b/i.test(text)) return;
    api.perform('forfeit', {}, { agent: person, person });
  });
}
