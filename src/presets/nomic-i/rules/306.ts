// Rule 306: a player who does not vote within 36 hours of the start of a vote, or does not propose
// within 36 hours of the start of their turn, becomes Inactive (loses player status, gains the
// 'Inactive' role; the game goes on as if there were one fewer player). An Inactive person returns
// by voting (the vote counts) or by proposing when it would be their turn: no vote is happening, no
// proposal has been made this turn, and they come between the previous mover and the current one
// in the playing order. The hours are read from this rule's text (digits or words), the vote deadline
// and the proposal deadline separately.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  // The hours, as the text writes them: "thirty-six (36)", "24" or "twelve" (an amendment may change
  // the deadline for votes and the one for proposals apart).
  const WORDS: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, eighteen: 18, twenty: 20, 'twenty-four': 24, thirty: 30, 'thirty-six': 36, forty: 40, 'forty-eight': 48, fifty: 50, sixty: 60, seventy: 70, 'seventy-two': 72, hundred: 100 };
  const amount = (words: string | undefined, digits: string | undefined) => (digits !== undefined ? Number(digits) : WORDS[String(words).toLowerCase()] ?? Number(words));
  const HOURS = String.raw`(?:([a-z]+(?:-[a-z]+)?)\s*\((\d+)\)|(\d+)|([a-z]+(?:-[a-z]+)?))\s+hours?`;
  const voteHours = api.param('vote hours', {
    pattern: new RegExp(`cast a vote within ${HOURS} of the start of a vote`, 'i'),
    parse: (m) => amount(m[1] ?? m[4], m[2] ?? m[3]) * 3_600_000,
  });
  const hours = api.param('proposal hours', {
    pattern: new RegExp(`make a proposal within ${HOURS} of the start of their turn`, 'i'),
    parse: (m) => amount(m[1] ?? m[4], m[2] ?? m[3]) * 3_600_000,
  });
  const label = (ms: number) => `${ms / 3_600_000} hours`;
  const game = () => api.get('game/game')!.attrs as any;
  const player = (name: string) => api.get('player/' + name);
  const lost = (name: string) => (player(name)?.attrs.lost as Record<string, string> | undefined) ?? {};
  const setStatus = (name: string, reason: string | null) => api.call('201', 'setStatus', name, '306', reason);

  const makeInactive = (name: string, why: string) => {
    if (player(name)?.attrs.active !== true) return;
    setStatus(name, `Inactive: ${why}`);
    api.update('player/' + name, { inactive: true, inactiveSince: api.now(), roles: [...new Set([...((player(name)!.attrs.roles as string[]) ?? []), 'Inactive'])] });
    api.message('all', `${name} is Inactive: ${why} (Rule 306).`, { channel: 'game' });
  };
  const reactivate = (name: string, how: string) => {
    if (lost(name)['306'] === undefined) return;
    setStatus(name, null);
    api.update('player/' + name, { inactive: false, inactiveSince: null, roles: ((player(name)!.attrs.roles as string[]) ?? []).filter((r) => r !== 'Inactive') });
    api.message('all', `${name} ${how} and is a player again (Rule 306).`, { channel: 'game' });
  };
  api.export('reactivate', reactivate);

  const onlyInactive = (name: string) => {
    const keys = Object.keys(lost(name));
    return keys.length === 1 && keys[0] === '306';
  };
  api.export('mayReturnByVoting', (name: string) => onlyInactive(name));
  api.export('mayReturnByProposing', (name: string) => {
    if (!onlyInactive(name)) return false;
    const g = game();
    if (g.turnStage !== 'proposing' || g.currentProposal || Number(g.proposalsThisTurn ?? 0) > 0) return false;
    if (api.all('proposal', (p) => p.attrs.status === 'voting').length) return false;
    // Would it be their turn? They come after the previous mover and up to the current one.
    const order: string[] = api.call('201', 'order');
    const from = g.previousMover ? order.indexOf(g.previousMover) : -1;
    const to = g.turn ? order.indexOf(g.turn) : order.length;
    const at = order.indexOf(name);
    if (at < 0 || to < 0) return false;
    const between = (i: number) => (from < to ? i > from && i < to : i > from || i < to);
    return between(at);
  });

  api.on('turn-begins', (e) => {
    api.timer(api.now() + hours, 'proposal-overdue', { turn: e.payload.turn, player: e.payload.player }, { id: 'proposal-overdue' });
  });
  api.on('turn-taken-over', (e) => {
    api.timer(api.now() + hours, 'proposal-overdue', { turn: e.payload.turn, player: e.payload.player }, { id: 'proposal-overdue' });
  });
  api.on('vote-opened', (e) => {
    api.cancelTimer('proposal-overdue');
    api.timer(api.now() + voteHours, 'vote-overdue', { proposal: e.payload.proposal }, { id: 'vote-overdue' });
  });

  api.on('proposal-overdue', (e) => {
    const g = game();
    if (Number(g.turnNumber) !== e.payload.turn || g.turn !== e.payload.player || g.turnStage !== 'proposing') return;
    const made = api.all('proposal', (p) => p.attrs.author === g.turn && Number(p.attrs.turn) === Number(g.turnNumber)).length;
    if (made === 0) makeInactive(String(g.turn), 'made no proposal within ' + label(hours) + ' of the start of their turn');
  });

  api.on('vote-overdue', (e) => {
    const p = api.get('proposal/' + e.payload.proposal);
    if (!p || p.attrs.status !== 'voting' || p.attrs.voteCompleted === true) return;
    const votes = p.attrs.votes as Record<string, unknown>;
    for (const pl of api.all('player', (pl) => pl.attrs.active === true)) {
      if (!votes[pl.id]) makeInactive(pl.id, `cast no vote on proposal ${p.attrs.number} within ${label(voteHours)}`);
    }
  });
}
