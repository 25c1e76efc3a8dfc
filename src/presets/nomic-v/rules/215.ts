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
}
