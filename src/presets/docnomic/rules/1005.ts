// Rule 1005: Gang Warfare. Once per dun a Gang Member may take a Gang Action (`gang-action`, or a
// message whose subject line reads "Gang Action-- <action type>"): Steal <item> from Player <an
// Active Player of another Gang>, Fight rival gang <Gang>, or Recruit for gang. Doc determines the
// effects (`determine-gang-action`): the engine draws the random amounts the rule gives, as Doc's
// dice, and applies them.
//  - Steal: the victim loses 0..min(what e has of the item, the thief's Gang's members); the thief
//    has a 20% chance of being caught and losing half of eir Plinks; the thief gains what was lost.
//  - Fight: every Active member of both Gangs gets -10..+5 Plinks, the initiator 10 more; each Gang
//    loses 0..(the other's members at the start) members, never below its number of Players.
//  - Recruit: the Gang gains 0..13 members.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

type Parsed = { type: 'steal' | 'fight' | 'recruit'; item?: string; target?: string; gang?: string };

export default function (api: RuleApi) {
  const isDocAgent = (agent: string): boolean => (api.imported('1', 'isDoc') ? api.call<boolean>('1', 'isDoc', agent) : agent !== '' && agent === api.get('game/game')!.attrs.doc);
  const caughtChance = api.param('chance of being caught', { pattern: /has a (\d+)%\s+chance\s+of\s+being\s+caught/, parse: (m) => Number(m[1]) / 100 });
  const fightRange = api.param('fight range', { pattern: /random\s+number\s+from\s+-(\d+)\s+to\s+\+(\d+)/, parse: (m) => [-Number(m[1]), Number(m[2])] as [number, number] });
  const fightBonus = api.param('fight bonus', { pattern: /gains\s+a\s+bonus\s+(\d+)\s+Plinks/, parse: (m) => Number(m[1]) });
  const recruitMax = api.param('recruits', { pattern: /random\s+amount\s+from\s+0-(\d+)/, parse: (m) => Number(m[1]) });
  const game = () => api.get('game/game')!.attrs;
  const duns = (): number => (api.imported('10', 'duns') ? api.call<number>('10', 'duns') : api.now() / (48 * 3_600_000));
  const dunIndex = (v: number) => Math.floor(v + 1e-9);
  const roll = (lo: number, hi: number) => lo + Math.floor(api.random() * (hi - lo + 1));
  const player = (id: string) => api.get('player/' + id);
  const gangOf = (id: string) => (player(id)?.attrs.gang ?? null) as string | null;
  const findGang = (ref: unknown): string | null => (api.imported('1000', 'find') ? api.call<string | null>('1000', 'find', ref) : null);
  const plinks = (id: string) => Number(player(id)?.attrs.plinks ?? 0);
  const credit = (id: string, n: number) => (api.imported('1002', 'credit') ? api.call<number>('1002', 'credit', id, n) : 0);
  const debit = (id: string, n: number) => (api.imported('1002', 'debit') ? api.call<number>('1002', 'debit', id, n, false) : 0);
  const setMembers = (gang: string, n: number) => (api.imported('1000', 'setMembers') ? api.call<number>('1000', 'setMembers', gang, n) : n);

  /** The item types a thief may name: Plinks, each Trade Good, bills of exchange. */
  const itemOf = (raw: unknown): string | null => {
    const s = String(raw ?? '').trim().toLowerCase();
    if (/^plinks?$/.test(s)) return 'plinks';
    if (/^bills?( of exchange)?$/.test(s)) return 'bills of exchange';
    return api.imported('1001', 'normalize') ? api.call<string | null>('1001', 'normalize', s) : null;
  };

  const parse = (args: JsonObject): Parsed | string => {
    const text = String(args.action ?? args.type ?? '').trim();
    const target = String(args.target ?? args.from ?? args.player ?? args.victim ?? '');
    const rival = String(args.gang ?? args.rival ?? '');
    if (/^steal$/i.test(text)) return { type: 'steal', item: String(args.item ?? ''), target };
    if (/^fight(\s+rival)?(\s+gang)?$/i.test(text) && rival) return { type: 'fight', gang: rival };
    let m = text.match(/^steal\s+(.+?)\s+from\s+(?:player\s+)?(\S+)\s*$/i);
    if (m) return { type: 'steal', item: m[1]!, target: m[2]! };
    m = text.match(/^fight\s+(?:rival\s+)?(?:gang\s+)?(.+?)\s*$/i);
    if (m) return { type: 'fight', gang: m[1]! };
    if (/^recruit(\s+for\s+gang)?\s*$/i.test(text)) return { type: 'recruit' };
    return `Rule 1005: "${text}" is not an action type (Steal <item type> from Player <active Player>, Fight rival gang <Gang>, Recruit for gang)`;
  };

  /** Why the action may not be taken (or determined) now. */
  const invalid = (actor: string, a: Parsed): string | undefined => {
    const mine = gangOf(actor);
    if (!player(actor) || !mine) return 'Rule 1005: only a Gang Member may take a Gang Action';
    if (a.type === 'steal') {
      if (!itemOf(a.item)) return `Rule 1005: "${a.item}" is not an item one may steal (Plinks, a Trade Good, bills of exchange)`;
      const victim = player(String(a.target));
      if (!victim || victim.attrs.active !== true) return `Rule 1005: ${a.target} is not an Active Player`;
      if (gangOf(victim.id) === mine) return 'Rule 1005: the victim must be a member of a different Gang';
    }
    if (a.type === 'fight') {
      const rival = findGang(a.gang);
      if (!rival) return `Rule 1005: there is no Gang "${a.gang}"`;
      if (rival === mine) return 'Rule 1005: a Gang fights a Gang which is not its own';
    }
    return undefined;
  };

  api.action('gang-action', {
    describe: 'As a Gang Member, once per dun: "Steal <item> from Player <name>", "Fight rival gang <Gang>" or "Recruit for gang" (or "steal"/"fight" with `item`, `target` (or `from`), `gang`); the subject line "Gang Action-- <action type>" on the list does the same. Doc determines the effects.',
    args: { action: 'string?', type: 'string?', item: 'string?', target: 'string?', from: 'string?', gang: 'string?', rival: 'string?' },
    legal(ctx) {
      const a = parse(ctx.args as JsonObject);
      if (typeof a === 'string') return a;
      const why = invalid(ctx.agent, a);
      if (why) return why;
      const today = dunIndex(duns());
      if (api.all('gang-action', (g) => g.attrs.actor === ctx.agent && dunIndex(Number(g.attrs.dun)) === today).length) return 'Rule 1005: one Gang Action per dun';
    },
    perform(ctx) {
      const a = parse(ctx.args as JsonObject) as Parsed;
      const n = api.nextNumber('gang-action');
      const record: JsonObject = { actor: ctx.agent, gang: gangOf(ctx.agent), type: a.type, status: 'declared', dun: duns(), at: ctx.now };
      if (a.type === 'steal') Object.assign(record, { item: itemOf(a.item), target: String(a.target) });
      if (a.type === 'fight') record.rival = findGang(a.gang);
      const g = api.create('gang-action', record, { id: String(n) });
      api.message('all', `Gang Action ${n} by ${ctx.agent}: ${a.type}${a.type === 'steal' ? ` ${record.item} from ${record.target}` : a.type === 'fight' ? ` ${record.rival}` : ''}. Doc determines its effects (Rule 1005).`, { channel: 'list' });
      return g.key;
    },
  });

  const bills = (owner: string) => api.all('bill', (b) => b.attrs.owner === owner);

  const steal = (g: JsonObject): JsonObject => {
    const thief = String(g.actor);
    const victim = String(g.target);
    const item = String(g.item);
    const gangMembers = Number(api.get('gang/' + gangOf(thief))?.attrs.members ?? 0);
    const has = item === 'plinks' ? plinks(victim) : item === 'bills of exchange' ? bills(victim).length : api.call<number>('1001', 'stock', victim, item);
    const amount = roll(0, Math.max(0, Math.min(has, gangMembers)));
    const caught = api.random() < caughtChance;
    let lost = 0;
    if (item === 'plinks') lost = debit(victim, amount);
    else if (item === 'bills of exchange') {
      const theirs = bills(victim);
      for (let i = 0; i < amount && theirs.length; i++) {
        const b = theirs.splice(Math.floor(api.random() * theirs.length), 1)[0]!;
        api.set(b.key, 'owner', thief);
        lost++;
      }
    } else lost = api.call<number>('1001', 'take', victim, item, amount);
    let penalty = 0;
    if (caught) penalty = debit(thief, Math.floor(plinks(thief) / 2));
    let gained = lost;
    if (item === 'plinks') credit(thief, lost);
    else if (item !== 'bills of exchange') gained = api.call<number>('1001', 'store', thief, item, lost);
    return { stolen: lost, gained, caught, penalty };
  };

  const fight = (g: JsonObject): JsonObject => {
    const initiator = String(g.actor);
    const sides = [String(g.gang), String(g.rival)];
    const members = sides.map((s) => Number(api.get('gang/' + s)?.attrs.members ?? 0));
    const changes: JsonObject = {};
    for (const p of api.all('player', (p) => p.attrs.active === true && sides.includes(String(p.attrs.gang)))) {
      const delta = roll(fightRange[0], fightRange[1]);
      changes[p.id] = delta;
      if (delta >= 0) credit(p.id, delta);
      else debit(p.id, -delta);
    }
    if (player(initiator)) credit(initiator, fightBonus);
    const losses: JsonObject = {};
    sides.forEach((s, i) => {
      const loss = roll(0, members[1 - i]!);
      const now = Number(api.get('gang/' + s)?.attrs.members ?? 0);
      losses[s] = now - setMembers(s, now - loss);
    });
    return { plinks: changes, bonus: fightBonus, membersLost: losses };
  };

  const recruit = (g: JsonObject): JsonObject => {
    const gang = String(g.gang);
    const gained = roll(0, recruitMax);
    setMembers(gang, Number(api.get('gang/' + gang)?.attrs.members ?? 0) + gained);
    return { recruited: gained };
  };

  api.action('determine-gang-action', {
    describe: 'As Doc, determine the effects of a declared Gang Action (the rule\'s random amounts are drawn and applied).',
    args: { action: 'json' },
    legal(ctx) {
      if (!isDocAgent(ctx.agent)) return 'Rule 1005: Doc determines the effects of Gang Actions';
      const g = api.get('gang-action/' + String(ctx.args.action).replace(/^gang-action\//, ''));
      if (!g) return `there is no Gang Action ${ctx.args.action}`;
      if (g.attrs.status !== 'declared') return `Gang Action ${g.id} is ${g.attrs.status} already`;
    },
    perform(ctx) {
      const g = api.get('gang-action/' + String(ctx.args.action).replace(/^gang-action\//, ''))!;
      const a = g.attrs as JsonObject;
      const parsed: Parsed = a.type === 'steal' ? { type: 'steal', item: String(a.item), target: String(a.target) } : a.type === 'fight' ? { type: 'fight', gang: String(a.rival) } : { type: 'recruit' };
      const why = invalid(String(a.actor), parsed);
      if (why) {
        api.update(g.key, { status: 'void', reason: why, determinedAt: ctx.now });
        return g.key;
      }
      const effects = a.type === 'steal' ? steal(a) : a.type === 'fight' ? fight(a) : recruit(a);
      api.update(g.key, { status: 'determined', effects: effects as Json, determinedAt: ctx.now });
      api.message('all', `Doc determines Gang Action ${g.id}: ${JSON.stringify(effects)} (Rule 1005).`, { channel: 'list' });
      return g.key;
    },
  });

  api.on('player-removed', (e) => {
    for (const g of api.all('gang-action', (g) => g.attrs.status === 'declared' && (g.attrs.actor === e.payload.player || g.attrs.target === e.payload.player))) {
      api.update(g.key, { status: 'void', reason: `${e.payload.player} left the game` });
    }
  });

  // "Gang Action-- <action type>" in the subject line (or, without subject lines, the first line).
  api.on('message', (e) => {
    const given = e.payload.medium?.subject as string | undefined;
    const subject = given ?? String(e.payload.text).split('\n')[0] ?? '';
    const m = subject.match(/^\s*Gang Action\s*(?:[-\u2013\u2014]+|:)\s*(.+?)\s*$/i);
    if (!m) return;
    const result = api.perform('gang-action', { action: m[1]! }, { agent: e.payload.person, person: e.payload.person });
    if (!result.ok) api.log(`the Gang Action from ${e.payload.person} was not taken: ${result.error}`);
  });
}
