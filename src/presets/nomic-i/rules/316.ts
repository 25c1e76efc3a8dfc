// Rule 316: political parties. The player whose turn it is may propose a party with a unique name;
// players request to join and the party's members admit them by majority; the party is created
// (treasury 0) once two others are accepted; at most 3 members, one party per player. Leaving costs
// 30 gold paid to the party; two consenting players in different parties may swap for 100 gold each
// paid to the party they leave; a name changes only by a unanimous vote of the members. A party with
// fewer than 3 players for 24 consecutive hours is dissolved. At the end of every turn each member
// with player status pays 1 gold tax to the treasury (one who cannot is kicked). Treasury gold leaves
// only by a transaction a majority of members vote for (payments to players or parties, never below
// 0). A party whose members are all players and all vote alike (none changing or deleting a vote) is
// an eligible voter for that vote.
import type { RuleApi } from '../../../kernel/rule-api.js';

type Payment = { to?: string; party?: string; amount: number };

export default function (api: RuleApi) {
  const size = api.param('party size', { pattern: /cannot have more than (\d+) members/, parse: (m) => Number(m[1]) });
  const leaveCost = api.param('leaving cost', { pattern: /it will cost them (\d+) gold/, parse: (m) => Number(m[1]) });
  const swapCost = api.param('swap cost', { pattern: /At the cost of (\d+) gold per player/, parse: (m) => Number(m[1]) });
  const tax = api.param('tax', { pattern: /pay a (\d+) gold tax/, parse: (m) => Number(m[1]) });
  const grace = api.param('grace', { pattern: /fewer than 3 players after (\d+) consecutive hours/, parse: (m) => Number(m[1]) * 3_600_000 });
  const game = () => api.get('game/game')!.attrs as any;
  const player = (name: string) => api.get('player/' + name);
  const isPlayer = (name: string) => player(name)?.attrs.active === true;
  const members = (p: { attrs: any }) => (p.attrs.members as string[]) ?? [];
  const live = () => api.all('party', (p) => p.attrs.status !== 'dissolved');
  const find = (ref: unknown) => {
    const s = String(ref ?? '');
    const byId = api.get('party/' + s);
    if (byId && byId.attrs.status !== 'dissolved') return byId;
    return live().find((p) => String(p.attrs.name).toLowerCase() === s.toLowerCase());
  };
  // "A party's treasury is its gold total": `party/Greens.gold` reads the treasury.
  api.computed('party', 'gold', (o) => Number(o.attrs.treasury ?? 0));
  const partyOf = (name: string) => live().find((p) => members(p).includes(name));
  const inGame = (ctx: { medium?: { channel?: string } }) => (ctx.medium?.channel && ctx.medium.channel !== 'game' ? 'Rule 316: this is done in #game' : undefined);
  const spend = (name: string, cost: number, what: string) => api.call<number>('307', 'spend', name, cost, what);
  const gold = (name: string) => Number(player(name)?.attrs.gold ?? 0);
  const addTreasury = (key: string, amount: number) => api.set(key, 'treasury', Number(api.get(key)!.attrs.treasury ?? 0) + amount);
  const setMembers = (key: string, list: string[]) => {
    api.set(key, 'members', list);
    for (const m of list) api.set('player/' + m, 'party', api.get(key)!.id);
  };
  const removeMember = (key: string, name: string) => {
    api.set(key, 'members', members(api.get(key)!).filter((m) => m !== name));
    api.set('player/' + name, 'party', null);
    const p = api.get(key)!;
    if (p.attrs.status === 'proposed' && members(p).length === 0) api.update(key, { status: 'dissolved', dissolvedAt: api.now() });
  };

  api.export('partyOf', (name: string) => partyOf(name)?.id ?? null);

  /** The parties that are eligible voters on a proposal, with their vote (Rule 105 counts them). */
  api.export('partyVotes', (id: string) => {
    const p = api.get('proposal/' + id);
    if (!p) return [];
    const votes = p.attrs.votes as Record<string, { vote: 'for' | 'against' }>;
    const changed = (m: string) => (((p.attrs.voteChanges as Record<string, number>) ?? {})[m] ?? 0) > 0 ||
      ((p.attrs.editedVotes as string[]) ?? []).includes(m) || ((p.attrs.deletedVotes as string[]) ?? []).includes(m);
    const out: { party: string; vote: 'for' | 'against' }[] = [];
    for (const party of api.all('party', (x) => x.attrs.status === 'established')) {
      const list = members(party);
      if (!list.length || !list.every(isPlayer) || list.some(changed)) continue;
      const first = votes[list[0]!]?.vote;
      if (first && list.every((m) => votes[m]?.vote === first)) out.push({ party: party.id, vote: first });
    }
    return out;
  });

  const formPartyAction = {
    describe: 'On your turn, propose a political party with a name no other party has.',
    args: { name: 'string' },
    legal(ctx) {
      if (!isPlayer(ctx.agent)) return 'only players form parties';
      if (game().turn !== ctx.agent) return 'Rule 316: a party can be formed only during your turn';
      const name = String(ctx.args.name).trim();
      if (!name) return 'Rule 316: a party must have a name';
      if (find(name)) return `Rule 316: there is already a party named ${name}`;
      if (partyOf(ctx.agent)) return 'Rule 316: players can only be in one political party at a time';
      return inGame(ctx);
    },
    perform(ctx) {
      // A party's id is the name it was founded with (`party/Greens`), unless an earlier party had it.
      const founding = String(ctx.args.name).trim();
      const p = api.create('party', {
        name: founding, founder: ctx.agent, members: [], status: 'proposed', treasury: 0, requests: {},
        renameVotes: {}, transactions: [], proposedAt: ctx.now, shortSince: null,
      }, api.get('party/' + founding) ? { owner: null } : { owner: null, id: founding });
      setMembers(p.key, [ctx.agent]);
      return p.key;
    },
  } satisfies Parameters<RuleApi['action']>[1];
  api.action('form-party', formPartyAction);
  api.action('propose-party', { ...formPartyAction, describe: 'The same as `form-party` (Rule 316: "To propose a political party").' });

  api.action('join-party', {
    describe: 'Request to join a party; its members vote on admitting you.',
    args: { party: 'string' },
    legal(ctx) {
      const p = find(ctx.args.party);
      if (!isPlayer(ctx.agent)) return 'only players join parties';
      if (!p) return `there is no party ${ctx.args.party}`;
      if (partyOf(ctx.agent)) return 'Rule 316: players can only be in one political party at a time (leave yours first)';
      if ((p.attrs.requests as Record<string, unknown>)[ctx.agent]) return 'you have already asked to join';
      return inGame(ctx);
    },
    perform(ctx) {
      const p = find(ctx.args.party)!;
      api.set(p.key, 'requests', { ...(p.attrs.requests as object), [ctx.agent]: { yes: [], no: [] } });
      return p.key;
    },
  });

  api.action('vote-admission', {
    describe: 'As a member of a party, vote on admitting a player who asked to join (a majority of members admits).',
    args: { party: 'string', player: 'string', admit: 'boolean' },
    legal(ctx) {
      const p = find(ctx.args.party);
      if (!p) return `there is no party ${ctx.args.party}`;
      if (!members(p).includes(ctx.agent)) return 'Rule 316: only the players of the party vote on admissions';
      const r = (p.attrs.requests as Record<string, { yes: string[]; no: string[] }>)[String(ctx.args.player)];
      if (!r) return `${ctx.args.player} has not asked to join`;
      if (r.yes.includes(ctx.agent) || r.no.includes(ctx.agent)) return 'you already voted on this admission';
      return inGame(ctx);
    },
    perform(ctx) {
      const p = find(ctx.args.party)!;
      const who = String(ctx.args.player);
      const requests = { ...(p.attrs.requests as Record<string, { yes: string[]; no: string[] }>) };
      const r = { ...requests[who]! };
      if (ctx.args.admit === true) r.yes = [...r.yes, ctx.agent];
      else r.no = [...r.no, ctx.agent];
      requests[who] = r;
      const n = members(p).length;
      if (r.yes.length * 2 > n) {
        if (n >= size) api.refuse(`Rule 316: a party cannot have more than ${size} members`);
        if (partyOf(who)) api.refuse(`${who} is already in a party`);
        delete requests[who];
        api.set(p.key, 'requests', requests);
        setMembers(p.key, [...members(p), who]);
        if (p.attrs.status === 'proposed' && members(api.get(p.key)!).length >= 3) {
          api.update(p.key, { status: 'established', establishedAt: ctx.now, treasury: 0 });
          api.message('all', `The party ${p.attrs.name} is created (Rule 316).`, { channel: 'game' });
        }
      } else {
        if (r.no.length * 2 >= n) delete requests[who];
        else requests[who] = r;
        api.set(p.key, 'requests', requests);
      }
      return p.key;
    },
  });

  api.action('leave-party', {
    describe: 'Leave your party (30 gold, paid into its treasury).',
    legal(ctx) {
      if (!partyOf(ctx.agent)) return 'you are not in a party';
      return inGame(ctx);
    },
    perform(ctx) {
      const p = partyOf(ctx.agent)!;
      if (p.attrs.status === 'established') addTreasury(p.key, spend(ctx.agent, leaveCost, 'leaving a party'));
      removeMember(p.key, ctx.agent);
      return p.key;
    },
  });

  api.action('swap-party', {
    describe: 'Agree to swap parties with a player of another party (each pays 100 gold to the party they leave); the swap happens when both have agreed.',
    args: { with: 'string' },
    legal(ctx) {
      const mine = partyOf(ctx.agent);
      const theirs = partyOf(String(ctx.args.with));
      if (!mine || mine.attrs.status !== 'established' || !theirs || theirs.attrs.status !== 'established') return 'Rule 316: both players must be in parties';
      if (mine.id === theirs.id) return 'you are in the same party';
      return inGame(ctx);
    },
    perform(ctx) {
      const other = String(ctx.args.with);
      const offers = { ...((game().swapOffers as Record<string, string>) ?? {}) };
      if (offers[other] !== ctx.agent) {
        offers[ctx.agent] = other;
        api.set('game/game', 'swapOffers', offers);
        return null;
      }
      delete offers[other];
      delete offers[ctx.agent];
      api.set('game/game', 'swapOffers', offers);
      const a = partyOf(ctx.agent)!;
      const b = partyOf(other)!;
      addTreasury(a.key, spend(ctx.agent, swapCost, 'swapping parties'));
      addTreasury(b.key, spend(other, swapCost, 'swapping parties'));
      setMembers(a.key, [...members(a).filter((m) => m !== ctx.agent), other]);
      setMembers(b.key, [...members(b).filter((m) => m !== other), ctx.agent]);
      return a.key;
    },
  });

  api.action('vote-rename', {
    describe: 'Vote to rename your established party (all members must vote for the same name).',
    args: { party: 'string', name: 'string' },
    legal(ctx) {
      const p = find(ctx.args.party);
      if (!p || !members(p).includes(ctx.agent)) return 'you are not a member of that party';
      if (p.attrs.status !== 'established') return 'Rule 316: a party\'s name can be changed only once it is fully established';
      const other = find(String(ctx.args.name));
      if (other && other.id !== p.id) return `Rule 316: there is already a party named ${ctx.args.name}`;
      return inGame(ctx);
    },
    perform(ctx) {
      const p = find(ctx.args.party)!;
      const votes = { ...(p.attrs.renameVotes as Record<string, string>), [ctx.agent]: String(ctx.args.name).trim() };
      if (members(p).every((m) => votes[m] === votes[ctx.agent])) api.update(p.key, { name: votes[ctx.agent]!, renameVotes: {} });
      else api.set(p.key, 'renameVotes', votes);
      return p.key;
    },
  });

  api.action('vote-transaction', {
    describe: 'As a member, vote in #game for a transaction from your party\'s treasury: `payments` is a list of {to: player, amount} or {party, amount}; a majority of members carries it.',
    args: { party: 'string', payments: 'json' },
    legal(ctx) {
      const p = find(ctx.args.party);
      if (!p || !members(p).includes(ctx.agent)) return 'Rule 316: only the party\'s members vote on its treasury';
      if (p.attrs.status !== 'established') return 'the party is not established';
      const payments = ctx.args.payments as Payment[];
      if (!Array.isArray(payments) || !payments.length) return 'payments must be a list of {to, amount} or {party, amount}';
      let total = 0;
      for (const pay of payments) {
        if (!Number.isInteger(pay?.amount) || pay.amount <= 0) return 'each payment needs a positive whole amount';
        if (pay.to !== undefined ? !player(String(pay.to)) : !find(pay.party)) return `Rule 316: a payment goes to a player or a party (${JSON.stringify(pay)})`;
        total += pay.amount;
      }
      if (total > Number(p.attrs.treasury ?? 0)) return 'Rule 316: no transaction that would put the treasury below 0 gold may be voted on';
      return inGame(ctx);
    },
    perform(ctx) {
      const p = find(ctx.args.party)!;
      const payments = ctx.args.payments as Payment[];
      const key = JSON.stringify(payments.map((x) => (x.to !== undefined ? { to: x.to, amount: x.amount } : { party: find(x.party)!.id, amount: x.amount })));
      const open = [...((p.attrs.transactions as { key: string; votes: string[] }[]) ?? [])].filter((t) => t.key !== key);
      const votes = [...new Set([...(((p.attrs.transactions as { key: string; votes: string[] }[]) ?? []).find((t) => t.key === key)?.votes ?? []), ctx.agent])];
      if (votes.length * 2 > members(p).length) {
        const list = JSON.parse(key) as Payment[];
        api.update(p.key, { treasury: Number(p.attrs.treasury ?? 0) - list.reduce((t, x) => t + x.amount, 0), transactions: open });
        for (const pay of list) {
          if (pay.to !== undefined) api.set('player/' + pay.to, 'gold', gold(pay.to) + pay.amount);
          else addTreasury('party/' + pay.party, pay.amount);
        }
        api.log(`party ${p.attrs.name} pays ${key} (Rule 316)`);
      } else {
        api.set(p.key, 'transactions', [...open, { key, votes }]);
      }
      return p.key;
    },
  });

  // The tax: at the end of every turn each member pays 1 gold, or is kicked out.
  api.on('turn-ends', () => {
    for (const p of api.all('party', (x) => x.attrs.status === 'established')) {
      for (const m of members(p).filter(isPlayer)) {
        if (gold(m) >= tax) {
          api.set('player/' + m, 'gold', gold(m) - tax);
          addTreasury(p.key, tax);
        } else {
          removeMember(p.key, m);
          api.log(`${m} could not pay the party tax and is kicked from ${p.attrs.name} (Rule 316)`);
        }
      }
    }
  });

  // Fewer than 3 players for 24 consecutive hours dissolves a party (assassinated members count, Rule 333).
  const counted = (m: string) => {
    const lost = Object.keys((player(m)?.attrs.lost as Record<string, string>) ?? {});
    return lost.length === 0 || (lost.length === 1 && lost[0] === '333');
  };
  api.settle(() => {
    for (const p of api.all('party', (x) => x.attrs.status === 'established')) {
      const short = members(p).filter(counted).length < 3;
      if (short && p.attrs.shortSince == null) {
        api.set(p.key, 'shortSince', api.now());
        api.timer(api.now() + grace, 'party-short', { party: p.id }, { id: `party-short-${p.id}` });
      } else if (!short && p.attrs.shortSince != null) {
        api.set(p.key, 'shortSince', null);
        api.cancelTimer(`party-short-${p.id}`);
      }
    }
  });
  api.on('party-short', (e) => {
    const p = api.get('party/' + e.payload.party);
    if (!p || p.attrs.status !== 'established' || p.attrs.shortSince == null || api.now() - Number(p.attrs.shortSince) < grace) return;
    api.update(p.key, { status: 'dissolved', dissolvedAt: api.now() });
    for (const m of members(p)) api.set('player/' + m, 'party', null);
    api.message('all', `The party ${p.attrs.name} had fewer than 3 players for 24 hours and is dissolved (Rule 316).`, { channel: 'game' });
  });
}
