// Rule 203: turns. A turn takes the front proposal off the queue and votes on it until the turn
// ends; an empty queue means no vote. The turn length is read from this rule's text.
import type { RuleApi } from '../../../kernel/rule-api.js';

const UNIT: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000 };
const NUMBER: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  'twenty-four': 24, 'thirty-six': 36, 'forty-eight': 48, 'seventy-two': 72,
};

export default function (api: RuleApi) {
  // "The length of a turn defaults to 24 hours"; an amendment may say "is", "shall be", "lasts".
  const turnLength = api.param('turn length', {
    pattern: /(?:length of (?:a|each|every|one) turn|turn length|(?:a|each|every|one) turn|turns)\s+(?:defaults to|is|are|shall be|will be|shall last|will last|lasts|last|takes|take)\s+(?:for\s+)?(?:exactly\s+)?(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|forty-eight|twenty-four|thirty-six|seventy-two)\s*(minute|hour|day|week)s?/i,
    parse: (m) => (NUMBER[m[1]!.toLowerCase()] ?? Number(m[1])) * UNIT[m[2]!.toLowerCase()]!,
  });
  const game = () => api.get('game/game')!.attrs;

  const startTurn = (turn: number) => {
    const now = api.now();
    api.update('game/game', { turn, turnStartedAt: now, turnEndsAt: now + turnLength, currentProposal: null });
    api.timer(now + turnLength, 'turn-end', { turn }, { id: 'turn-end' });
    const queue: string[] = api.imported('202', 'queue')
      ? api.call('202', 'queue')
      : api.all('proposal', (p) => p.attrs.status === 'pending').map((p) => p.id);
    const front = queue[0];
    if (front === undefined) {
      api.message('all', `Turn ${turn} has begun. The Proposal Queue is empty, so no vote is held this turn.`, { channel: 'game' });
      return;
    }
    const number = api.imported('107', 'assign') ? api.call('107', 'assign') : api.nextNumber('proposal-number', 301);
    const key = 'proposal/' + front;
    api.update(key, { status: 'voting', number, turn, votingStartedAt: now });
    api.update('game/game', { currentProposal: front, putToVote: [...((game().putToVote as string[]) ?? []), front] });
    const p = api.get(key)!;
    api.message('all', `Turn ${turn} has begun. Proposal ${number} by ${p.attrs.author}${p.attrs.title ? ` ("${p.attrs.title}")` : ''} is up for vote until the turn ends.`, { channel: 'voting' });
    api.emit('vote-opened', { proposal: front, number });
  };

  api.on('setup', () => {
    if (game().turn == null) startTurn(1);
  });

  // At the end of a turn, in order and at the same instant: the vote closes (Rule 204); then, as
  // an input of its own, the next turn starts (adopted changes take effect, Rule 205) and begins
  // with the proposal at the front of the queue. Should that input be refused because some rule's
  // code breaks it (code that faults, or that changes other rules against Rule 112, when a turn
  // begins), fallbacks start the turn without raising the turn events that code listens to: first
  // with the adopted changes taking effect, then, failing that, without them. Play goes on (Rule 111).
  api.on('turn-end', (e) => {
    const turn = Number(game().turn);
    if (e.payload.turn !== turn) return;
    api.emit('voting-ends', { turn, proposal: game().currentProposal ?? null });
    api.timer(api.now(), 'turn-change', { turn: turn + 1, mode: 'events' }, { id: 'turn-change', order: 1 });
    api.timer(api.now(), 'turn-change', { turn: turn + 1, mode: 'direct' }, { id: 'turn-change-direct', order: 2 });
    api.timer(api.now(), 'turn-change', { turn: turn + 1, mode: 'without-changes' }, { id: 'turn-change-bare', order: 3 });
  });

  api.on('turn-change', (e) => {
    const next = Number(e.payload.turn);
    if (Number(game().turn) !== next - 1) return; // an earlier attempt started it
    if (e.payload.mode === 'events') {
      api.emit('turn-starts', { turn: next });
      api.emit('turn-begins', { turn: next });
      return;
    }
    if (e.payload.mode === 'direct' && api.imported('205', 'applyDue')) api.call('205', 'applyDue');
    for (const p of api.all('proposal', (p) => p.attrs.status === 'adopted' && p.attrs.applied !== true)) {
      api.update(p.key, { applied: true, appliedAt: api.now(), effect: 'failed: with it in effect the rules could not start the next turn' });
      api.message('all', `Proposal ${p.attrs.number} could not take effect: with it the rules could not start the next turn.`, { channel: 'game' });
    }
    if (api.imported('214', 'newTurn')) api.call('214', 'newTurn');
    startTurn(next);
  });

  api.on('turn-begins', (e) => startTurn(Number(e.payload.turn)));

  // A game that starts with this rule's text set to another turn length (a scenario's starting
  // values) has a first turn of that length.
  api.on('rule-changed', (e) => {
    const g = game();
    if (e.payload.cause !== 'setup' || String(e.payload.rule) !== api.self.number) return;
    if (Number(g.turn) !== 1 || Number(g.turnStartedAt) !== api.now() || g.turnExtended === true) return;
    const ends = Number(g.turnStartedAt) + turnLength;
    if (ends !== Number(g.turnEndsAt)) {
      api.set('game/game', 'turnEndsAt', ends);
      api.timer(ends, 'turn-end', { turn: 1 }, { id: 'turn-end' });
    }
  });

  api.export('reschedule', (endsAt: number) => {
    api.set('game/game', 'turnEndsAt', endsAt);
    api.timer(endsAt, 'turn-end', { turn: Number(game().turn) }, { id: 'turn-end' });
  });
}
