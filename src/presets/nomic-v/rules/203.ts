// Rule 203: turns. A turn takes the front proposal off the queue and votes on it until the turn
// ends; an empty queue means no vote. The turn length is read from this rule's text.
import type { RuleApi } from '../../../kernel/rule-api.js';

const UNIT: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000 };

export default function (api: RuleApi) {
  // "The length of a turn defaults to 24 hours"; an amendment may say "is", "shall be", "lasts".
  const turnLength = api.param('turn length', {
    pattern: /(?:length of a turn|turn length|a turn)\s+(?:defaults to|is|shall be|will be|lasts|last)\s+(?:for\s+)?(\d+(?:\.\d+)?)\s*(minute|hour|day|week)s?/i,
    parse: (m) => Number(m[1]) * UNIT[m[2]!.toLowerCase()]!,
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

  api.on('turn-end', (e) => {
    const turn = Number(game().turn);
    if (e.payload.turn !== turn) return;
    // Events run in order: the vote closes, the next turn starts (adopted changes take effect,
    // Rule 205), then it begins with the proposal at the front of the queue.
    api.emit('voting-ends', { turn, proposal: game().currentProposal ?? null });
    api.emit('turn-starts', { turn: turn + 1 });
    api.emit('turn-begins', { turn: turn + 1 });
  });

  api.on('turn-begins', (e) => startTurn(Number(e.payload.turn)));

  api.export('reschedule', (endsAt: number) => {
    api.set('game/game', 'turnEndsAt', endsAt);
    api.timer(endsAt, 'turn-end', { turn: Number(game().turn) }, { id: 'turn-end' });
  });
}
