// Rule 104: every rule-change proposed in the proper way is voted on, and adopted if and only if it
// receives the required number of votes. `putToVote` opens the vote (the proposal gets its number,
// Rule 108; a re-proposal supersedes the proposal it replaces, Rule 303). When the vote is complete
// (Rule 105) the rules perform `adopt`, whose checks are the required votes (Rules 109 and 302);
// the proposal is then adopted or rejected.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const game = () => api.get('game/game')!.attrs as any;

  api.export('putToVote', (id: string) => {
    const g = game();
    const key = 'proposal/' + id;
    const previous = g.currentProposal ? api.get('proposal/' + g.currentProposal) : undefined;
    if (previous && previous.id !== id && previous.attrs.status === 'voting') {
      api.update(previous.key, { status: 'void', supersededBy: id, removed: 'superseded by its re-proposal (Rule 303)' });
      api.emit('vote-abandoned', { proposal: previous.id });
    }
    const number = api.imported('108', 'assign') ? api.call<number>('108', 'assign') : api.nextNumber('proposal-number', 301);
    const count = Number(g.proposalsThisTurn ?? 0) + 1;
    api.update(key, { status: 'voting', number, votingStartedAt: api.now(), reproposal: count - 1, supersedes: previous?.id ?? null });
    api.update('game/game', { currentProposal: id, turnStage: 'voting', proposalsThisTurn: count, turnProposalNumber: number });
    const p = api.get(key)!;
    api.message('all', `Proposal ${number} by ${p.attrs.author}${p.attrs.title ? ` ("${p.attrs.title}")` : ''} is up for vote.`, { channel: 'voting' });
    api.emit('vote-opened', { proposal: id, number });
  });

  api.action('adopt', {
    describe: 'Adopts a proposal when its vote is complete. Performed by the rules, never by a person.',
    args: { proposal: 'string' },
    legal(ctx) {
      if (ctx.invokedBy !== 'rule') return 'Rule 104: proposals are adopted by their vote, not on request';
      const p = api.get('proposal/' + ctx.args.proposal);
      if (!p || p.attrs.status !== 'voting') return 'the proposal is not up for vote';
      if (p.attrs.voteCompleted !== true) return 'Rule 104: the vote is not complete';
    },
    perform(ctx) {
      api.update('proposal/' + ctx.args.proposal, { status: 'adopted', adoptedAt: ctx.now });
      return 'proposal/' + ctx.args.proposal;
    },
  });

  api.on('vote-completed', (e) => {
    const p = api.get('proposal/' + e.payload.proposal);
    if (!p || p.attrs.status !== 'voting') return;
    const result = api.perform('adopt', { proposal: p.id }, { agent: 'rule 104' });
    if (!result.ok) api.update(p.key, { status: 'rejected', rejectedBecause: result.error ?? null });
    api.update(p.key, { decidedAt: api.now() });
    const after = api.get(p.key)!;
    api.message('all', `Proposal ${after.attrs.number} is ${result.ok ? 'adopted' : 'rejected'}: ${after.attrs.votesFor} for, ${after.attrs.votesAgainst} against, of ${after.attrs.eligibleVoters} eligible voters.`, { channel: 'voting' });
    const payload = { proposal: p.id, number: Number(after.attrs.number), adopted: result.ok, turn: Number(after.attrs.turn) };
    api.emit(result.ok ? 'proposal-adopted' : 'proposal-rejected', payload);
    api.emit('proposal-decided', payload);
  });
}
