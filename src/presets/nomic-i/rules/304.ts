// Rule 304: a turn is (1) proposing one rule-change and having it voted on, then (2) setting every
// player's score to 0. Defines `propose`: only the player whose turn it is, before the turn's vote
// is complete (a new proposal while the first is in the vote is a re-proposal, limited by Rule 303;
// `debate: true` holds it for debate first, Rule 111). When the vote on the turn's final proposal is
// complete, every score is set to 0 and the turn ends.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const game = () => api.get('game/game')!.attrs as any;
  const isPlayer = (name: string) => api.get('player/' + name)?.attrs.active === true;
  const has = (rule: string, name: string) => api.imported(rule, name) !== undefined;

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

  // Part (2): once the turn's final proposal is decided, every score is set to 0 and the turn ends.
  api.on('proposal-decided', (e) => {
    const g = game();
    if (e.payload.turn !== Number(g.turnNumber ?? 0)) return;
    api.emit('turn-part-two', { turn: e.payload.turn, proposal: e.payload.proposal });
  });

  api.on('turn-part-two', (e) => {
    if (e.payload.turn !== Number(game().turnNumber ?? 0)) return;
    for (const p of api.all('player')) api.set(p.key, 'points', 0);
    api.call('201', 'endTurn', true, 'the proposal was voted on and scores were set to 0');
  });
}
