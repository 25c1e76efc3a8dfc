// Rule 347: web, chat and e-mail mode.
// - `move-game` {medium: chat|email}: the game moves from web mode (the Message Board) to chat or
//   e-mail mode once every active player has affirmed the same medium. In e-mail mode any player's
//   `move-game` {medium: web} returns the game to web mode.
// - In chat mode ballots are public (secrecy in voting is inactive), voting takes place on each
//   proposal in turn (a vote on a later proposal of the turn waits until the earlier ones are
//   counted), and a vote is counted as soon as every active player has voted. A player may declare
//   himself inactive (`declare-inactive`, `declare-active`) to leave the chat for a while.
// - Chat mode switches back to web mode when a player who is not inactive is no longer present
//   (the chat medium reports presence), or when no statement is made for fifteen minutes.
// When the game returns to web mode every player is active again (the inactivity of chat mode ends
// with it: Rule 303, which would define it otherwise, is void).
import type { RuleApi } from '../../../kernel/rule-api.js';

const WORDS: Record<string, number> = { five: 5, ten: 10, fifteen: 15, twenty: 20, thirty: 30, sixty: 60 };
const MEDIA: Record<string, string> = { chat: 'chat', 'chat room': 'chat', chatroom: 'chat', 'electronic mail': 'email', 'web-board': 'web', webboard: 'web', board: 'web', email: 'email', 'e-mail': 'email', mail: 'email', web: 'web', 'message board': 'web' };

export default function (api: RuleApi) {
  const silence = api.param('silence', { pattern: /for a period of (\w+) minutes/i, parse: (m) => (WORDS[m[1]!.toLowerCase()] ?? Number(m[1])) * 60_000 });
  const game = () => api.get('game/game')!.attrs;
  const mode = () => String(game().mode ?? 'web');
  api.export('mode', mode);
  const active = () => api.all('player', (p) => p.attrs.left !== true && p.attrs.active !== false).map((p) => p.id);

  const setMode = (to: string, why: string) => {
    const from = mode();
    if (from === to) return;
    api.update('game/game', { mode: to, modeRequests: {}, modeSince: api.now() });
    if (to === 'chat') api.timer(api.now() + silence, 'chat-silence', null, { id: 'chat-silence' });
    else api.cancelTimer('chat-silence');
    if (from === 'chat') {
      for (const p of api.all('player', (p) => p.attrs.left !== true && p.attrs.active === false)) api.update(p.key, { active: true, inactiveSince: null });
    }
    api.message('all', `The game is now in ${to === 'email' ? 'e-mail' : to} mode: ${why}.`);
    api.emit('mode-changed', { from, to });
  };

  api.on('setup', () => {
    if (game().mode == null) api.update('game/game', { mode: 'web', modeRequests: {} });
  });

  api.action('move-game', {
    describe: 'Affirm that you would like to move the game to a chat room or e-mail (`medium`, or `mode`: chat or email); it moves when every active player has affirmed it. In e-mail mode, `web` returns the game to web mode.',
    args: { medium: 'string?', mode: 'string?' },
    legal(ctx) {
      const to = MEDIA[String(ctx.args.medium ?? ctx.args.mode ?? '').trim().toLowerCase().replace(/\s+mode$/, '')];
      if (!to) return 'the medium is chat, email or web';
      const p = api.get('player/' + ctx.agent);
      if (!p || p.attrs.left === true) return 'only players may ask to move the game';
      if (to === mode()) return `the game is already in ${mode()} mode`;
      if (to === 'web' && mode() !== 'email') return 'Rule 347: chat mode ends by itself (a player absent, or fifteen minutes of silence)';
      if (to !== 'web' && mode() !== 'web') return 'Rule 347: the game moves to chat or e-mail from the Message Board (web mode)';
    },
    perform(ctx) {
      const to = MEDIA[String(ctx.args.medium ?? ctx.args.mode ?? '').trim().toLowerCase().replace(/\s+mode$/, '')]!;
      if (to === 'web') return setMode('web', `${ctx.agent} would like to return to web mode`);
      const requests = { ...((game().modeRequests as Record<string, string[]>) ?? {}) };
      requests[to] = [...new Set([...(requests[to] ?? []), ctx.agent])];
      api.set('game/game', 'modeRequests', requests);
      if (active().every((p) => requests[to]!.includes(p))) setMode(to, 'every active player affirmed it');
    },
  });

  api.action('declare-inactive', {
    describe: 'In chat mode, declare yourself inactive to leave the chat for a while (the game stays in chat mode).',
    legal(ctx) {
      const p = api.get('player/' + ctx.agent);
      if (!p || p.attrs.left === true) return 'only players have an activity status';
      if (mode() !== 'chat') return 'Rule 347: a player may declare himself inactive in chat mode (Rule 303, which would allow it otherwise, is void)';
      if (p.attrs.active === false) return 'you are already inactive';
    },
    perform(ctx) {
      api.update('player/' + ctx.agent, { active: false, inactiveSince: ctx.now });
    },
  });

  api.action('declare-active', {
    describe: 'Declare yourself active again.',
    legal(ctx) {
      const p = api.get('player/' + ctx.agent);
      if (!p || p.attrs.left === true) return 'only players have an activity status';
      if (p.attrs.active !== false) return 'you are already active';
    },
    perform(ctx) {
      api.update('player/' + ctx.agent, { active: true, inactiveSince: null });
    },
  });

  // Chat mode: a player who is not inactive leaving the chat ends it.
  api.on('presence', (e) => {
    if (mode() !== 'chat') return;
    const p = api.get('player/' + e.payload.person);
    if (!p || p.attrs.left === true || p.attrs.active === false) return;
    if (!/^(online|present|active|here)$/i.test(String(e.payload.status))) setMode('web', `${p.id} is no longer present in the chat`);
  });

  // Chat mode: fifteen minutes without a statement related to the game ends it.
  const statement = () => {
    if (mode() === 'chat') api.timer(api.now() + silence, 'chat-silence', null, { id: 'chat-silence' });
  };
  api.on('action-performed', statement);
  api.on('message', statement);
  // A post affirming a move ("I would like to move the game to chat", "let's switch to e-mail mode",
  // in e-mail mode "I would like to return to web mode") is the same as `move-game`.
  api.on('message', (e) => {
    const text = String(e.payload.text ?? '').trim();
    const person = String(e.payload.person ?? '');
    const p = api.get('player/' + person);
    if (!text || !p || p.attrs.left === true) return;
    if (!/\b(move|moving|switch|go|going|change|return|back)\b/i.test(text) || /\b(not|don'?t|never)\b/i.test(text)) return;
    const m = text.match(/\b(?:to|into)\s+(?:the\s+|a\s+)?(chat\s*room|chat|e-?mail|electronic mail|web|message board)\b/i);
    if (!m) return;
    const medium = MEDIA[m[1]!.toLowerCase().replace(/\s+/g, ' ')] ?? MEDIA[m[1]!.toLowerCase().replace(/\s+/g, '')];
    if (!medium || medium === mode()) return;
    if (medium === 'web' && mode() !== 'email') return;
    if (medium !== 'web' && mode() !== 'web') return;
    api.perform('move-game', { medium }, { agent: person, person });
  });
  api.on('chat-silence', () => {
    if (mode() === 'chat') setMode('web', `no statement for ${silence / 60_000} minutes`);
  });

  // Chat mode: votes are taken on each proposal in turn.
  api.check('vote', (ctx) => {
    if (mode() !== 'chat') return undefined;
    const id = typeof api.imported('104', 'find') === 'function' ? api.call<string | null>('104', 'find', ctx.args.proposal) : String(ctx.args.proposal);
    const h = id ? api.get('proposal/' + id) : undefined;
    const root = h ? api.get('proposal/' + h.attrs.root) : undefined;
    if (!root) return undefined;
    const earlier = api.all('proposal', (p) => p.attrs.kind === 'proposal' && p.attrs.status === 'voting' && p.attrs.counted !== true && Number(p.attrs.created) < Number(root.attrs.created));
    return earlier.length ? `Rule 347: in chat mode voting takes place on each proposal in turn; proposal ${earlier[0]!.attrs.number} comes first` : undefined;
  });

  // Chat mode: a vote is complete when every active player has voted.
  api.on('ballot-cast', (e) => {
    if (mode() !== 'chat' || typeof api.imported('105', 'allVoted') !== 'function') return;
    if (api.call<boolean>('105', 'allVoted', String(e.payload.hack), true)) api.call('105', 'count', String(e.payload.hack));
  });
}
