// Rule 202: endorsements and the order of the Proposal Queue (most active endorsers first, then
// oldest first).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const proposal = (ref: unknown) =>
    api.get('proposal/' + String(ref)) ?? api.all('proposal', (p) => ref !== null && String(p.attrs.number) === String(ref).replace(/^#/, ''))[0];
  const isActive = (name: string) => api.get('player/' + name)?.attrs.active === true;

  api.action('endorse', {
    describe: 'Endorse a proposal on the Proposal Queue (your own too).',
    args: { proposal: 'json' },
    legal(ctx) {
      if (!api.get('player/' + ctx.agent)) return 'only players may endorse';
      if (!isActive(ctx.agent)) return 'Rule 202: only active players may endorse';
      const p = proposal(ctx.args.proposal);
      if (!p) return `there is no proposal ${ctx.args.proposal}`;
      if (p.attrs.status !== 'pending') return 'Rule 202: only proposals in the Proposal Queue can be endorsed';
      if ((p.attrs.endorsers as string[]).includes(ctx.agent)) return 'you already endorse this proposal';
    },
    perform(ctx) {
      const p = proposal(ctx.args.proposal)!;
      api.set(p.key, 'endorsers', [...(p.attrs.endorsers as string[]), ctx.agent]);
      return p.key;
    },
  });

  /** The Proposal Queue, front first: ids of queued proposals. */
  const queue = () =>
    api.all('proposal', (p) => p.attrs.status === 'pending')
      .map((p) => ({ id: p.id, endorsed: (p.attrs.endorsers as string[]).filter(isActive).length, at: Number(p.attrs.createdAt), n: Number(p.attrs.created) }))
      .sort((a, b) => b.endorsed - a.endorsed || a.at - b.at || a.n - b.n)
      .map((p) => p.id);
  api.export('queue', queue);

  // Keep each queued proposal's place visible as state, so people (and scenarios) can read it.
  api.settle(() => {
    queue().forEach((id, i) => api.update('proposal/' + id, { queuePosition: i + 1, activeEndorsers: (api.get('proposal/' + id)!.attrs.endorsers as string[]).filter(isActive).length }));
    for (const p of api.all('proposal', (p) => p.attrs.status !== 'pending' && p.attrs.queuePosition != null)) api.set(p.key, 'queuePosition', null);
  });
}
