// Rule 118: a player leaves by posting a message to that effect (`leave`). A player who left takes no
// further part: no turn, no vote; a proposal of theirs whose votes are not yet posted is void.
// A player's message to that effect ("I leave this Nomic", "I quit the game") leaves too.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.on('message', (e) => {
    const text = String(e.payload.text ?? '').trim();
    const person = String(e.payload.person ?? '');
    const p = api.get('player/' + person);
    if (!text || !p || p.attrs.left === true) return;
    if (!/^(?:i\s+(?:hereby\s+)?(?:leave|quit|am leaving|am quitting|resign from|withdraw from)\b|i\s+(?:want|would like|wish)\s+to\s+(?:leave|quit)\b)/i.test(text)) return;
    api.perform('leave', {}, { agent: person, person });
  });

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
