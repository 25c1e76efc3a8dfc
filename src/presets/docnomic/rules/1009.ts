// Rule 1009: Room to Grow. A CEO may buy another warehouse (`purchase-warehouse`) while at least a
// quarter of the Dock's warehouses are unassigned and e owns no more than a quarter of them, if e
// has the Plinks to pay the price. Other rules define the price: a rule whose text says "the price
// of a warehouse is N Plinks" (or whose code exports `warehousePrice`). Until one does, no
// warehouse can be bought.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const price = (): number | null => {
    for (const rule of api.rules()) {
      if (rule.number === api.self.number) continue;
      const exported = api.imported(rule.number, 'warehousePrice');
      if (typeof exported === 'number') return exported;
      const m = rule.text.match(/price\s+of\s+a\s+warehouse\s+(?:is|shall\s+be)\s+(\d+)\s+plinks?/i);
      if (m) return Number(m[1]);
    }
    return null;
  };
  const all = () => api.all('warehouse');
  const free = () => api.all('warehouse', (w) => w.attrs.company == null);
  const owned = (agent: string) => api.all('warehouse', (w) => w.attrs.company === agent);

  api.action('purchase-warehouse', {
    describe: 'As a CEO, buy another warehouse on the Nomic Dock (an unassigned tile, or a random one), paying the price another rule defines.',
    args: { warehouse: 'string?' },
    legal(ctx) {
      if (!api.get('company/' + ctx.agent)) return 'Rule 1009: only CEOs purchase warehouses';
      const total = all().length;
      if (free().length * 4 < total) return 'Rule 1009: fewer than a quarter of the warehouses on the Nomic Dock are unassigned';
      if (owned(ctx.agent).length * 4 > total) return 'Rule 1009: you own more than a quarter of the warehouses on the Nomic Dock';
      const cost = price();
      if (cost === null) return 'Rule 1009: no rule defines the price of a warehouse yet';
      const have = Number(api.get('player/' + ctx.agent)?.attrs.plinks ?? 0);
      if (have < cost) return `Rule 1009: a warehouse costs ${cost} Plinks; you have ${have}`;
      if (ctx.args.warehouse != null) {
        const w = api.get('warehouse/' + ctx.args.warehouse);
        if (!w) return `there is no warehouse ${ctx.args.warehouse}`;
        if (w.attrs.company != null) return `warehouse ${w.id} is ${w.attrs.company}'s`;
      }
    },
    perform(ctx) {
      const cost = price()!;
      const w = ctx.args.warehouse != null ? api.get('warehouse/' + ctx.args.warehouse)! : api.pick(free());
      if (api.imported('1002', 'debit')) api.call('1002', 'debit', ctx.agent, cost, true);
      api.set(w.key, 'company', ctx.agent);
      const goods: string[] = api.imported('1001', 'goods') ? api.call('1001', 'goods') : [];
      for (const g of goods) api.set(w.key, api.call<string>('1001', 'keyOf', g), 0);
      api.message('all', `${ctx.agent} buys the warehouse on tile ${w.id} for ${cost} Plinks (Rule 1009).`, { channel: 'list' });
      return w.key;
    },
  });
}
