// Rule 215: when play cannot continue, the proposer of the proposal up for vote wins; failing that,
// the proposer at the front of the queue; failing that, nobody. Reading: a rule-change that makes
// the rules unable to go on breaks them when it takes effect, after its vote is over: the front of
// the queue at that moment wins.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const decide = (why: string) => {
    const voting = api.all('proposal', (p) => p.attrs.status === 'voting')[0];
    const queue: string[] = api.imported('202', 'queue') ? api.call('202', 'queue') : api.all('proposal', (p) => p.attrs.status === 'pending').map((p) => p.id);
    const front = queue[0] ? api.get('proposal/' + queue[0]) : undefined;
    const winner = (voting ?? front)?.attrs.author as string | undefined;
    api.set('game/game', 'unplayable', why);
    if (winner) api.win(winner, `${why} (Rule 215)`);
    else api.log(`${why}; the Proposal Queue is empty, so there is no winner (Rule 215)`);
  };
  api.on('cannot-complete', (e) => decide(`further play is impossible: ${e.payload.reason}`));
  api.on('judged-undecidable', () => decide('the Judge found a move equally legal and illegal'));

  // Reading: rules changed so that no turn can start any more (Rule 203 repealed, with no rule to
  // start turns in its place) make further play impossible: no proposal can ever be put to vote.
  // Checked once every rule has had its chance to start the turn (a timer at the same instant, after
  // Rule 203's own attempts), so a rule enacted to replace Rule 203 keeps the game going.
  api.on('turn-begins', (e) => {
    api.timer(api.now(), 'turn-check', { turn: Number(e.payload.turn) }, { id: 'turn-check', order: 10 });
  });
  api.on('turn-check', (e) => {
    const g = api.get('game/game')!.attrs;
    if (g.winner != null || g.unplayable != null) return;
    if (Number(g.turn) >= Number(e.payload.turn)) return;
    if (api.timers().some((t) => /turn/i.test(t.event) && t.event !== 'turn-check')) return; // a turn is still to come
    decide('further play is impossible: no rule starts the next turn');
  });
}
