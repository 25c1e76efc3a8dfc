// Rule 4E69: Dividends. Pending and Open proposals have a Proposal Color (`color`, Blank by
// default). A Player may change a Pending proposal's color, at most once per nday
// (`set-proposal-color`). When a proposal Passes, each Sock of its color pays its Sockholder m10.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const colors = api.param('colors', { pattern: /"Proposal Color" with a Scope of all\s+Pending or Open Proposals, a Range of \{([^}]+)\},\s+and a Default Value of (\w+)/, parse: (m) => ({ all: m[1]!.split(',').map((c) => c.replace(/\s+/g, ' ').trim()), dflt: m[2]! }) });
  const dividend = api.param('dividend', { pattern: /increases its Sockholder's mackerel by m(\d+)/, parse: (m) => Number(m[1]) });
  const count = () => Number(api.get('clock/clock')?.attrs.count ?? 0);
  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const ensure = () => declare('attribute/proposal.color', { type: 'proposal', name: 'color', range: { kind: 'enum', values: colors.all }, default: colors.dflt, rule: '4E69' });
  api.on('setup', ensure);
  api.settle(ensure);
  const color = (c: unknown) => colors.all.find((x) => x.toLowerCase() === String(c ?? '').trim().toLowerCase());
  const proposal = (ref: unknown) => (api.imported('4E15', 'find') ? api.get('proposal/' + api.call<string | null>('4E15', 'find', ref)) : api.get('proposal/' + ref));

  api.action('set-proposal-color', {
    describe: 'Change the Proposal Color of a Pending proposal (at most one such change per nday).',
    args: { proposal: 'string', color: 'string' },
    legal(ctx) {
      const me = api.get('player/' + ctx.agent);
      if (!me) return 'Rule 4E69: Players change Proposal Colors';
      const p = proposal(ctx.args.proposal);
      if (!p || p.attrs.bStatus !== 'Pending') return 'Rule 4E69: only a Pending proposal has its color changed';
      if (!color(ctx.args.color)) return `Rule 4E69: a Proposal Color is one of ${colors.all.join(', ')}`;
      if (me.attrs.colorChangedCount === count()) return 'Rule 4E69: no Player may make more than one such change per nday';
    },
    perform(ctx) {
      const p = proposal(ctx.args.proposal)!;
      api.set(p.key, 'color', color(ctx.args.color)!);
      api.set('player/' + ctx.agent, 'colorChangedCount', count());
      return p.key;
    },
  });

  api.on('proposal-passed', (e) => {
    const p = api.get('proposal/' + e.payload.proposal);
    if (!p) return;
    for (const s of api.all('sock', (s) => s.attrs.color === p.attrs.color)) {
      const holder = api.get(String(s.attrs.holder));
      if (holder && holder.attrs.mackerel !== undefined) api.set(holder.key, 'mackerel', Number(holder.attrs.mackerel) + dividend);
    }
  });
}
