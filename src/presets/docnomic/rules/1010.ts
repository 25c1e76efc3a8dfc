// Rule 1010: Trading. A Company is involved in one transaction per dun (duns counted from the start
// of the game). Company A's CEO asks Company B for Goods (`offer-trade`); B's CEO accepts, naming a
// gratuity of up to 20% of the Goods' total market price, or declines (`answer-trade`); with no
// answer in 4 duns the transaction is aborted. After an acceptance A's CEO completes or aborts it
// (`close-trade`); with no answer in 4 duns it is aborted. Completing it, A pays B the gratuity and
// B, since Goods cannot be moved yet, takes them from its warehouse and emits a bill of exchange
// (`bill/N`) kept by A's CEO; bills pass between players (`transfer-bill`). A declining B, or an
// aborting (or silent) A, is fined for Obstruction In Commerce by Doc (`fine-obstruction`: at least
// 1 Plink, up to 50% of the total price).
import type { ObjectView, RuleApi } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const isDocAgent = (agent: string): boolean => (api.imported('1', 'isDoc') ? api.call<boolean>('1', 'isDoc', agent) : agent !== '' && agent === api.get('game/game')!.attrs.doc);
  const wait = api.param('answer time', { pattern: /no\s+message\s+is\s+received\s+within\s+(\d+)\s+duns/, parse: (m) => Number(m[1]) });
  const gratuityShare = api.param('gratuity', { pattern: /Plinks\s+up\s+to\s+(\d+)%\s+of\s+the\s+total\s+price/, parse: (m) => Number(m[1]) / 100 });
  const fineShare = api.param('fine', { pattern: /at\s+least\s+1\s+Plink,\s+up\s+to\s+(\d+)%/, parse: (m) => Number(m[1]) / 100 });
  const game = () => api.get('game/game')!.attrs;
  const duns = (): number => (api.imported('10', 'duns') ? api.call<number>('10', 'duns') : api.now() / (48 * 3_600_000));
  const dunIndex = (v: number) => Math.floor(v + 1e-9);
  const dunTimer = (value: number, event: string, payload: Json, id: string) => {
    if (api.imported('10', 'duns')) api.timer({ base: 'dun', value }, event, payload, { id });
    else api.timer(Math.ceil(value * 48 * 3_600_000), event, payload, { id });
  };
  const normalize = (g: unknown): string | null => (api.imported('1001', 'normalize') ? api.call<string | null>('1001', 'normalize', g) : null);
  const stock = (who: string, good: string) => (api.imported('1001', 'stock') ? api.call<number>('1001', 'stock', who, good) : 0);
  const price = (good: string) => (api.imported('1007', 'price') ? api.call<number>('1007', 'price', good) : 0);
  const plinks = (who: string) => Number(api.get('player/' + who)?.attrs.plinks ?? 0);
  const isCeo = (id: string) => api.get('company/' + id) !== undefined && api.get('player/' + id) !== undefined;
  const trade = (ref: unknown): ObjectView | undefined => api.get('trade/' + String(ref).replace(/^trade\//, ''));
  const involved = (company: string) => {
    const today = dunIndex(duns());
    return api.all('trade', (t) => (t.attrs.from === company || t.attrs.with === company) && dunIndex(Number(t.attrs.offeredDun)) === today).length > 0;
  };
  const wanted = (raw: unknown): Record<string, number> | string => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return 'goods maps Trade Goods to quantities, e.g. {"flour": 2}';
    const out: Record<string, number> = {};
    for (const [name, qty] of Object.entries(raw as JsonObject)) {
      const good = normalize(name);
      if (!good) return `"${name}" is not a Trade Good`;
      if (!Number.isInteger(qty) || Number(qty) <= 0) return 'quantities are whole positive numbers';
      out[good] = (out[good] ?? 0) + Number(qty);
    }
    return Object.keys(out).length ? out : 'name the Goods you need';
  };
  /** A yes or a no in a CEO's words: true, "yes", "accept", "complete"; false, "no", "decline", "abort". */
  const yes = (v: unknown): boolean | null => {
    if (typeof v === 'boolean') return v;
    const w = String(v ?? '').trim().toLowerCase();
    if (/^(yes|y|true|accepte?d?|complete[d]?|ok)$/.test(w)) return true;
    if (/^(no|n|false|declined?|reject(ed)?|abort(ed)?|refused?)$/.test(w)) return false;
    return null;
  };
  /** Company B, by its CEO's name (`with`, or `to`). */
  const partner = (args: Readonly<JsonObject>): string | null => {
    const b = args.with ?? args.to;
    return b === undefined || b === null ? null : String(b);
  };
  const hasGoods = (who: string, goods: Record<string, number>) => Object.entries(goods).every(([g, n]) => stock(who, g) >= n);

  api.action('offer-trade', {
    describe: 'As CEO of Company A, ask Company B (its CEO\'s name in `with`, or `to`) for Goods: `goods` maps Trade Goods to quantities.',
    args: { with: 'string?', to: 'string?', goods: 'json' },
    legal(ctx) {
      if (!isCeo(ctx.agent)) return 'Rule 1010: only a CEO trades for eir Company';
      if (partner(ctx.args) === null) return 'offer-trade needs the argument "with" (Company B\'s CEO)';
      const b = partner(ctx.args)!;
      if (!isCeo(b) || b === ctx.agent) return `Rule 1010: ${b} is not another Company's CEO`;
      const goods = wanted(ctx.args.goods);
      if (typeof goods === 'string') return `Rule 1010: ${goods}`;
      if (involved(ctx.agent)) return 'Rule 1010: your Company is already involved in a transaction this dun';
      if (involved(b)) return `Rule 1010: ${b}'s Company is already involved in a transaction this dun`;
    },
    perform(ctx) {
      const goods = wanted(ctx.args.goods) as Record<string, number>;
      const total = Object.entries(goods).reduce((n, [g, q]) => n + price(g) * q, 0);
      const now = duns();
      const n = api.nextNumber('trade');
      const t = api.create('trade', {
        from: ctx.agent, with: partner(ctx.args)!, goods, totalPrice: total, status: 'offered', gratuity: null,
        offeredDun: now, offeredAt: ctx.now, finedParty: null, fine: null,
      }, { id: String(n) });
      dunTimer(now + wait, 'trade-times-out', { trade: t.id, stage: 'offered' }, 'trade-' + t.id);
      api.message('all', `${ctx.agent} asks ${partner(ctx.args)} for ${JSON.stringify(goods)} (total price ${total} Plinks); transaction ${n} (Rule 1010).`, { channel: 'list' });
      return t.key;
    },
  });

  api.action('answer-trade', {
    describe: 'As CEO of Company B, accept (naming the gratuity you need, up to 20% of the total price) or decline a transaction offered to you.',
    args: { trade: 'json', accept: 'json?', answer: 'string?', gratuity: 'number?' },
    legal(ctx) {
      if (yes(ctx.args.accept ?? ctx.args.answer) === null) return 'Rule 1010: B accepts or declines: `accept` true or false';
      const t = trade(ctx.args.trade);
      if (!t) return `there is no transaction ${ctx.args.trade}`;
      if (t.attrs.with !== ctx.agent) return 'Rule 1010: only the CEO of Company B answers';
      if (t.attrs.status !== 'offered') return `Rule 1010: transaction ${t.id} is ${t.attrs.status}`;
      if (yes(ctx.args.accept ?? ctx.args.answer) === true) {
        const most = Math.floor(Number(t.attrs.totalPrice) * gratuityShare);
        const g = Number(ctx.args.gratuity ?? 0);
        if (!Number.isInteger(g) || g < 0 || g > most) return `Rule 1010: the gratuity is a whole number of Plinks up to ${Math.round(gratuityShare * 100)}% of the total price, rounded down (${most})`;
        if (!hasGoods(ctx.agent, t.attrs.goods as Record<string, number>)) return 'Rule 1010: your warehouses do not hold the requested Goods';
      }
    },
    perform(ctx) {
      const t = trade(ctx.args.trade)!;
      const accepted = yes(ctx.args.accept ?? ctx.args.answer) === true;
      if (accepted) {
        api.update(t.key, { status: 'accepted', gratuity: Number(ctx.args.gratuity ?? 0), acceptedDun: duns() });
        dunTimer(duns() + wait, 'trade-times-out', { trade: t.id, stage: 'accepted' }, 'trade-' + t.id);
      } else {
        api.cancelTimer('trade-' + t.id);
        api.update(t.key, { status: 'declined', finedParty: ctx.agent });
      }
      api.message('all', `${ctx.agent} ${accepted ? `accepts transaction ${t.id} for a gratuity of ${ctx.args.gratuity ?? 0} Plinks` : `declines transaction ${t.id} and is to be fined for Obstruction In Commerce`} (Rule 1010).`, { channel: 'list' });
      return t.key;
    },
  });

  api.action('close-trade', {
    describe: 'As CEO of Company A, complete an accepted transaction (paying the gratuity; B emits a bill of exchange for the Goods) or abort it (and be fined).',
    args: { trade: 'json', complete: 'json' },
    legal(ctx) {
      if (yes(ctx.args.complete) === null) return 'Rule 1010: A completes or aborts: `complete` true or false';
      const t = trade(ctx.args.trade);
      if (!t) return `there is no transaction ${ctx.args.trade}`;
      if (t.attrs.from !== ctx.agent) return 'Rule 1010: only the CEO of Company A completes or aborts the transaction';
      if (t.attrs.status !== 'accepted') return `Rule 1010: transaction ${t.id} is ${t.attrs.status}`;
      if (yes(ctx.args.complete) === true) {
        if (plinks(ctx.agent) < Number(t.attrs.gratuity)) return `Rule 1002: you have ${plinks(ctx.agent)} Plinks, not the gratuity of ${t.attrs.gratuity}`;
        if (!isCeo(String(t.attrs.with)) || !hasGoods(String(t.attrs.with), t.attrs.goods as Record<string, number>)) return 'Rule 1010: Company B no longer holds the Goods';
      }
    },
    perform(ctx) {
      const t = trade(ctx.args.trade)!;
      api.cancelTimer('trade-' + t.id);
      if (yes(ctx.args.complete) !== true) {
        api.update(t.key, { status: 'aborted', finedParty: ctx.agent });
        api.message('all', `${ctx.agent} aborts transaction ${t.id} and is to be fined for Obstruction In Commerce (Rule 1010).`, { channel: 'list' });
        return t.key;
      }
      const a = String(t.attrs.from);
      const b = String(t.attrs.with);
      const gratuity = Number(t.attrs.gratuity);
      if (gratuity > 0 && api.imported('1002', 'debit')) {
        api.call('1002', 'debit', a, gratuity, true);
        api.call('1002', 'credit', b, gratuity);
      }
      const goods = t.attrs.goods as Record<string, number>;
      for (const [g, q] of Object.entries(goods)) api.call('1001', 'take', b, g, q);
      const nameOf = (who: string) => String(api.get('company/' + who)?.attrs.name ?? `${who}'s company`);
      const text = `${nameOf(b)} owes the bearer ${Object.entries(goods).map(([g, q]) => `${q} ${g}`).join(', ')} (transaction ${t.id}, issued to ${nameOf(a)}).`;
      const n = api.nextNumber('bill');
      api.create('bill', { text, owner: a, issuer: b, goods, trade: t.id, issuedAt: ctx.now }, { id: String(n) });
      api.update(t.key, { status: 'completed', bill: String(n) });
      api.message('all', `Transaction ${t.id} completed: ${text} (Rule 1010).`, { channel: 'list' });
      return 'bill/' + n;
    },
  });

  api.on('trade-times-out', (e) => {
    const t = trade(e.payload.trade);
    if (!t || t.attrs.status !== e.payload.stage) return;
    if (t.attrs.status === 'offered') api.update(t.key, { status: 'aborted', abortedBecause: `no answer from ${t.attrs.with} within ${wait} duns` });
    else api.update(t.key, { status: 'aborted', finedParty: t.attrs.from, abortedBecause: `no answer from ${t.attrs.from} within ${wait} duns` });
    api.message('all', `Transaction ${t.id} is aborted: ${api.get(t.key)!.attrs.abortedBecause} (Rule 1010).`, { channel: 'list' });
  });

  api.action('fine-obstruction', {
    describe: 'As Doc, fine the Company that obstructed a transaction (declined, aborted or fell silent): at least 1 Plink, up to 50% of the total price, rounded down.',
    args: { trade: 'json', plinks: 'number' },
    legal(ctx) {
      if (!isDocAgent(ctx.agent)) return 'Rule 1010: Obstruction In Commerce is fined at Doc\'s discretion';
      const t = trade(ctx.args.trade);
      if (!t) return `there is no transaction ${ctx.args.trade}`;
      if (!t.attrs.finedParty) return `Rule 1010: nobody obstructed transaction ${t.id}`;
      if (t.attrs.fine != null) return `transaction ${t.id}'s fine has been set already`;
      const most = Math.max(1, Math.floor(Number(t.attrs.totalPrice) * fineShare));
      const n = Number(ctx.args.plinks);
      if (!Number.isInteger(n) || n < 1 || n > most) return `Rule 1010: the fine is at least 1 Plink, up to ${most}`;
    },
    perform(ctx) {
      const t = trade(ctx.args.trade)!;
      const who = String(t.attrs.finedParty);
      const taken = api.imported('1002', 'debit') ? api.call<number>('1002', 'debit', who, Number(ctx.args.plinks), false) : 0;
      api.set(t.key, 'fine', taken);
      api.message('all', `${who} is fined ${ctx.args.plinks} Plinks for Obstruction In Commerce (transaction ${t.id}, Rule 1010).`, { channel: 'list' });
      return t.key;
    },
  });

  api.action('transfer-bill', {
    describe: 'Give a bill of exchange you hold to another Player.',
    args: { bill: 'json', to: 'string' },
    legal(ctx) {
      const b = api.get('bill/' + String(ctx.args.bill).replace(/^bill\//, ''));
      if (!b) return `there is no bill of exchange ${ctx.args.bill}`;
      if (b.attrs.owner !== ctx.agent) return 'Rule 1010: only the owner of a bill of exchange transfers it';
      if (!api.get('player/' + ctx.args.to)) return `${ctx.args.to} is not a Player`;
    },
    perform(ctx) {
      const key = 'bill/' + String(ctx.args.bill).replace(/^bill\//, '');
      api.set(key, 'owner', String(ctx.args.to));
      return key;
    },
  });

  api.on('player-removed', (e) => {
    const who = String(e.payload.player);
    for (const b of api.all('bill', (b) => b.attrs.owner === who)) api.destroy(b.key);
    for (const t of api.all('trade', (t) => (t.attrs.from === who || t.attrs.with === who) && ['offered', 'accepted'].includes(String(t.attrs.status)))) {
      api.cancelTimer('trade-' + t.id);
      api.update(t.key, { status: 'aborted', abortedBecause: `${who} left the game` });
    }
  });
}
