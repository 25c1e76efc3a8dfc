// Rule 303: a proposal's wording never changes once it is in #voting. To change it the proposer
// re-proposes it (a new `propose` on the same turn, which supersedes the old one); at most 3
// re-proposals a turn. A proposal whose message is edited is moot (void) until re-proposed; when
// that happens after the last allowed re-proposal, it is not accepted and the turn moves on; so
// too when the proposer tries a further re-proposal (it is refused, and the proposal in the vote is
// rejected: "a limit of 3 reproposals after which point the rule will be considered not
// accepted and the turn will move to the next player"). Only
// the turn's most recent proposal is scored (the superseded ones are void).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const WORDS: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
  const limit = api.param('re-proposal limit', { pattern: /limit of (\d+|[a-z]+) re-?proposals/i, parse: (m) => WORDS[m[1]!.toLowerCase()] ?? Number(m[1]) });
  const game = () => api.get('game/game')!.attrs as any;

  api.check('propose', (ctx) => {
    const g = game();
    const channel = ctx.medium?.channel;
    if (channel && channel !== 'voting' && ctx.args.debate !== true) return 'Rule 303: proposals are made in #voting';
    if (g.turn !== ctx.agent || ctx.args.debate === true) return undefined;
    const made = Number(g.proposalsThisTurn ?? 0);
    if (made >= 1 + limit) return `Rule 303: the limit of ${limit} re-proposals in a turn is reached`;
  });
  api.check('call-vote', () => {
    const made = Number(game().proposalsThisTurn ?? 0);
    return made >= 1 + limit ? `Rule 303: the limit of ${limit} re-proposals in a turn is reached` : undefined;
  });

  /** Past the limit of re-proposals the proposal is not accepted and the turn moves on. */
  const notAccepted = (id: string, why: string, moot: boolean) => {
    const p = api.get('proposal/' + id)!;
    api.update(p.key, { status: 'rejected', ...(moot ? { moot: true } : {}), rejectedBecause: `Rule 303: ${why}; not accepted` });
    api.update('game/game', { currentProposal: null });
    api.emit('proposal-rejected', { proposal: id, number: Number(p.attrs.number), adopted: false, turn: Number(p.attrs.turn) });
    api.emit('proposal-decided', { proposal: id, number: Number(p.attrs.number), adopted: false, turn: Number(p.attrs.turn) });
  };
  // A further re-proposal is refused (Rule 304's `propose` calls this from its refused hook): the
  // proposer wanted a change past the limit, so the proposal in the vote is not accepted either.
  api.export('limitExceeded', (agent: string) => {
    const g = game();
    if (g.turn !== agent || Number(g.proposalsThisTurn ?? 0) < 1 + limit || !g.currentProposal) return;
    const p = api.get('proposal/' + g.currentProposal);
    if (!p || p.attrs.status !== 'voting' || p.attrs.author !== agent) return;
    api.emit('vote-abandoned', { proposal: p.id });
    notAccepted(p.id, `a change was wanted after ${limit} re-proposals`, false);
  });

  const moot = (id: string, how: string) => {
    const p = api.get('proposal/' + id);
    if (!p || (p.attrs.status !== 'voting' && p.attrs.status !== 'pending')) return;
    const g = game();
    const wasCurrent = g.currentProposal === id && p.attrs.status === 'voting';
    if (!wasCurrent) {
      api.update(p.key, { status: 'void', moot: true, removed: `${how}: moot until re-proposed (Rule 303)` });
      return;
    }
    api.emit('vote-abandoned', { proposal: id });
    if (Number(g.proposalsThisTurn ?? 0) >= 1 + limit) {
      notAccepted(id, `${how} after ${limit} re-proposals`, true);
      return;
    }
    api.update(p.key, { status: 'void', moot: true, removed: `${how}: moot until re-proposed (Rule 303)` });
    api.update('game/game', { currentProposal: null, turnStage: 'proposing' });
  };

  api.action('edit-proposal', {
    describe: 'Record that you edited the message of your proposal (for fronts without message edits): it is moot until re-proposed.',
    args: { proposal: 'json?' },
    legal(ctx) {
      const id = ctx.args.proposal == null ? game().currentProposal : String(ctx.args.proposal);
      const p = id ? api.get('proposal/' + id) ?? api.all('proposal', (q) => String(q.attrs.number) === String(id).replace(/^#/, ''))[0] : undefined;
      if (!p) return 'there is no such proposal';
      if (p.attrs.author !== ctx.agent) return 'only its author can edit a proposal';
      if (p.attrs.status !== 'voting' && p.attrs.status !== 'pending') return `proposal ${p.attrs.number ?? p.id} is ${p.attrs.status}`;
    },
    perform(ctx) {
      const id = ctx.args.proposal == null ? String(game().currentProposal) : String(ctx.args.proposal);
      const p = api.get('proposal/' + id) ?? api.all('proposal', (q) => String(q.attrs.number) === id.replace(/^#/, ''))[0]!;
      moot(p.id, 'its message was edited');
      return p.key;
    },
  });

  api.on('message-edited', (e) => {
    const p = api.all('proposal', (q) => q.attrs.messageId != null && q.attrs.messageId === e.payload.messageId && q.attrs.author === e.payload.person)[0];
    if (p) moot(p.id, 'its message was edited');
  });
}
