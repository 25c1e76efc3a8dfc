// Rule 4E37: The Ministry of Goods. The Artisan may create a blueprint without 2 objections within
// 2 ndays (one per nweek, no later than Corvette, nday 5) and alter a non-unique blueprint's price the
// same way. Any Player with the price buys a non-unique device (`purchase-device`; a blueprint says
// how many exist, `supply`). A unique blueprint is auctioned as soon as it exists: bids in multiples
// of A Metric Bunch (m25), not retractable; bidding ends at the start of Zarpint (nday 11) and the
// highest bidder buys; short of mackerel he has to the end of that nday, then his Voting Power
// becomes 0, he loses 25 points, and the next bidder may buy 1 nday later; if neither does, the
// blueprint ceases to exist.
import type { RuleApi, ActionContext } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const [objections, within] = api.param('objections', { pattern: /without (\d+) objections within (\d+) ndays, create a blueprint/, parse: (m) => [Number(m[1]), Number(m[2])] });
  const lastNday = api.param('last nday', { pattern: /no later than \w+ \[\[nday (\d+)\]\]/, parse: (m) => Number(m[1]) });
  const closeNday = api.param('auction end', { pattern: /Bidding ends at the start of \w+ \[\[nday (\d+)\]\]/, parse: (m) => Number(m[1]) });
  const forfeitPoints = api.param('penalty', { pattern: /Voting Power is set to 0, he loses (\d+) points/, parse: (m) => Number(m[1]) });
  const defaultPrice = api.param('default price', { rule: '4E35', pattern: /Default Value of (\d+)\s+mackerel/, parse: (m) => Number(m[1]) });
  const clock = () => (api.get('clock/clock')?.attrs ?? { nweek: 0, nday: 0, count: 0, rday: 0, ndelay: 0 }) as unknown as { nweek: number; nday: number; count: number };
  const artisan = () => (api.get('ministry/goods')?.attrs.holder ?? null) as string | null;
  const bunch = () => (api.imported('4E30', 'quantity') ? Number(api.call('4E30', 'quantity', 'A Metric Bunch')) : 25);
  const define = (blueprint: string, owner: string) => api.call<string>('4E35', 'define', blueprint, owner);
  const blueprint = (ref: unknown) => api.get('blueprint/' + String(ref ?? '').replace(/^blueprint\//, ''));
  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const viaIntent = (ctx: ActionContext) => {
    const i = api.get('intent/' + String(ctx.args.intent ?? ''));
    return Boolean(i) && (i!.attrs.status === 'performing' ? i!.attrs.action === ctx.action && i!.attrs.by === ctx.agent : Boolean(api.imported('4E21', 'ready')) && api.call<boolean>('4E21', 'ready', i!.id, ctx.action, ctx.agent, ctx.args));
  };
  const ensure = () => {
    if (!api.get('ministry/goods')) api.create('ministry', { name: 'Ministry of Goods', minister: 'Minister of Goods', title: 'Artisan', aliases: ['Goods'], holder: null, mini: false, rule: '4E37', history: [] }, { id: 'goods' });
    declare('gate/create-blueprint', { action: 'create-blueprint', objections, delay: within, unit: 'nday', who: 'goods', rule: '4E37' });
    declare('gate/set-price', { action: 'set-price', objections, delay: within, unit: 'nday', who: 'goods', rule: '4E37' });
  };
  api.on('setup', ensure);
  api.settle(ensure);

  api.action('create-blueprint', {
    describe: 'As the Artisan, without 2 objections within 2 ndays (announce it first), create a blueprint: name, unique, price, supply (non-unique: how many devices exist), powers [{name, properties}], cursed, code.',
    args: { name: 'string', unique: 'boolean?', price: 'number?', supply: 'number?', powers: 'json?', cursed: 'boolean?', code: 'string?', description: 'string?', intent: 'string?' },
    legal(ctx) {
      if (artisan() !== ctx.agent) return 'Rule 4E37: the Artisan creates blueprints';
      if (!viaIntent(ctx)) return 'Rule 4E37: a blueprint is created without 2 objections within 2 ndays: announce it first (announce)';
      const c = clock();
      if (c.nday > lastNday) return `Rule 4E37: a blueprint is created no later than nday ${lastNday} of the nweek`;
      if (api.get('ministry/goods')!.attrs.blueprintNweek === c.nweek) return 'Rule 4E37: the Ministry of Goods creates a single blueprint in a given nweek';
      if (ctx.args.unique !== true && !(Number(ctx.args.supply) > 0)) return 'Rule 4E35: a non-unique blueprint must state how many such devices exist (supply)';
    },
    perform(ctx) {
      const a = ctx.args;
      const b = api.create('blueprint', {
        name: String(a.name), unique: a.unique === true, price: Number(a.price ?? defaultPrice), supply: a.unique === true ? 1 : Number(a.supply),
        powers: (a.powers ?? []) as Json, cursed: a.cursed === true, code: (a.code ?? null) as Json, description: (a.description ?? null) as Json,
        createdNweek: clock().nweek, sold: 0, ...(a.unique === true ? { auction: { stage: 'open', bids: [] } } : {}),
      }, { owner: null });
      api.set('ministry/goods', 'blueprintNweek', clock().nweek);
      return b.key;
    },
  });

  api.action('set-price', {
    describe: 'As the Artisan, without 2 objections within 2 ndays (announce it first), alter the price of a non-unique blueprint.',
    args: { blueprint: 'string', price: 'number', intent: 'string?' },
    legal(ctx) {
      if (artisan() !== ctx.agent) return 'Rule 4E37: the Artisan alters prices';
      const b = blueprint(ctx.args.blueprint);
      if (!b) return `there is no blueprint ${ctx.args.blueprint}`;
      if (b.attrs.unique === true) return 'Rule 4E37: the price of a unique blueprint is its highest bid';
      if (!viaIntent(ctx)) return 'Rule 4E37: a price is altered without 2 objections within 2 ndays: announce it first (announce)';
    },
    perform(ctx) {
      api.set(blueprint(ctx.args.blueprint)!.key, 'price', Number(ctx.args.price));
    },
  });

  api.action('purchase-device', {
    describe: 'Buy a device of a non-unique blueprint for its price; you become its owner.',
    args: { blueprint: 'string' },
    legal(ctx) {
      const p = api.get('player/' + ctx.agent);
      if (!p) return 'Rule 4E37: Players purchase devices';
      const b = blueprint(ctx.args.blueprint);
      if (!b) return `there is no blueprint ${ctx.args.blueprint}`;
      if (b.attrs.unique === true) return 'Rule 4E37: a unique device is sold at auction (bid)';
      if (api.all('device', (d) => d.attrs.blueprint === b.id).length >= Number(b.attrs.supply)) return `Rule 4E35: only ${b.attrs.supply} such devices exist`;
      if (Number(p.attrs.mackerel ?? 0) < Number(b.attrs.price)) return `Rule 4E37: the price is m${b.attrs.price}; you have m${p.attrs.mackerel ?? 0}`;
    },
    perform(ctx) {
      const b = blueprint(ctx.args.blueprint)!;
      const p = api.get('player/' + ctx.agent)!;
      api.set(p.key, 'mackerel', Number(p.attrs.mackerel) - Number(b.attrs.price));
      api.set(b.key, 'sold', Number(b.attrs.sold ?? 0) + 1);
      return define(b.id, p.key);
    },
  });

  api.action('bid', {
    describe: 'Bid mackerel for a unique blueprint at auction (a multiple of A Metric Bunch, m25; bids cannot be taken back).',
    args: { blueprint: 'string', amount: 'number' },
    legal(ctx) {
      if (!api.get('player/' + ctx.agent)) return 'Rule 4E37: Players bid';
      const b = blueprint(ctx.args.blueprint);
      if (!b || b.attrs.unique !== true) return `there is no unique blueprint ${ctx.args.blueprint} at auction`;
      if ((b.attrs.auction as JsonObject).stage !== 'open') return 'Rule 4E37: bidding has ended';
      const n = Number(ctx.args.amount);
      if (!(n > 0) || n % bunch() !== 0) return `Rule 4E37: bids must be an amount of macks divisible by A Metric Bunch (${bunch()})`;
    },
    perform(ctx) {
      const b = blueprint(ctx.args.blueprint)!;
      const auction = b.attrs.auction as JsonObject;
      api.set(b.key, 'auction', { ...auction, bids: [...(auction.bids as Json[]), { player: ctx.agent, amount: Number(ctx.args.amount), at: ctx.now }] });
      return b.key;
    },
  });

  /** The bidders, best first: each Player's highest bid. */
  const ranking = (auction: JsonObject) => {
    const best = new Map<string, number>();
    for (const bid of auction.bids as { player: string; amount: number }[]) best.set(bid.player, Math.max(best.get(bid.player) ?? 0, bid.amount));
    return [...best].sort((a, b) => b[1] - a[1]);
  };
  const tryBuy = (b: NonNullable<ReturnType<typeof blueprint>>, player: string, amount: number) => {
    const p = api.get('player/' + player);
    if (!p || Number(p.attrs.mackerel ?? 0) < amount) return false;
    api.set(p.key, 'mackerel', Number(p.attrs.mackerel) - amount);
    api.set(b.key, 'price', amount);
    define(b.id, p.key);
    return true;
  };
  const cease = (b: NonNullable<ReturnType<typeof blueprint>>) => api.destroy(b.key);

  api.on('nday-begins', (e) => {
    if (Number(e.payload.nday) !== closeNday) return;
    for (const b of api.all('blueprint', (b) => b.attrs.unique === true && (b.attrs.auction as JsonObject)?.stage === 'open')) {
      const order = ranking(b.attrs.auction as JsonObject);
      if (!order.length) { cease(b); continue; }
      const [player, amount] = order[0]!;
      if (tryBuy(b, player, amount)) continue;
      api.set(b.key, 'auction', { ...(b.attrs.auction as JsonObject), stage: 'grace', dueCount: clock().count, order: order.map(([p, a]) => ({ player: p, amount: a })) });
    }
  });
  api.on('nday-ends', () => {
    const count = clock().count;
    for (const b of api.all('blueprint', (b) => b.attrs.unique === true && ['grace', 'second'].includes(String((b.attrs.auction as JsonObject)?.stage)))) {
      const a = b.attrs.auction as JsonObject & { order: { player: string; amount: number }[] };
      if (Number(a.dueCount) !== count) continue;
      if (a.stage === 'grace') {
        const first = a.order[0]!;
        if (tryBuy(b, first.player, first.amount)) continue;
        const p = api.get('player/' + first.player);
        if (p) api.update(p.key, { votingPower: 0, points: Number(p.attrs.points ?? 0) - forfeitPoints });
        if (!a.order[1]) { cease(b); continue; }
        api.set(b.key, 'auction', { ...a, stage: 'second', dueCount: count + 1 });
      } else {
        const second = a.order[1]!;
        if (!tryBuy(b, second.player, second.amount)) cease(b);
      }
    }
  });
}
