// Rule 104: every rule-change proposed in the proper way is voted on, and adopted if and only if it
// receives the required number of votes. Proposing in the proper way is the `propose` action. `putToVote` opens the vote (the proposal gets its number,
// Rule 108; a re-proposal supersedes the proposal it replaces, Rule 303). When the vote is complete
// (Rule 105) the rules perform `adopt`, whose checks are the required votes (Rules 109 and 302);
// the proposal is then adopted or rejected.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const game = () => api.get('game/game')!.attrs as any;
  const isPlayer = (name: string) => api.get('player/' + name)?.attrs.active === true;
  const has = (rule: string, name: string) => api.imported(rule, name) !== undefined;

  // Proposing, part (1) of a turn (Rule 304): only the player whose turn it is, before the turn's
  // vote is complete (a new proposal while the first is in the vote is a re-proposal, limited by
  // Rule 303; `debate: true` holds it for debate first, Rule 111). Defined here, by the rule that
  // says proposals are voted on, so that repealing Rule 304 does not end proposing.
  api.action('propose', {
    describe: 'On your turn, propose a rule-change (posted in #voting it is put to the vote at once; with `debate: true` it is held for debate until you call the vote, Rule 111). Without `changes`, its text is parsed into rule-changes.',
    args: { title: 'string?', text: 'string', changes: 'json?', debate: 'boolean?' },
    legal(ctx) {
      const g = game();
      if (!api.get('player/' + ctx.agent)) return 'only players may propose (join first)';
      const returning = !isPlayer(ctx.agent) && has('306', 'mayReturnByProposing') && api.call<boolean>('306', 'mayReturnByProposing', ctx.agent);
      if (!isPlayer(ctx.agent) && !returning) return 'Rule 306: only a player may propose (an Inactive person only when it would be their turn)';
      if (returning) return undefined;
      if (g.turn !== ctx.agent) return `Rule 304: only the player whose turn it is (${g.turn ?? 'nobody'}) may propose`;
      if (g.turnStage !== 'proposing' && g.turnStage !== 'voting') return 'Rule 304: this turn\'s proposal has already been voted on';
      const current = g.currentProposal ? api.get('proposal/' + g.currentProposal) : undefined;
      if (g.turnStage === 'voting' && current && current.attrs.author !== ctx.agent) return 'Rule 304: a proposal is already being voted on';
    },
    perform(ctx) {
      const g = game();
      if (!isPlayer(ctx.agent)) {
        api.call('306', 'reactivate', ctx.agent, 'made a proposal');
        api.call('201', 'takeOver', ctx.agent);
      }
      const text = String(ctx.args.text);
      let changes = ctx.args.changes as any;
      let notes: string[] = [];
      if (changes === undefined || changes === null) {
        const parsed = api.lib.parseProposal(text);
        changes = parsed.changes;
        notes = parsed.notes;
      }
      if (!Array.isArray(changes)) api.refuse('changes must be a list of rule-changes');
      // A draft still under debate is replaced by its author's new text (it was never put to a vote).
      for (const draft of api.all('proposal', (p) => p.attrs.status === 'pending' && p.attrs.author === ctx.agent)) {
        api.update(draft.key, { status: 'void', removed: 'replaced by its author during debate (Rule 111)' });
      }
      const created = api.create('proposal', {
        title: String(ctx.args.title ?? ''), text, changes, notes, author: ctx.agent, status: 'pending', number: null,
        turn: Number(g.turnNumber ?? 0), createdAt: ctx.now, messageId: ctx.medium?.messageId ?? null,
        votes: {}, voters: [], voteChanges: {}, votesFor: 0, votesAgainst: 0, eligibleVoters: 0, voteSeq: 0,
      }, { owner: null });
      api.emit('proposal-created', { proposal: created.id });
      if (ctx.args.debate !== true) api.call('104', 'putToVote', created.id);
      return created.key;
    },
    refused(ctx, reason) {
      // A re-proposal past Rule 303's limit: that rule says what becomes of the proposal in the vote.
      if (/re-proposals/.test(String(reason)) && api.imported('303', 'limitExceeded')) api.call('303', 'limitExceeded', ctx.agent);
    },
  });


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
