// Rule 1001: Companies. Each Player is the CEO of a shipping company (`company/PLAYER`) whose name
// e announces (`name-company`, names differ). Each Company owns a warehouse on the Nomic Dock (a
// `warehouse/TILE` of Rule 1008's Map, with `company` and one count per Trade Good: `flour`,
// `beans`, `machineParts`, `plasticSpoons`), holding at most 20 units; a Company whose warehouse
// position is unknown is given a random unassigned one. A new Player's Company gets, once, one
// unit of each Trade Good. Other rules store and take goods through this rule's exports. Each
// Company also shows the totals its warehouses hold (`company/alice.flour`, ...) and its tiles
// (`warehouses`).
import type { ObjectView, RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const goods = api.param('trade goods', {
    pattern: /one unit of each of\s+([^.]+?)\.\s/,
    parse: (m) => m[1]!.replace(/\s+/g, ' ').split(/,\s*(?:and\s+)?|\s+and\s+/).map((g) => g.trim().toLowerCase()).filter(Boolean),
  });
  const capacity = api.param('capacity', { pattern: /storing up to (\d+) units/, parse: (m) => Number(m[1]) });
  const keyOf = (good: string) => good.toLowerCase().replace(/\s+(\w)/g, (_, c: string) => c.toUpperCase());
  /** A Trade Good's name from what people write: "Machine Parts", "machineParts", "spoons"... */
  const normalize = (item: unknown): string | null => {
    const s = String(item ?? '').toLowerCase().replace(/[^a-z]+/g, '');
    const exact = goods.find((g) => g.replace(/\s+/g, '') === s || g.replace(/\s+/g, '') === s.replace(/s$/, '') || g.replace(/\s+/g, '').replace(/s$/, '') === s);
    if (exact) return exact;
    // One word of a good's name, when it names only that good: "spoons", "parts".
    const one = (w: string) => w.replace(/s$/, '');
    const byWord = s ? goods.filter((g) => g.split(/\s+/).some((w) => one(w) === one(s))) : [];
    return byWord.length === 1 ? byWord[0]! : null;
  };

  const company = (player: string) => api.get('company/' + player);
  const warehousesOf = (player: string) => api.all('warehouse', (w) => w.attrs.company === player);
  const unassigned = () => api.all('warehouse', (w) => w.attrs.company == null);
  const load = (w: ObjectView) => goods.reduce((n, g) => n + Number(w.attrs[keyOf(g)] ?? 0), 0);

  const place = (player: string): boolean => {
    const free = unassigned();
    if (!free.length) return false;
    const w = api.pick(free);
    api.set(w.key, 'company', player);
    for (const g of goods) if (typeof w.attrs[keyOf(g)] !== 'number') api.set(w.key, keyOf(g), 0);
    api.message('all', `${player}'s Company is given the warehouse on tile ${w.id} of the Nomic Dock (Rule 1001).`, { channel: 'list' });
    return true;
  };

  /** Stores units of a good in the player's warehouses (up to capacity); returns how many fit. */
  const store = (player: string, good: string, units: number): number => {
    let left = Math.max(0, Math.floor(units));
    for (const w of warehousesOf(player)) {
      const room = capacity - load(api.get(w.key)!);
      const put = Math.min(room, left);
      if (put > 0) api.set(w.key, keyOf(good), Number(api.get(w.key)!.attrs[keyOf(good)] ?? 0) + put);
      left -= Math.max(put, 0);
    }
    return Math.max(0, Math.floor(units)) - left;
  };
  /** Takes up to `units` of a good from the player's warehouses; returns how many were taken. */
  const take = (player: string, good: string, units: number): number => {
    let left = Math.max(0, Math.floor(units));
    for (const w of warehousesOf(player)) {
      const have = Number(w.attrs[keyOf(good)] ?? 0);
      const got = Math.min(have, left);
      if (got > 0) api.set(w.key, keyOf(good), have - got);
      left -= got;
    }
    return Math.max(0, Math.floor(units)) - left;
  };
  const stock = (player: string, good: string) => warehousesOf(player).reduce((n, w) => n + Number(w.attrs[keyOf(good)] ?? 0), 0);

  const deliverStarter = (player: string) => {
    const c = company(player);
    if (!c || c.attrs.starterGoods !== 'due' || !warehousesOf(player).length) return;
    for (const g of goods) store(player, g, 1);
    api.set(c.key, 'starterGoods', 'delivered');
  };

  api.on('player-joined', (e) => {
    const player = String(e.payload.player);
    if (!company(player)) api.create('company', { ceo: player, name: null, starterGoods: 'due' }, { id: player });
    if (!warehousesOf(player).length) place(player);
    deliverStarter(player);
  });

  api.on('player-removed', (e) => {
    const player = String(e.payload.player);
    for (const w of warehousesOf(player)) {
      api.set(w.key, 'company', null);
      for (const g of goods) api.set(w.key, keyOf(g), 0);
    }
    if (company(player)) api.destroy('company/' + player);
  });

  api.settle(() => {
    for (const p of api.all('player', (p) => !company(p.id))) api.create('company', { ceo: p.id, name: null, starterGoods: 'due' }, { id: p.id });
    for (const c of api.all('company')) {
      if (!api.get('player/' + c.id)) continue;
      if (!warehousesOf(c.id).length) place(c.id);
      deliverStarter(c.id);
    }
    // Each Company shows what its warehouses hold, good by good, and which tiles they are. A total
    // written on the Company (a Proclamation, a scenario's starting values) is stored in or taken
    // from its warehouses.
    for (const c of api.all('company')) {
      const seen = (c.attrs.stockSeen ?? null) as JsonObject | null;
      if (seen && api.get('player/' + c.id)) {
        for (const g of goods) {
          const want = c.attrs[keyOf(g)];
          if (typeof want !== 'number' || want === seen[keyOf(g)]) continue;
          const have = stock(c.id, g);
          if (want > have) store(c.id, g, want - have);
          else if (want < have) take(c.id, g, have - want);
        }
      }
      const held: JsonObject = { warehouses: warehousesOf(c.id).map((w) => Number(w.id)) };
      for (const g of goods) held[keyOf(g)] = stock(c.id, g);
      held.stockSeen = Object.fromEntries(goods.map((g) => [keyOf(g), held[keyOf(g)]!])) as JsonObject;
      const changed = Object.entries(held).filter(([k, v]) => JSON.stringify(c.attrs[k]) !== JSON.stringify(v));
      if (changed.length) api.update(c.key, Object.fromEntries(changed) as JsonObject);
    }
  });

  api.action('name-company', {
    describe: 'As a CEO, publicly announce the name of your shipping company.',
    args: { name: 'string' },
    legal(ctx) {
      if (!company(ctx.agent)) return 'Rule 1001: only a Player, as CEO, names eir company';
      const name = String(ctx.args.name).trim();
      if (!name) return 'give the company a name';
      const taken = api.all('company', (c) => c.id !== ctx.agent && String(c.attrs.name ?? '').toLowerCase() === name.toLowerCase());
      if (taken.length) return `Rule 1001: every Player's company is a different one; "${name}" is ${taken[0]!.id}'s`;
    },
    perform(ctx) {
      api.set('company/' + ctx.agent, 'name', String(ctx.args.name).trim());
      api.message('all', `${ctx.agent} announces eir company: ${String(ctx.args.name).trim()} (Rule 1001).`, { channel: 'list' });
      return 'company/' + ctx.agent;
    },
  });

  api.export('goods', () => goods);
  api.export('keyOf', keyOf);
  api.export('normalize', normalize);
  api.export('store', store);
  api.export('take', take);
  api.export('stock', stock);
  api.export('capacity', () => capacity);
  /** Units of every good in all warehouses. */
  api.export('totalGoods', () => api.all('warehouse').reduce((n, w) => n + load(w), 0));
}
