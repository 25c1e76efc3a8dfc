// Rule 1004: Plinks for Proposals. The author of an accepted Proposal gains 11 Plinks; the author
// of a rejected one loses 7 (down to zero at most, Rule 1002). Doc may also award up to 4 Plinks
// for ingenuity, or subtract up to 4 for changes e had to make, once per accepted Proposal
// (`award-plinks`).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const isDocAgent = (agent: string): boolean => (api.imported('1', 'isDoc') ? api.call<boolean>('1', 'isDoc', agent) : agent !== '' && agent === api.get('game/game')!.attrs.doc);
  const gain = api.param('gain', { pattern: /gains (\d+) plinks|$/i, parse: (m) => (m[1] ? Number(m[1]) : 0) });
  const loss = api.param('loss', { pattern: /loses (\d+) plinks|$/i, parse: (m) => (m[1] ? Number(m[1]) : 0) });
  // An amendment may drop Doc's award paragraph and keep the payments: then Doc awards nothing.
  const bonus = api.param('award', { pattern: /award up to (\d+)|$/i, parse: (m) => (m[1] ? Number(m[1]) : 0) });
  const malus = api.param('subtraction', { pattern: /subtract up to (\d+)|$/i, parse: (m) => (m[1] ? Number(m[1]) : 0) });
  const credit = (player: string, n: number) => (api.imported('1002', 'credit') ? api.call<number>('1002', 'credit', player, n) : 0);
  const debit = (player: string, n: number) => (api.imported('1002', 'debit') ? api.call<number>('1002', 'debit', player, n, false) : 0);

  /** A Proposal by id or number: 3, "#3", "Proposal 3", "proposal/3". */
  const proposalOf = (ref: unknown) => {
    const s = String(ref ?? '').trim().replace(/^proposal\s*[/#]?\s*/i, '').replace(/^#/, '').trim();
    return api.get('proposal/' + s) ?? api.all('proposal', (p) => String(p.attrs.number) === s)[0];
  };

  api.on('proposal-accepted', (e) => {
    credit(e.payload.author, gain);
    api.set('proposal/' + e.payload.proposal, 'plinks', gain);
  });
  api.on('proposal-rejected', (e) => {
    const lost = debit(e.payload.author, loss);
    api.set('proposal/' + e.payload.proposal, 'plinks', -lost);
  });

  api.action('award-plinks', {
    describe: 'As Doc, award up to 4 Plinks for ingenuity in an accepted Proposal (a positive number), or subtract up to 4 for changes you had to make to it (a negative number), in `plinks` (or `amount`); once per Proposal.',
    args: { proposal: 'json', plinks: 'number?', amount: 'number?', reason: 'string?' },
    legal(ctx) {
      if (!isDocAgent(ctx.agent)) return 'Rule 1004: only Doc awards or subtracts these Plinks';
      const p = proposalOf(ctx.args.proposal);
      if (!p) return `there is no proposal ${ctx.args.proposal}`;
      if (p.attrs.status !== 'adopted') return 'Rule 1004: only an accepted Proposal earns an award';
      if (p.attrs.award != null) return `Rule 1004: Proposal ${p.attrs.number} already has its award`;
      if (ctx.args.plinks == null && ctx.args.amount == null) return 'award-plinks needs the argument "plinks" (number)';
      const n = Number(ctx.args.plinks ?? ctx.args.amount);
      if (!Number.isInteger(n) || n > bonus || n < -malus) return `Rule 1004: Doc may award up to ${bonus} Plinks or subtract up to ${malus}`;
    },
    perform(ctx) {
      const p = proposalOf(ctx.args.proposal)!;
      const n = Number(ctx.args.plinks ?? ctx.args.amount);
      const author = String(p.attrs.author);
      const applied = n >= 0 ? credit(author, n) : -debit(author, -n);
      api.update(p.key, { award: applied, awardReason: (ctx.args.reason ?? null) as string | null });
      api.message('all', `Doc ${n >= 0 ? 'awards' : 'subtracts'} ${Math.abs(n)} Plinks ${n >= 0 ? 'to' : 'from'} ${author} for Proposal ${p.attrs.number} (Rule 1004).`, { channel: 'list' });
      return p.key;
    },
  });
}
