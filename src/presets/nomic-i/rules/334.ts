// Rule 334: what each location offers, and trading its resources.
// - Trade (`offer-trade`/`accept-trade`) and market sales (`sell`) cost a 5-gold delivery fee per
//   shipment, paid by each side not in the City. Market values: emerald 85 and the mining table.
// - Prairie: `buy` a pet prairie DOG (40; 2 gold every turn) or a farm (80; 1 wheat every turn while
//   its owner is in the Prairie, or a consenting player tends it there: `tend-farm`).
// - Jungle: on your turn, with two consenting players in the Jungle (`start-expedition`,
//   `join-expedition`), each pays 20 and the three go until your next turn (3 turns for a holder of
//   a Rifle): stuck there, trading only among themselves, each finds an emerald and 5 gold. Nobody
//   goes twice within 3 turns.
// - Mountains: `buy` a bronze mining kit (40); `mine` runs take 2 turns (stuck in the Mountains,
//   trading only with miners within one tier) and yield 2 of the kit's material (1 bronze); every
//   3rd run of a tier yields 1 of the tier above instead. Kits wear out after their durability
//   (`repair-kit` at half the material's value); `make-kit` turns a material into a kit of its tier;
//   `use-dynamite` finishes a run; `climb` destroys the kit for 1 Ice.
// - Marsh: you stay one more of your turns than normally; `buy` a fishing rod (20) and `fish` once
//   on each of your turns there (50 gold, every 3rd catch 80), or an airboat (40: `take-airboat` out
//   at any time).
// - City: 30 gold at the beginning of each of your turns there, 4 more every 3 paid turns; no
//   delivery fee; `leave-city` at any time for 10 gold (arriving when the next turn ends); black
//   market `buy`: dynamite 20, hired hand 25 (`send-hired-hand` for 1 resource of another location
//   within your power), outsourced labor 15 (your wage while away, until your next turn; kept
//   secret), rifle 25.
// - Desert: 10 gold lost at each of your turns; only a unicorn leaves it (Rule 331 forbids moving
//   out of it).
// - One of each resource builds a unicorn (`build-unicorn`): `fly` anywhere at any time, ignoring
//   stays; leaving a mining run or expedition early cancels it (no reward, no wear).
import type { RuleApi } from '../../../kernel/rule-api.js';

const TIERS = ['bronze', 'iron', 'tungsten', 'corundum', 'diamond'] as const;
const RESOURCES = ['wheat', 'emerald', ...TIERS, 'ice'] as const;

export default function (api: RuleApi) {
  const num = (name: string, pattern: RegExp) => api.param(name, { pattern, parse: (m) => Number(m[1]) });
  const fee = num('delivery fee', /delivery fee of (\d+) gold per ‘shipment’/);
  const prices: Record<string, { price: number; at: string }> = {
    'prairie-dog': { price: num('prairie DOG price', /For (\d+) gold, you can get a pet prairie DOG/), at: 'Prairie' },
    farm: { price: num('farm price', /for (\d+) gold, you can start a farm/), at: 'Prairie' },
    'mining-kit': { price: num('mining kit price', /For (\d+) gold you can buy a bronze mining kit/), at: 'Mountains' },
    'fishing-rod': { price: num('fishing rod price', /purchase a fishing rod for (\d+) gold/), at: 'Marsh' },
    airboat: { price: num('airboat price', /for (\d+) gold buy an airboat/), at: 'Marsh' },
    dynamite: { price: num('dynamite price', /Dynamite (\d+) gold/), at: 'City' },
    'hired-hand': { price: num('hired hand price', /Hired hand (\d+) gold/), at: 'City' },
    'outsourced-labor': { price: num('outsourced labor price', /Outsourced labor (\d+) gold/), at: 'City' },
    rifle: { price: num('rifle price', /Rifle (\d+) gold/), at: 'City' },
  };
  const petGold = num('prairie DOG gold', /they earn (\d+) \(NOT 3\) gold every turn/);
  const expeditionCost = num('expedition cost', /each pay (\d+) gold to go on a jungle expedition/);
  const emeraldValue = num('emerald value', /an emerald, sellable on market for (\d+) gold/);
  const expeditionGold = num('expedition gold', /sellable on market for \d+ gold, and (\d+) gold/);
  const expeditionRest = num('expedition rest', /not been on an expedition in the past (\d+) turns/);
  const rifleTurns = num('rifle turns', /expedition time for your character down to (\d+) turns/);
  const table = api.param('mining table', {
    pattern: /Bronze26\nIron48\nTungsten610\nCorundum1040\nDiamond1480/,
    parse: () => ({ bronze: [2, 6], iron: [4, 8], tungsten: [6, 10], corundum: [10, 40], diamond: [14, 80] }) as Record<string, [number, number]>,
  });
  const runTurns = num('mining run turns', /A mining run takes (\d+) turns/);
  const fishGold = num('catch', /receiving normally (\d+) gold/);
  const bigEvery = num('big catch every', /with every (\d+)rd catch/);
  const bigGold = num('big catch', /‘big catch’ worth (\d+) gold/);
  const wage = num('wage', /acquire (\d+) gold every one of your turns/);
  const raise = api.param('raise', { pattern: /raise of (\d+) gold every (\d+) turns/, parse: (m) => [Number(m[1]), Number(m[2])] as const });
  const cityExit = num('city exit', /leave the city at any time at a cost of (\d+) gold/);
  const desertCost = num('desert cost', /you lose (\d+) gold each of your turns/);

  const game = () => api.get('game/game')!.attrs as any;
  const turn = () => Number(game().turnNumber ?? 0);
  const player = (name: string) => api.get('player/' + name);
  const attrs = (name: string) => player(name)!.attrs as any;
  const isPlayer = (name: string) => player(name)?.attrs.active === true;
  const where = (name: string) => String(player(name)?.attrs.location ?? '');
  const spend = (name: string, cost: number, what: string) => api.call<number>('307', 'spend', name, cost, what);
  const earn = (name: string, amount: number) => api.call('307', 'earn', name, amount);
  const lose = (name: string, amount: number) => api.call<number>('307', 'lose', name, amount);
  const items = (name: string) => ({ ...((attrs(name).items as Record<string, number>) ?? {}) });
  const resources = (name: string) => ({ ...((attrs(name).resources as Record<string, number>) ?? {}) });
  const addResource = (name: string, r: string, n: number) => {
    const res = resources(name);
    res[r] = (res[r] ?? 0) + n;
    api.set('player/' + name, 'resources', res);
  };
  const addItem = (name: string, item: string, n: number) => {
    const it = items(name);
    it[item] = (it[item] ?? 0) + n;
    api.set('player/' + name, 'items', it);
  };
  const value = (r: string) => (r === 'emerald' ? emeraldValue : table[r]?.[1]);
  const place = (name: string, to: string) => api.call('331', 'place', name, to);
  const canonical = (s: unknown) => api.call<string | null>('331', 'canonical', String(s));
  const inGame = (ctx: { medium?: { channel?: string } }) => (ctx.medium?.channel && ctx.medium.channel !== 'game' ? 'Rule 334: this must be declared in #game' : undefined);
  const expeditionOf = (name: string) => api.all('expedition', (x) => x.attrs.status === 'underway' && ((x.attrs.members as string[]) ?? []).includes(name) && !((x.attrs.done as string[]) ?? []).includes(name))[0];

  api.on('player-joined', (e) => api.update('player/' + e.payload.player, {
    resources: Object.fromEntries(RESOURCES.map((r) => [r, 0])), items: {}, kit: null, mining: null, runsByTier: {}, catches: 0, wagesPaid: 0,
  }));

  // Each resource and item is also readable on its own (`player/alice.wheat`, `player/alice.dynamite`),
  // as people would ask for it; `resources` and `items` stay the record.
  for (const r of RESOURCES) api.computed('player', r, (o) => Number((o.attrs.resources as Record<string, number> | undefined)?.[r] ?? 0));
  for (const i of ['prairie-dog', 'farm', 'fishing-rod', 'airboat', 'dynamite', 'hired-hand', 'rifle']) {
    api.computed('player', i, (o) => Number((o.attrs.items as Record<string, number> | undefined)?.[i] ?? 0));
  }

  // ---- staying put
  /** Why a player cannot leave their location now (null: they can). `unicorn` ignores turn penalties. */
  const stuck = (name: string, unicorn = false): string | null => {
    const a = attrs(name);
    if (a.mining && !unicorn) return 'Rule 334: you cannot leave the Mountains during a mining run';
    if (expeditionOf(name) && !unicorn) return 'Rule 334: you are stuck in the jungle until the expedition ends';
    if (a.travellingTo) return `you are on your way to the ${a.travellingTo}`;
    if (unicorn) return null;
    const ownTurns = Number(a.turnsTaken ?? 0) - Number(a.arrivedOwnTurns ?? 0);
    if (a.location === 'Marsh' && !items(name).airboat && ownTurns < 2) return 'Rule 334: you cannot leave the Marsh until one more of your turns has passed than normal';
    if (a.location === 'Desert' && ownTurns < 2) return 'Rule 334: you cannot leave the Desert until one more turn than normal has passed';
    return null;
  };
  const stuckCheck = (ctx: { agent: string }) => (api.get('player/' + ctx.agent) ? stuck(ctx.agent) ?? undefined : undefined);
  api.check('move', stuckCheck);
  api.check('change-location', stuckCheck);

  // ---- trading limits, used by transfers (Rule 328) and trades
  const tradeBlocked = (a: string, b: string): string | null => {
    const ea = expeditionOf(a);
    const eb = expeditionOf(b);
    if ((ea || eb) && ea?.id !== eb?.id) return 'Rule 334: players on a jungle expedition cannot trade with players not on it';
    for (const [x, y] of [[a, b], [b, a]] as const) {
      const mx = attrs(x).mining as { tier: string } | null;
      if (!mx) continue;
      const my = attrs(y).mining as { tier: string } | null;
      if (!my || Math.abs(TIERS.indexOf(mx.tier as never) - TIERS.indexOf(my.tier as never)) > 1) return `Rule 334: during a mining run ${x} trades only with players in a mine within one tier`;
    }
    return null;
  };
  api.export('tradeBlocked', tradeBlocked);
  api.export('stuck', stuck);
  const shipping = (name: string) => (where(name) === 'City' ? 0 : spend(name, fee, 'a delivery fee'));

  // ---- buying
  // An item as people name it: "Prairie DOG", "pet prairie dog", "Fishing rod", "bronze mining kit",
  // "Outsourced labour", "hired_hand" all name the item of the price list.
  const itemName = (raw: unknown): string => {
    let n = String(raw ?? '').trim().toLowerCase().replace(/[\s_]+/g, '-').replace(/^(a|an|one)-/, '').replace(/^pet-/, '').replace(/^bronze-/, '');
    if (n === 'outsourced-labour' || n === 'outsourced-laborer' || n === 'laborer') n = 'outsourced-labor';
    if (n === 'rod') n = 'fishing-rod';
    if (n === 'kit') n = 'mining-kit';
    if (!prices[n] && n.endsWith('s') && prices[n.slice(0, -1)]) n = n.slice(0, -1);
    return n;
  };

  api.action('buy', {
    describe: `Buy an item where it is sold: ${Object.entries(prices).map(([k, v]) => `${k} (${v.price}, ${v.at})`).join(', ')}.`,
    args: { item: 'string', count: 'number?' },
    legal(ctx) {
      if (!isPlayer(ctx.agent)) return 'only players buy';
      const item = prices[itemName(ctx.args.item)];
      if (!item) return `Rule 334 sells ${Object.keys(prices).join(', ')}`;
      if (where(ctx.agent) !== item.at) return `Rule 334: ${ctx.args.item} is sold in the ${item.at}`;
      if (itemName(ctx.args.item) === 'farm' && items(ctx.agent).farm) return 'you already have a farm';
      const n = Number(ctx.args.count ?? 1);
      if (!Number.isInteger(n) || n < 1) return 'the count must be a positive whole number';
    },
    perform(ctx) {
      const name = itemName(ctx.args.item);
      for (let i = 0; i < Number(ctx.args.count ?? 1); i++) {
        spend(ctx.agent, prices[name]!.price, name);
        if (name === 'mining-kit') api.set('player/' + ctx.agent, 'kit', { tier: 'bronze', durability: table.bronze![0], broken: false });
        else if (name === 'outsourced-labor') api.secret('player/' + ctx.agent, 'outsourced', true, [ctx.agent]);
        else addItem(ctx.agent, name, 1);
      }
      return 'player/' + ctx.agent;
    },
  });

  // ---- selling on market and trading
  api.action('sell', {
    describe: 'Sell resources on market at market value (emerald 85, bronze 6, iron 8, tungsten 10, corundum 40, diamond 80); a delivery fee applies outside the City.',
    args: { resource: 'string', amount: 'number?' },
    legal(ctx) {
      if (!isPlayer(ctx.agent)) return 'only players sell';
      const r = String(ctx.args.resource).toLowerCase();
      if (value(r) === undefined) return `Rule 334: ${r} has no market value`;
      const n = Number(ctx.args.amount ?? 1);
      if (!Number.isInteger(n) || n < 1) return 'the amount must be a positive whole number';
      if ((resources(ctx.agent)[r] ?? 0) < n) return `you have ${resources(ctx.agent)[r] ?? 0} ${r}`;
      return inGame(ctx);
    },
    perform(ctx) {
      const r = String(ctx.args.resource).toLowerCase();
      const n = Number(ctx.args.amount ?? 1);
      addResource(ctx.agent, r, -n);
      earn(ctx.agent, n * value(r)!);
      shipping(ctx.agent);
    },
  });

  const validBundle = (b: unknown) =>
    b && typeof b === 'object' && !Array.isArray(b) && Object.entries(b as object).every(([k, v]) => (k === 'gold' || (RESOURCES as readonly string[]).includes(k)) && Number.isInteger(v) && (v as number) >= 0);
  const has = (name: string, b: Record<string, number>) =>
    Object.entries(b).every(([k, v]) => (k === 'gold' ? Number(attrs(name).gold ?? 0) >= v : (resources(name)[k] ?? 0) >= v));
  api.action('offer-trade', {
    describe: 'Offer a shipment to another player: `give` and `get` are bundles like {wheat: 1, gold: 10}; it happens when they accept.',
    args: { with: 'string', give: 'json', get: 'json' },
    legal(ctx) {
      const other = String(ctx.args.with);
      if (!isPlayer(ctx.agent) || !isPlayer(other) || other === ctx.agent) return 'trade with another player';
      if (!validBundle(ctx.args.give) || !validBundle(ctx.args.get)) return 'bundles list gold and resources (wheat, emerald, bronze, iron, tungsten, corundum, diamond, ice)';
      if (!has(ctx.agent, ctx.args.give as Record<string, number>)) return 'you do not have what you offer';
      return tradeBlocked(ctx.agent, other) ?? inGame(ctx);
    },
    perform(ctx) {
      return api.create('trade', { from: ctx.agent, to: String(ctx.args.with), give: ctx.args.give as any, get: ctx.args.get as any, status: 'offered', turn: turn() }, { owner: null }).key;
    },
  });
  api.action('accept-trade', {
    describe: 'Accept a shipment offered to you (each side outside the City pays the delivery fee).',
    args: { trade: 'string' },
    legal(ctx) {
      const t = api.get('trade/' + ctx.args.trade);
      if (!t || t.attrs.status !== 'offered') return 'there is no such offer';
      if (t.attrs.to !== ctx.agent) return 'the offer is not to you';
      if (!has(String(t.attrs.from), t.attrs.give as Record<string, number>)) return `${t.attrs.from} no longer has what they offered`;
      if (!has(ctx.agent, t.attrs.get as Record<string, number>)) return 'you do not have what is asked';
      return tradeBlocked(String(t.attrs.from), ctx.agent) ?? inGame(ctx);
    },
    perform(ctx) {
      const t = api.get('trade/' + ctx.args.trade)!;
      const move = (from: string, to: string, b: Record<string, number>) => {
        for (const [k, v] of Object.entries(b)) {
          if (k === 'gold') {
            api.set('player/' + from, 'gold', Number(attrs(from).gold) - v);
            earn(to, v);
          } else {
            addResource(from, k, -v);
            addResource(to, k, v);
          }
        }
      };
      move(String(t.attrs.from), ctx.agent, t.attrs.give as Record<string, number>);
      move(ctx.agent, String(t.attrs.from), t.attrs.get as Record<string, number>);
      shipping(String(t.attrs.from));
      shipping(ctx.agent);
      api.update(t.key, { status: 'done', doneAt: ctx.now });
      return t.key;
    },
  });

  // ---- Prairie
  api.action('tend-farm', {
    describe: 'Consent to tend another player\'s farm while you are in the Prairie (its wheat still goes to its owner).',
    args: { owner: 'string' },
    legal(ctx) {
      const owner = String(ctx.args.owner);
      if (!isPlayer(ctx.agent)) return 'only players tend farms';
      if (!player(owner) || !items(owner).farm) return `${owner} has no farm`;
      if (owner === ctx.agent) return 'you tend your own farm by staying in the Prairie';
      if (where(ctx.agent) !== 'Prairie') return 'Rule 334: a farm is tended in the Prairie';
    },
    perform(ctx) {
      api.set('player/' + String(ctx.args.owner), 'farmTender', ctx.agent);
    },
  });

  // ---- Jungle
  api.action('start-expedition', {
    describe: 'On your turn in the Jungle, invite two players in the Jungle on an expedition (each pays 20 when both have joined).',
    args: { with: 'string[]' },
    legal(ctx) {
      const others = (ctx.args.with as string[]) ?? [];
      if (!isPlayer(ctx.agent)) return 'only players go on expeditions';
      if (game().turn !== ctx.agent) return 'Rule 334: an expedition starts on your turn';
      if (new Set(others).size !== 2 || others.includes(ctx.agent)) return 'Rule 334: an expedition needs 2 other players';
      for (const p of [ctx.agent, ...others]) {
        if (!isPlayer(p) || where(p) !== 'Jungle') return `Rule 334: ${p} is not a player in the Jungle`;
        if (expeditionOf(p)) return `${p} is already on an expedition`;
        const last = attrs(p).expeditionEndedTurn;
        if (last != null && turn() - Number(last) < expeditionRest) return `Rule 334: ${p} has been on an expedition in the past ${expeditionRest} turns`;
      }
    },
    perform(ctx) {
      return api.create('expedition', {
        leader: ctx.agent, members: [ctx.agent], invited: (ctx.args.with as string[]).slice(), status: 'forming', turn: turn(), done: [],
      }, { owner: null }).key;
    },
  });
  api.action('join-expedition', {
    describe: 'Consent to join an expedition you were invited on (during its leader\'s turn).',
    args: { expedition: 'string' },
    legal(ctx) {
      const x = api.get('expedition/' + ctx.args.expedition);
      if (!x || x.attrs.status !== 'forming') return 'there is no expedition forming';
      if (!((x.attrs.invited as string[]) ?? []).includes(ctx.agent)) return 'you were not invited';
      if (((x.attrs.members as string[]) ?? []).includes(ctx.agent)) return 'you already joined';
      if (Number(x.attrs.turn) !== turn() || game().turn !== x.attrs.leader) return 'Rule 334: the expedition had to start on its leader\'s turn';
      if (where(ctx.agent) !== 'Jungle') return 'Rule 334: you are not in the Jungle';
    },
    perform(ctx) {
      const x = api.get('expedition/' + ctx.args.expedition)!;
      const members = [...(x.attrs.members as string[]), ctx.agent];
      api.set(x.key, 'members', members);
      if (members.length === 3) {
        for (const m of members) spend(m, expeditionCost, 'a jungle expedition');
        api.update(x.key, { status: 'underway', startedTurn: turn(), leaderTurnsAtStart: Number(attrs(String(x.attrs.leader)).turnsTaken ?? 0) });
      }
      return x.key;
    },
  });
  const finishExpedition = (key: string, member: string) => {
    const x = api.get(key)!;
    addResource(member, 'emerald', 1);
    earn(member, expeditionGold);
    api.set('player/' + member, 'expeditionEndedTurn', turn());
    const done = [...((x.attrs.done as string[]) ?? []), member];
    api.set(key, 'done', done);
    if (done.length === (x.attrs.members as string[]).length) api.update(key, { status: 'completed', endedTurn: turn() });
  };

  // ---- Mountains
  const nextTier = (t: string) => TIERS[TIERS.indexOf(t as never) + 1];
  const finishRun = (name: string) => {
    const a = attrs(name);
    const run = a.mining as { tier: string };
    const runs = { ...((a.runsByTier as Record<string, number>) ?? {}) };
    runs[run.tier] = (runs[run.tier] ?? 0) + 1;
    const lucky = runs[run.tier]! % 3 === 0 && nextTier(run.tier);
    if (lucky) addResource(name, lucky, 1);
    else addResource(name, run.tier, run.tier === 'bronze' ? 1 : 2);
    const kit = { ...(a.kit as { tier: string; durability: number; broken: boolean }) };
    kit.durability -= 1;
    if (kit.durability <= 0) kit.broken = true;
    api.update('player/' + name, { mining: null, runsByTier: runs, kit });
  };
  api.action('mine', {
    describe: 'Go on a mining run with your kit (in the Mountains; 2 turns).',
    legal(ctx) {
      if (!isPlayer(ctx.agent)) return 'only players mine';
      if (where(ctx.agent) !== 'Mountains') return 'Rule 334: mining is in the Mountains';
      const kit = attrs(ctx.agent).kit as { broken: boolean } | null;
      if (!kit) return 'Rule 334: you need a mining kit';
      if (kit.broken) return 'Rule 334: your mining kit is broken (repair it)';
      if (attrs(ctx.agent).mining) return 'you are already on a mining run';
    },
    perform(ctx) {
      const kit = attrs(ctx.agent).kit as { tier: string };
      api.set('player/' + ctx.agent, 'mining', { tier: kit.tier, startedTurn: turn(), endsAfterTurn: turn() + runTurns - 1 });
    },
  });
  api.action('use-dynamite', {
    describe: 'Use a dynamite to complete your mining run instantly.',
    legal(ctx) {
      if (!attrs(ctx.agent)?.mining) return 'you are not on a mining run';
      if (!items(ctx.agent).dynamite) return 'you have no dynamite';
    },
    perform(ctx) {
      addItem(ctx.agent, 'dynamite', -1);
      finishRun(ctx.agent);
    },
  });
  api.action('make-kit', {
    describe: 'Convert one unit of a material into a mining kit of its tier (it replaces your kit).',
    args: { tier: 'string' },
    legal(ctx) {
      const t = String(ctx.args.tier).toLowerCase();
      if (!isPlayer(ctx.agent)) return 'only players make kits';
      if (!(TIERS as readonly string[]).includes(t)) return `the tiers are ${TIERS.join(', ')}`;
      if ((resources(ctx.agent)[t] ?? 0) < 1) return `you have no ${t}`;
      if (attrs(ctx.agent).mining) return 'not during a mining run';
    },
    perform(ctx) {
      const t = String(ctx.args.tier).toLowerCase();
      addResource(ctx.agent, t, -1);
      api.set('player/' + ctx.agent, 'kit', { tier: t, durability: table[t]![0], broken: false });
    },
  });
  api.action('repair-kit', {
    describe: 'Repair your broken mining kit for half its material\'s market value.',
    legal(ctx) {
      const kit = attrs(ctx.agent)?.kit as { broken: boolean } | null;
      if (!kit || !kit.broken) return 'you have no broken kit';
    },
    perform(ctx) {
      const kit = attrs(ctx.agent).kit as { tier: string };
      spend(ctx.agent, Math.floor(table[kit.tier]![1] / 2), 'repairing a mining kit');
      api.set('player/' + ctx.agent, 'kit', { tier: kit.tier, durability: table[kit.tier]![0], broken: false });
    },
  });
  api.action('climb', {
    describe: 'Scale the mountain with your mining kit for 1 Ice, destroying the kit.',
    legal(ctx) {
      if (where(ctx.agent) !== 'Mountains') return 'Rule 334: you climb in the Mountains';
      if (!attrs(ctx.agent).kit) return 'Rule 334: climbing needs a mining kit';
      if (attrs(ctx.agent).mining) return 'not during a mining run';
    },
    perform(ctx) {
      api.set('player/' + ctx.agent, 'kit', null);
      addResource(ctx.agent, 'ice', 1);
    },
  });

  // ---- Marsh
  api.action('fish', {
    describe: 'Fish, once on each of your turns in the Marsh with a rod (50 gold; every 3rd catch is a big catch of 80).',
    legal(ctx) {
      if (!isPlayer(ctx.agent) || where(ctx.agent) !== 'Marsh') return 'Rule 334: fishing is in the Marsh';
      if (!items(ctx.agent)['fishing-rod']) return 'Rule 334: you need a fishing rod';
      if (game().turn !== ctx.agent) return 'Rule 334: you fish on your turns';
      if (Number(attrs(ctx.agent).fishedTurn) === turn()) return 'you have already fished this turn';
    },
    perform(ctx) {
      const catches = Number(attrs(ctx.agent).catches ?? 0) + 1;
      api.update('player/' + ctx.agent, { catches, fishedTurn: turn() });
      earn(ctx.agent, catches % bigEvery === 0 ? bigGold : fishGold);
    },
  });
  api.action('take-airboat', {
    describe: 'Leave the Marsh in your airboat for another location, at any time.',
    args: { to: 'string' },
    legal(ctx) {
      if (!isPlayer(ctx.agent) || where(ctx.agent) !== 'Marsh') return 'you are not in the Marsh';
      if (!items(ctx.agent).airboat) return 'you have no airboat';
      const to = canonical(ctx.args.to);
      if (!to || to === 'Marsh') return 'name another location';
      return stuck(ctx.agent) ?? undefined;
    },
    perform: (ctx) => place(ctx.agent, canonical(ctx.args.to)!),
  });

  // ---- City
  api.action('leave-city', {
    describe: 'Leave the City at any time for 10 gold; you arrive when the next turn ends.',
    args: { to: 'string' },
    legal(ctx) {
      if (!isPlayer(ctx.agent) || where(ctx.agent) !== 'City') return 'you are not in the City';
      const to = canonical(ctx.args.to);
      if (!to || to === 'City') return 'name another location';
      return stuck(ctx.agent) ?? undefined;
    },
    perform(ctx) {
      spend(ctx.agent, cityExit, 'leaving the City');
      api.update('player/' + ctx.agent, { travellingTo: canonical(ctx.args.to)!, arrivesAfterTurn: turn() + 1 });
    },
  });
  api.action('send-hired-hand', {
    describe: 'Send a hired hand to another location for 1 resource you could get there (Prairie: wheat with a farm; Jungle: an emerald; Mountains: your kit\'s material).',
    args: { location: 'string' },
    legal(ctx) {
      if (!items(ctx.agent)?.['hired-hand']) return 'you have no hired hand';
      const to = canonical(ctx.args.location);
      if (!to || to === where(ctx.agent)) return 'Rule 334: a hired hand is sent to a different location';
      if (to === 'Prairie' && !items(ctx.agent).farm) return 'you have no farm for the hand to harvest';
      if (to === 'Mountains' && !attrs(ctx.agent).kit) return 'you have no mining kit for the hand';
      if (!['Prairie', 'Jungle', 'Mountains'].includes(to)) return `there is no resource to acquire in the ${to}`;
    },
    perform(ctx) {
      const to = canonical(ctx.args.location)!;
      addItem(ctx.agent, 'hired-hand', -1);
      const kit = attrs(ctx.agent).kit as { tier: string } | null;
      addResource(ctx.agent, to === 'Prairie' ? 'wheat' : to === 'Jungle' ? 'emerald' : kit!.tier, 1);
    },
  });

  // ---- the unicorn
  api.action('build-unicorn', {
    describe: 'Use one of each resource (wheat, emerald, bronze, iron, tungsten, corundum, diamond, ice) to build a magical unicorn.',
    legal(ctx) {
      if (!isPlayer(ctx.agent)) return 'only players build unicorns';
      const missing = RESOURCES.filter((r) => (resources(ctx.agent)[r] ?? 0) < 1);
      if (missing.length) return `Rule 334: a unicorn needs one of each resource; you lack ${missing.join(', ')}`;
    },
    perform(ctx) {
      for (const r of RESOURCES) addResource(ctx.agent, r, -1);
      addItem(ctx.agent, 'unicorn', 1);
    },
  });
  api.action('fly', {
    describe: 'Fly your unicorn to any location at any time (leaving a mining run or an expedition cancels it).',
    args: { to: 'string' },
    legal(ctx) {
      if (!items(ctx.agent)?.unicorn) return 'you have no unicorn';
      const to = canonical(ctx.args.to);
      if (!to || to === where(ctx.agent)) return 'name another location';
      return stuck(ctx.agent, true) ?? undefined;
    },
    perform(ctx) {
      if (attrs(ctx.agent).mining) api.set('player/' + ctx.agent, 'mining', null);
      const x = expeditionOf(ctx.agent);
      if (x) {
        api.set(x.key, 'members', (x.attrs.members as string[]).filter((m) => m !== ctx.agent));
        api.set(x.key, 'left', [...((x.attrs.left as string[]) ?? []), ctx.agent]);
      }
      place(ctx.agent, canonical(ctx.args.to)!);
    },
  });

  // ---- every turn: pets, farms, mining runs, travel, forming expeditions
  api.on('turn-ends', (e) => {
    const t = Number(e.payload.turn);
    for (const p of api.all('player')) {
      const it = (p.attrs.items as Record<string, number>) ?? {};
      if (it['prairie-dog']) earn(p.id, petGold * it['prairie-dog']);
      const tender = p.attrs.farmTender ? String(p.attrs.farmTender) : null;
      if (it.farm && (p.attrs.location === 'Prairie' || (tender && where(tender) === 'Prairie'))) addResource(p.id, 'wheat', 1);
      const run = p.attrs.mining as { endsAfterTurn: number } | null;
      if (run && run.endsAfterTurn <= t) finishRun(p.id);
      if (p.attrs.travellingTo && Number(p.attrs.arrivesAfterTurn) <= t) place(p.id, String(p.attrs.travellingTo));
    }
    for (const x of api.all('expedition', (x) => x.attrs.status === 'forming' && Number(x.attrs.turn) <= t)) api.update(x.key, { status: 'expired' });
  });

  // ---- each player's own turn: wages, the desert, expeditions coming home
  api.on('turn-begins', (e) => {
    const name = String(e.payload.player);
    const a = attrs(name);
    if ((a.location === 'City' && !a.travellingTo) || a.outsourced === true) {
      const paid = Number(a.wagesPaid ?? 0);
      earn(name, wage + raise[0] * Math.floor(paid / raise[1]));
      api.set('player/' + name, 'wagesPaid', paid + 1);
      if (a.outsourced === true) api.set('player/' + name, 'outsourced', undefined);
    }
    if (a.location === 'Desert') lose(name, desertCost);
    for (const x of api.all('expedition', (x) => x.attrs.status === 'underway')) {
      const members = (x.attrs.members as string[]).filter((m) => !((x.attrs.done as string[]) ?? []).includes(m));
      for (const m of members) {
        const leaderBack = x.attrs.leader === name && Number(attrs(name).turnsTaken) > Number(x.attrs.leaderTurnsAtStart);
        const rifle = (items(m).rifle ?? 0) > 0 && Number(e.payload.turn) - Number(x.attrs.startedTurn) >= rifleTurns;
        if (leaderBack || rifle) finishExpedition(x.key, m);
      }
    }
  });
}
