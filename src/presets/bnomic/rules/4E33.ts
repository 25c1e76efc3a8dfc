// Rule 4E33: Currency. Currency Owning Objects (Players, and Corporations by 4E79) own currencies;
// each currency is an attribute its rule declares (`attribute/TYPE.NAME` with `currency: true`).
// A COO gives currency to another (`transfer`): never more than it has, nor a negative amount, and
// nothing happens if its balance is not positive. A Player exchanges points for a currency at the
// rate the currency's rule sets (`exchange`).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.param('non-positive', { pattern: /non-positive currency attribute for a given currency,\s+then he cannot give/ });
  const COO_TYPES = ['player', 'corporation'];
  const coo = (ref: unknown) => {
    const s = String(ref ?? '');
    if (s.includes('/')) {
      const o = api.get(s);
      return o && COO_TYPES.includes(o.type) ? o : undefined;
    }
    return api.get('player/' + s) ?? api.all('corporation', (c) => c.attrs.name === s || c.id === s)[0];
  };
  const currency = (ref: unknown): string | null => {
    const name = String(ref ?? 'mackerel').toLowerCase();
    for (const d of api.all('attribute', (d) => d.attrs.currency === true)) {
      const names = [String(d.attrs.name), ...((d.attrs.aliases as string[]) ?? [])].map((n) => n.toLowerCase());
      if (names.includes(name)) return String(d.attrs.name);
    }
    return null;
  };
  api.export('coo', (ref: unknown) => coo(ref)?.key ?? null);
  api.export('currency', currency);

  api.action('transfer', {
    describe: 'Give currency (default mackerel) to another Currency Owning Object: a Player, or a Corporation (`corporation/ID` or its name).',
    args: { to: 'string', amount: 'number', currency: 'string?' },
    legal(ctx) {
      const from = coo(ctx.agent);
      if (!from) return 'Rule 4E33: only a Currency Owning Object can give currency';
      const to = coo(ctx.args.to);
      if (!to) return `Rule 4E33: ${ctx.args.to} is not a Currency Owning Object`;
      if (to.key === from.key) return 'you cannot give currency to yourself';
      const c = currency(ctx.args.currency);
      if (!c) return `there is no currency "${ctx.args.currency}"`;
      const n = Number(ctx.args.amount);
      const have = Number(from.attrs[c] ?? 0);
      if (have <= 0) return `Rule 4E33: you have no ${c} to give`;
      if (!(n >= 0)) return 'Rule 4E33: the amount cannot be less than zero';
      if (n > have) return `Rule 4E33: you have only ${have} ${c}`;
    },
    perform(ctx) {
      const from = coo(ctx.agent)!;
      const to = coo(ctx.args.to)!;
      const c = currency(ctx.args.currency)!;
      const n = Number(ctx.args.amount);
      api.set(from.key, c, Number(from.attrs[c]) - n);
      api.set(to.key, c, Number(api.get(to.key)!.attrs[c] ?? 0) + n);
      return to.key;
    },
  });

  api.action('exchange', {
    describe: "Exchange points for a currency at the rate the currency's rule sets (mackerel: 1 point for m5).",
    args: { points: 'number', currency: 'string?' },
    legal(ctx) {
      const p = api.get('player/' + ctx.agent);
      if (!p) return 'Rule 4E33: only Players exchange points';
      const c = currency(ctx.args.currency);
      if (!c) return `there is no currency "${ctx.args.currency}"`;
      const rate = api.get(`attribute/player.${c}`)?.attrs.rate;
      if (typeof rate !== 'number') return `the rule defining ${c} sets no exchange rate`;
      const n = Number(ctx.args.points);
      if (!(n >= 0) || !Number.isInteger(n)) return 'Rule 4E33: declare a whole number of points, not less than 0';
      if (n > Number(p.attrs.points ?? 0)) return `Rule 4E33: you have only ${p.attrs.points} points`;
    },
    perform(ctx) {
      const p = api.get('player/' + ctx.agent)!;
      const c = currency(ctx.args.currency)!;
      const rate = Number(api.get(`attribute/player.${c}`)!.attrs.rate);
      const n = Number(ctx.args.points);
      api.set(p.key, 'points', Number(p.attrs.points) - n);
      api.set(p.key, c, Number(api.get(p.key)!.attrs[c] ?? 0) + rate * n);
      return p.key;
    },
  });
}
