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

  // A public declaration may also be a message: "I am now inactive", "I declare myself inactive".
  api.on('message', (e) => {
    const text = String(e.payload.text ?? '');
    if (!/^\s*(?:i\s+am\s+(?:now\s+)?(?:going\s+)?inactive|i['’]m\s+(?:now\s+)?(?:going\s+)?inactive|i\s+(?:hereby\s+)?declare\s+(?:that\s+i\s+am\s+(?:now\s+)?|myself\s+(?:to\s+be\s+)?)?(?:now\s+)?inactive)\b/i.test(text)) return;
    const p = api.get('player/' + e.payload.person);
    if (!p || p.attrs.active !== true) return;
    // Rule 115: where a channel is designated for it, only there.
    const channel = e.payload.medium?.channel ? String(e.payload.medium.channel).trim().replace(/^#/, '').toLowerCase() : undefined;
    const designated = api.all('channel', (c) => ((c.attrs.actions as string[]) ?? []).includes('declare-inactive')).map((c) => c.id);
    if (channel && designated.length > 0 && !designated.includes(channel)) return;
    api.perform('declare-inactive', {}, { agent: e.payload.person, person: e.payload.person, medium: e.payload.medium });
  });

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
