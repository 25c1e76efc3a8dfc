// Rule 111: before the vote the other players may argue and suggest amendments; the proponent
// decides the final form (a new `propose` replaces a draft under debate) and when to end debate and
// vote (`call-vote`), unless the Judge has been asked to do so: once Judgment has been invoked on a
// turn, the sitting Judge may also call the vote.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const game = () => api.get('game/game')!.attrs as any;
  const find = (ref: unknown) => {
    const s = String(ref).replace(/^#/, '');
    return api.get('proposal/' + s) ?? api.all('proposal', (p) => String(p.attrs.number) === s)[0];
  };

  api.action('call-vote', {
    describe: 'End the debate on a proposal held for debate and put it to the vote (the proponent, or the Judge when asked to).',
    args: { proposal: 'json' },
    legal(ctx) {
      const p = find(ctx.args.proposal);
      if (!p) return `there is no proposal ${ctx.args.proposal}`;
      if (p.attrs.status !== 'pending') return `proposal ${p.id} is not under debate (it is ${p.attrs.status})`;
      const g = game();
      const judge = g.judgmentInvoked === true ? g.turnJudge : null;
      if (p.attrs.author !== ctx.agent && judge !== ctx.agent) return 'Rule 111: the proponent decides when to end debate and vote (or the Judge, once asked)';
      if (g.turn !== p.attrs.author || Number(p.attrs.turn) !== Number(g.turnNumber) || (g.turnStage !== 'proposing' && g.turnStage !== 'voting')) return 'Rule 304: the proposal can be voted on only in its proponent\'s turn';
      const current = g.currentProposal ? api.get('proposal/' + g.currentProposal) : undefined;
      if (current && current.attrs.status === 'voting' && current.attrs.author !== p.attrs.author) return 'a proposal is already being voted on';
    },
    perform(ctx) {
      const p = find(ctx.args.proposal)!;
      api.call('104', 'putToVote', p.id);
      return p.key;
    },
  });
}
