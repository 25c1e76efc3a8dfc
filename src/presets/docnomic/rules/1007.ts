// Rule 1007: The Market. `market/market` holds the price in Plinks of each Trade Good (one
// attribute per good, as in the warehouses), whole numbers from 0 to 100, starting from the table
// in this rule. When a Proposal that does not amend this rule is accepted, its author becomes
// Economist For A Dun (`economist/PROPOSAL`) for one dun: e either changes every price up or down
// by at most 1 Plink (`set-prices`), or declines (`decline-price-changes`) and gains 1 Point for
// every unit of Trade Goods in the warehouses. Plinks and Goods are not swapped unless a rule says.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const ceiling = api.param('highest price', { pattern: /smaller or equal to (\d+)/, parse: (m) => Number(m[1]) });
  const initial = api.param('initial prices', {
    pattern: /initial values for the prices are:\s*\n((?:[^\n|]+\|\s*\d+\s*Plinks\s*\|\s*\n?)+)/i,
    parse: (m) => Object.fromEntries(m[1]!.split('\n').map((l) => l.match(/^\s*([^|]+?)\s*\|\s*(\d+)\s*Plinks/i)).filter((x): x is RegExpMatchArray => x !== null).map((x) => [x[1]!.toLowerCase(), Number(x[2])])) as Record<string, number>,
  });
  const game = () => api.get('game/game')!.attrs;
  const duns = (): number => (api.imported('10', 'duns') ? api.call<number>('10', 'duns') : api.now() / (48 * 3_600_000));
  const dunTimer = (value: number, event: string, payload: Json, id: string) => {
    if (api.imported('10', 'duns')) api.timer({ base: 'dun', value }, event, payload, { id });
    else api.timer(Math.ceil(value * 48 * 3_600_000), event, payload, { id });
  };
  const keyOf = (good: string) => good.toLowerCase().replace(/\s+(\w)/g, (_, c: string) => c.toUpperCase());
  const goods = (): string[] => (api.imported('1001', 'goods') ? api.call<string[]>('1001', 'goods') : Object.keys(initial));
  const market = () => api.get('market/market');
  /** A Trade Good's attribute key from what people write: "machine parts", "machineParts", "Spoons". */
  const goodKey = (name: string): string | null => {
    const known = goods().map(keyOf);
    if (known.includes(name)) return name;
    const n = api.imported('1001', 'normalize') ? api.call<string | null>('1001', 'normalize', name) : null;
    if (n) return keyOf(n);
    const k = keyOf(name);
    return known.includes(k) ? k : null;
  };

  const open = () => {
    if (!market()) {
      const prices: JsonObject = {};
      for (const [good, price] of Object.entries(initial)) prices[keyOf(good)] = price;
      api.create('market', prices, { id: 'market' });
    }
  };
  api.on('setup', open);
  api.settle(open);

  const title = (agent: string) =>
    api.all('economist', (e) => e.attrs.player === agent && e.attrs.status === 'open').sort((a, b) => Number(a.attrs.since) - Number(b.attrs.since))[0];

  api.on('proposal-accepted', (e) => {
    const p = api.get('proposal/' + e.payload.proposal);
    if (!p || !api.get('player/' + e.payload.author)) return;
    const me = api.self.number;
    const amendsThis = ((p.attrs.changes ?? []) as JsonObject[]).some((c) => {
      const kind = Object.keys(c ?? {})[0];
      const body = (c?.[kind!] ?? {}) as JsonObject;
      return ['amend', 'retitle', 'renumber', 'set'].includes(kind!) && String(body.rule ?? '') === me;
    });
    if (amendsThis) return;
    const now = duns();
    const ec = api.create('economist', { player: e.payload.author, proposal: p.id, since: now, until: now + 1, status: 'open' }, { id: p.id });
    dunTimer(now + 1, 'economist-dun-ends', { economist: ec.id }, 'economist-' + ec.id);
    api.message('all', `${e.payload.author} is Economist For A Dun (Proposal ${p.attrs.number}, Rule 1007).`, { channel: 'list' });
  });

  api.on('economist-dun-ends', (e) => {
    const ec = api.get('economist/' + e.payload.economist);
    if (ec && ec.attrs.status === 'open') api.set(ec.key, 'status', 'expired');
  });

  /** The price changes asked for: `changes` (+1, -1, 0, "up", "down" per good) or `prices` (the new prices). */
  const deltasOf = (args: Readonly<JsonObject>): Record<string, number> | string => {
    const byDelta = args.changes as JsonObject | undefined;
    const byPrice = args.prices as JsonObject | undefined;
    const given = byDelta ?? byPrice;
    if (!given || typeof given !== 'object' || Array.isArray(given)) return 'changes maps Trade Goods to +1, -1 or 0 (or prices maps them to their new prices)';
    const out: Record<string, number> = {};
    for (const [good, raw] of Object.entries(given)) {
      const key = goodKey(good);
      if (!key) return `Rule 1007: "${good}" is not a Trade Good`;
      const word = String(raw).trim().toLowerCase();
      const value = word === 'up' ? 1 : word === 'down' ? -1 : Number(raw);
      if (!Number.isFinite(value)) return `Rule 1007: "${raw}" is not a price change`;
      out[key] = byDelta ? value : value - Number(market()?.attrs[key] ?? 0);
    }
    return out;
  };

  api.action('set-prices', {
    describe: 'As Economist For A Dun, change prices up or down by 1 Plink: `changes` maps goods to +1, -1 or 0, e.g. {"flour": 1, "beans": -1} (or `prices` maps them to their new prices).',
    args: { changes: 'json?', prices: 'json?' },
    legal(ctx) {
      if (!title(ctx.agent)) return 'Rule 1007: only an Economist For A Dun may change prices';
      const deltas = deltasOf(ctx.args);
      if (typeof deltas === 'string') return deltas;
      for (const [key, delta] of Object.entries(deltas)) {
        if (![-1, 0, 1].includes(delta)) return 'Rule 1007: each price changes up or down by 1 Plink at most';
        const price = Number(market()?.attrs[key] ?? 0) + delta;
        if (price < 0 || price > ceiling) return `Rule 1007: prices are whole numbers from 0 to ${ceiling}`;
      }
    },
    perform(ctx) {
      const deltas = deltasOf(ctx.args) as Record<string, number>;
      for (const [key, delta] of Object.entries(deltas)) api.set('market/market', key, Number(market()!.attrs[key] ?? 0) + delta);
      const ec = title(ctx.agent)!;
      api.update(ec.key, { status: 'used', choice: 'changed prices', changes: deltas });
      api.message('all', `${ctx.agent}, Economist For A Dun, changes prices: ${JSON.stringify(deltas)} (Rule 1007).`, { channel: 'list' });
      return 'market/market';
    },
  });

  api.action('decline-price-changes', {
    describe: 'As Economist For A Dun, declare that you will not change any price, and gain 1 Point for every unit of Trade Goods in the game.',
    legal: (ctx) => (title(ctx.agent) ? undefined : 'Rule 1007: only an Economist For A Dun may decline to change prices'),
    perform(ctx) {
      const units = api.imported('1001', 'totalGoods') ? api.call<number>('1001', 'totalGoods') : 0;
      const p = api.get('player/' + ctx.agent)!;
      api.set(p.key, 'points', Number(p.attrs.points ?? 0) + units);
      api.update(title(ctx.agent)!.key, { status: 'used', choice: 'declined', points: units });
      api.message('all', `${ctx.agent}, Economist For A Dun, changes no price and gains ${units} Points (Rule 1007).`, { channel: 'list' });
    },
  });

  api.on('player-removed', (e) => {
    for (const ec of api.all('economist', (x) => x.attrs.player === e.payload.player && x.attrs.status === 'open')) api.set(ec.key, 'status', 'expired');
  });

  api.export('price', (good: string) => Number(market()?.attrs[keyOf(good)] ?? 0));
}
