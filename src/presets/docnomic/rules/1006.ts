// Rule 1006: Shipping and Receiving. A CEO requests a ship (`request-ship`, optionally naming the
// Trade Good it carries; otherwise one is drawn at random) unless the last ship arrived within
// the last dun, e made the last request, or e names the good of eir own last request. Other CEOs
// who bid (`bid`, Points and Plinks) start a Bidding War; the highest Bid Total (Points² + Plinks²)
// at arrival gets the cargo (ties: the requester; then more Points bid; then more Plinks held;
// else the cargo is lost) and pays eir bid. Without other bidders the requester gets the cargo.
// Doc determines the arrival (`schedule-arrival`, within 7 duns of the request); unless Doc does,
// it arrives 7 duns after the request. Arriving within 3 duns it carries 1 unit, later 2.
import type { ObjectView, RuleApi } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

type Bid = { points: number; plinks: number };

export default function (api: RuleApi) {
  const isDocAgent = (agent: string): boolean => (api.imported('1', 'isDoc') ? api.call<boolean>('1', 'isDoc', agent) : agent !== '' && agent === api.get('game/game')!.attrs.doc);
  const EPS = 1e-6;
  const within = api.param('arrival limit', { pattern: /arrive\s+within\s+(\d+)\s+duns\s+of\s+the\s+request/, parse: (m) => Number(m[1]) });
  const quick = api.param('quick arrival', { pattern: /arrives\s+within\s+(\d+)\s+duns\s+of\s+the\s+request,\s+it\s+shall\s+contain\s+(\d+)\s+unit/, parse: (m) => [Number(m[1]), Number(m[2])] as [number, number] });
  const slow = api.param('slow arrival', { pattern: /shall\s+contain\s+(\d+)\s+units\./, parse: (m) => Number(m[1]) });
  const game = () => api.get('game/game')!.attrs;
  const duns = (): number => (api.imported('10', 'duns') ? api.call<number>('10', 'duns') : api.now() / (48 * 3_600_000));
  const dunTimer = (value: number, event: string, payload: Json, id: string) => {
    if (api.imported('10', 'duns')) api.timer({ base: 'dun', value }, event, payload, { id });
    else api.timer(Math.ceil(value * 48 * 3_600_000), event, payload, { id });
  };
  const goods = (): string[] => (api.imported('1001', 'goods') ? api.call<string[]>('1001', 'goods') : []);
  const normalize = (g: unknown): string | null => (api.imported('1001', 'normalize') ? api.call<string | null>('1001', 'normalize', g) : null);
  const isCeo = (id: string) => api.get('company/' + id) !== undefined && api.get('player/' + id) !== undefined;
  const dock = () => {
    if (!api.get('dock/nomic-dock')) api.create('dock', { lastArrivalDun: null, lastRequester: null }, { id: 'nomic-dock' });
    return api.get('dock/nomic-dock')!;
  };
  const ship = (ref: unknown): ObjectView | undefined => api.get('ship/' + String(ref).replace(/^ship\//, ''));

  api.action('request-ship', {
    describe: 'As a CEO, request a ship carrying cargo to dock at the Nomic Dock (optionally naming the Trade Good it should carry, `good` or `cargo`).',
    args: { good: 'string?', cargo: 'string?' },
    legal(ctx) {
      if (!isCeo(ctx.agent)) return 'Rule 1006: only CEOs request ships';
      const wanted = ctx.args.good ?? ctx.args.cargo;
      const d = dock().attrs;
      if (d.lastArrivalDun != null && duns() - Number(d.lastArrivalDun) < 1 - EPS) return 'Rule 1006: the last ship arrived within the last dun';
      if (d.lastRequester === ctx.agent) return 'Rule 1006: you made the last request';
      if (wanted != null) {
        const good = normalize(wanted);
        if (!good) return `Rule 1006: "${wanted}" is not a Trade Good (${goods().join(', ')})`;
        if (api.get('company/' + ctx.agent)!.attrs.lastRequestedGood === good) return `Rule 1006: you requested ${good} on your last request`;
      }
    },
    perform(ctx) {
      const wanted = ctx.args.good ?? ctx.args.cargo;
      const requested = wanted != null ? normalize(wanted) : null;
      const good = requested ?? api.pick(goods());
      const now = duns();
      const n = api.nextNumber('ship');
      const s = api.create('ship', {
        requester: ctx.agent, good, requestedGood: requested, requestedDun: now, requestedAt: ctx.now,
        arrivalDun: now + within, status: 'incoming', bids: {}, winner: null, units: null,
      }, { id: String(n) });
      api.update(dock().key, { lastRequester: ctx.agent });
      api.set('company/' + ctx.agent, 'lastRequestedGood', requested);
      dunTimer(now + within, 'ship-arrives', { ship: s.id }, 'ship-' + s.id);
      api.message('all', `${ctx.agent} requests a ship (${s.id}) carrying ${requested ?? 'a random Trade Good'}; it arrives within ${within} duns (Rule 1006).`, { channel: 'list' });
      return s.key;
    },
  });

  api.action('bid', {
    describe: 'As a CEO, bid Points and Plinks for an incoming ship\'s cargo (either may be left out: 0; a new bid replaces your old one); any bid by another CEO than the requester starts a Bidding War.',
    args: { ship: 'json', points: 'number?', plinks: 'number?' },
    legal(ctx) {
      if (!isCeo(ctx.agent)) return 'Rule 1006: only CEOs bid';
      const s = ship(ctx.args.ship);
      if (!s || s.attrs.status !== 'incoming') return `there is no incoming ship ${ctx.args.ship}`;
      const points = Number(ctx.args.points ?? 0);
      const plinks = Number(ctx.args.plinks ?? 0);
      if (!Number.isInteger(points) || !Number.isInteger(plinks) || points < 0 || plinks < 0) return 'bid whole, nonnegative numbers of Points and Plinks';
      const p = api.get('player/' + ctx.agent)!.attrs;
      if (points > Number(p.points ?? 0)) return `you have only ${p.points} Points`;
      if (plinks > Number(p.plinks ?? 0)) return `Rule 1002: you have only ${p.plinks ?? 0} Plinks`;
    },
    perform(ctx) {
      const s = ship(ctx.args.ship)!;
      api.set(s.key, 'bids', { ...(s.attrs.bids as JsonObject), [ctx.agent]: { points: Number(ctx.args.points ?? 0), plinks: Number(ctx.args.plinks ?? 0) } });
      return s.key;
    },
  });

  api.action('schedule-arrival', {
    describe: 'As Doc, determine when a ship arrives: `duns` after its request (at most 7; a time already past means now).',
    args: { ship: 'json', duns: 'number' },
    legal(ctx) {
      if (!isDocAgent(ctx.agent)) return 'Rule 1006: the ship\'s arrival time is determined by Doc';
      const s = ship(ctx.args.ship);
      if (!s || s.attrs.status !== 'incoming') return `there is no incoming ship ${ctx.args.ship}`;
      const d = Number(ctx.args.duns);
      if (!(d >= 0) || d > within) return `Rule 1006: the ship arrives within ${within} duns of the request`;
    },
    perform(ctx) {
      const s = ship(ctx.args.ship)!;
      const at = Number(s.attrs.requestedDun) + Number(ctx.args.duns);
      api.set(s.key, 'arrivalDun', at);
      if (at <= duns() + EPS) arrive(s.id);
      else dunTimer(at, 'ship-arrives', { ship: s.id }, 'ship-' + s.id);
      return s.key;
    },
  });

  /** The Bidding War: who gets the cargo, or null when the ship has its accident. */
  const winnerOf = (s: ObjectView): { winner: string | null; war: boolean } => {
    const requester = String(s.attrs.requester);
    const bids = Object.fromEntries(Object.entries(s.attrs.bids as Record<string, Bid>).filter(([id]) => isCeo(id)));
    const others = Object.keys(bids).filter((id) => id !== requester);
    if (others.length === 0) return { winner: isCeo(requester) ? requester : null, war: false };
    const entrants = [...new Set([...(isCeo(requester) ? [requester] : []), ...Object.keys(bids)])];
    const bidOf = (id: string): Bid => bids[id] ?? { points: 0, plinks: 0 };
    const total = (id: string) => bidOf(id).points ** 2 + bidOf(id).plinks ** 2;
    const top = Math.max(...entrants.map(total));
    let tied = entrants.filter((id) => total(id) === top);
    if (tied.length > 1 && tied.includes(requester)) return { winner: requester, war: true };
    const most = (f: (id: string) => number) => {
      const best = Math.max(...tied.map(f));
      tied = tied.filter((id) => f(id) === best);
    };
    if (tied.length > 1) most((id) => bidOf(id).points);
    if (tied.length > 1) most((id) => Number(api.get('player/' + id)!.attrs.plinks ?? 0));
    return { winner: tied.length === 1 ? tied[0]! : null, war: true };
  };

  const arrive = (id: string) => {
    const s = api.get('ship/' + id);
    if (!s || s.attrs.status !== 'incoming') return;
    api.cancelTimer('ship-' + id);
    const after = duns() - Number(s.attrs.requestedDun);
    const units = after <= quick[0] + EPS ? quick[1] : slow;
    const { winner, war } = winnerOf(s);
    const record: JsonObject = { status: winner ? 'arrived' : 'lost', arrivedAt: api.now(), arrivedAfterDuns: Math.round(after * 1000) / 1000, units, winner, biddingWar: war };
    if (winner) {
      if (war) {
        const bid = (s.attrs.bids as Record<string, Bid>)[winner] ?? { points: 0, plinks: 0 };
        const p = api.get('player/' + winner)!;
        api.set(p.key, 'points', Number(p.attrs.points ?? 0) - bid.points);
        if (api.imported('1002', 'debit')) api.call('1002', 'debit', winner, bid.plinks, false);
        record.paid = bid as unknown as Json;
      }
      record.stored = api.imported('1001', 'store') ? api.call<number>('1001', 'store', winner, String(s.attrs.good), units) : 0;
    }
    api.update(s.key, record);
    api.set(dock().key, 'lastArrivalDun', duns());
    api.message('all', winner
      ? `Ship ${id} docks with ${units} unit(s) of ${s.attrs.good}: the cargo goes to ${winner}${war ? ' after a Bidding War' : ''} (Rule 1006).`
      : `Ship ${id} has a horrible accident as it tries to dock; the cargo is lost (Rule 1006).`, { channel: 'list' });
  };

  api.on('ship-arrives', (e) => arrive(String(e.payload.ship)));

  api.on('player-removed', (e) => {
    for (const s of api.all('ship', (s) => s.attrs.status === 'incoming' && (s.attrs.bids as JsonObject)[e.payload.player] !== undefined)) {
      const bids = { ...(s.attrs.bids as JsonObject) };
      delete bids[e.payload.player];
      api.set(s.key, 'bids', bids);
    }
  });
}
