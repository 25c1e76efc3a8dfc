// Rule 333: each class's ability. A player's ability is their class's, or the one a Chaos Mage
// switched to; nobody uses an ability in a turn in which they changed class.
// - Cephalopodracer: when a turn's vote is decided, the first, second and third voters other than
//   the proposer receive 8, 5 and 3 gold (not on their own turn); the last voter loses 5.
// - Chaos Mage: `change-ability` for 25 gold; it lasts 5 turns, then 3 turns of cooldown.
// - Cowboy: `duel` once per turn. The challenged player picks a duel master among the other players;
//   both say "Ready", the master says "GO", the first "Bang" after it wins (a "Bang" before it loses).
//   Won: the cowboy steals 5 gold; lost: the cowboy drops 2 for the challenged. A duel not fought in
//   the turn it was called expires and the challenged player loses 2 gold to the cowboy.
// - Dancesassin: `assassinate` a player (not the one whose turn it is) during a vote: they have no
//   player status until the vote ends; costs 15 gold and 4 turns of rest.
// - DOG: 3 gold every turn.   - Extreme Accountant: 25% off anything they spend gold on, except
//   class changes (the discount, rounded down, is taken by Rule 307's `spend`).
// - Miss Nomic: `force-vote` for 50 gold: the player votes her way at once and cannot change it
//   until the turn is over.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const num = (name: string, pattern: RegExp, group = 1) => api.param(name, { pattern, parse: (m) => Number(m[group]) });
  const racer = api.param('racer rewards', { pattern: /receive an additional (\d+) gold, if second (\d+) and if third (\d+)/, parse: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] });
  const racerLoss = num('racer loss', /last player on a turn to cast a vote they will lose (\d+) gold/);
  const chaosCost = num('chaos cost', /by spending (\d+) gold/);
  const chaosTurns = num('chaos duration', /lasts for (\d+) turns/);
  const chaosCooldown = num('chaos cooldown', /cooldown period of (\d+) turns/);
  const steal = num('duel prize', /the cowboy steals (\d+) gold/);
  const drop = num('duel loss', /they drop (\d+) gold/);
  const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };
  const expiry = api.param('duel expiry', { pattern: /loses (\w+) gold to the cowboy/, parse: (m) => WORDS[m[1]!.toLowerCase()] ?? Number(m[1]) });
  const danceCost = num('assassination cost', /assassin will lose (\d+) gold/);
  const danceRest = num('assassination rest', /too tired to do this again for (\d+) turns/);
  const dogGold = num('DOG gold', /earn a consistent (\d+) extra gold every turn/);
  const discount = num('discount', /deduct (\d+)% of the cost/);
  const charmCost = num('Miss Nomic cost', /\(and (\d+) gold\) Miss Nomic/);

  const game = () => api.get('game/game')!.attrs as any;
  const turn = () => Number(game().turnNumber ?? 0);
  const player = (name: string) => api.get('player/' + name);
  const isPlayer = (name: string) => player(name)?.attrs.active === true;
  const spend = (name: string, cost: number, what: string) => api.call<number>('307', 'spend', name, cost, what);
  const earn = (name: string, amount: number) => api.call('307', 'earn', name, amount);
  const lose = (name: string, amount: number) => api.call<number>('307', 'lose', name, amount);

  /** The ability a player can use now, or null. */
  const ability = (name: string): string | null => {
    const p = player(name);
    if (!p || p.attrs.class == null) return null;
    if (Number(p.attrs.classChangedTurn) === turn()) return null;
    if (p.attrs.class === 'Chaos Mage' && p.attrs.chaosAbility && Number(p.attrs.chaosThroughTurn) >= turn()) return String(p.attrs.chaosAbility);
    return String(p.attrs.class);
  };
  const needs = (ctx: { agent: string }, wanted: string) => {
    if (!isPlayer(ctx.agent)) return 'only players use abilities';
    const p = player(ctx.agent)!;
    if (Number(p.attrs.classChangedTurn) === turn()) return 'Rule 333: you changed your class this turn and may not use abilities';
    if (ability(ctx.agent) !== wanted) return `Rule 333: only a ${wanted} has this ability`;
    return undefined;
  };
  api.export('ability', ability);
  api.export('discounted', (name: string, cost: number) => (ability(name) === 'Extreme Accountant' ? cost - Math.floor((cost * discount) / 100) : cost));

  // ---- Cephalopodracer and Miss Nomic's lock, when votes are decided
  api.on('proposal-decided', (e) => {
    const p = api.get('proposal/' + e.payload.proposal);
    if (!p) return;
    const votes = Object.entries(p.attrs.votes as Record<string, { seq: number }>).sort((a, b) => a[1].seq - b[1].seq).map(([v]) => v);
    const others = votes.filter((v) => v !== p.attrs.author);
    others.slice(0, 3).forEach((v, i) => {
      if (ability(v) === 'Cephalopodracer' && game().turn !== v) earn(v, racer[i]!);
    });
    const last = votes[votes.length - 1];
    if (last && ability(last) === 'Cephalopodracer') lose(last, racerLoss);
  });

  // The player an ability is used on: `player`, or as people may name it, `target` or `opponent`.
  const targetOf = (args: Record<string, unknown>): string => String(args.player ?? args.target ?? args.opponent ?? '');

  // ---- Chaos Mage
  api.action('change-ability', {
    describe: 'As a Chaos Mage, take the ability of another class for 5 turns (25 gold; then 3 turns of cooldown).',
    args: { class: 'string' },
    legal(ctx) {
      const p = player(ctx.agent);
      if (!isPlayer(ctx.agent) || p!.attrs.class !== 'Chaos Mage') return 'Rule 333: only a Chaos Mage can change their ability';
      if (Number(p!.attrs.classChangedTurn) === turn()) return 'Rule 333: you changed your class this turn and may not use abilities';
      if (Number(p!.attrs.chaosCooldownThroughTurn ?? -1) >= turn()) return `Rule 333: you cannot switch again before turn ${Number(p!.attrs.chaosCooldownThroughTurn) + 1}`;
      const classes: string[] = api.call('307', 'classes');
      const wanted = classes.find((c) => c.toLowerCase() === String(ctx.args.class).toLowerCase());
      if (!wanted || wanted === 'Chaos Mage') return `Rule 333: choose the ability of another class (${classes.filter((c) => c !== 'Chaos Mage').join(', ')})`;
    },
    perform(ctx) {
      const classes: string[] = api.call('307', 'classes');
      const wanted = classes.find((c) => c.toLowerCase() === String(ctx.args.class).toLowerCase())!;
      spend(ctx.agent, chaosCost, 'changing ability');
      api.update('player/' + ctx.agent, { chaosAbility: wanted, chaosThroughTurn: turn() + chaosTurns - 1, chaosCooldownThroughTurn: turn() + chaosTurns + chaosCooldown - 1 });
    },
  });

  // ---- Cowboy
  const duel = (ref: unknown, who: string) =>
    ref != null ? api.get('duel/' + String(ref)) : api.all('duel', (d) => ['called', 'waiting', 'go'].includes(String(d.attrs.status)) && [d.attrs.cowboy, d.attrs.challenged, d.attrs.master].includes(who))[0];
  const settleDuel = (key: string, winner: string, how: string) => {
    const d = api.get(key)!;
    const cowboy = String(d.attrs.cowboy);
    const challenged = String(d.attrs.challenged);
    if (winner === cowboy) earn(cowboy, lose(challenged, steal));
    else earn(challenged, lose(cowboy, drop));
    api.update(key, { status: 'done', winner, how, endedAt: api.now() });
    api.message('all', `${winner} wins the duel (${how}).`, { channel: 'game' });
  };

  api.action('duel', {
    describe: 'As a Cowboy, challenge a player to a duel (once per turn).',
    args: { player: 'string?', target: 'string?', opponent: 'string?' },
    legal(ctx) {
      const why = needs(ctx, 'Cowboy');
      if (why) return why;
      const target = targetOf(ctx.args);
      if (target === ctx.agent || !isPlayer(target)) return 'challenge another player';
      if (Number(player(ctx.agent)!.attrs.duelTurn) === turn()) return 'Rule 333: a Cowboy may duel once per turn';
    },
    perform(ctx) {
      api.set('player/' + ctx.agent, 'duelTurn', turn());
      const d = api.create('duel', { cowboy: ctx.agent, challenged: targetOf(ctx.args), master: null, ready: [], status: 'called', turn: turn(), winner: null, calledAt: ctx.now }, { owner: null });
      api.message('all', `${ctx.agent} challenges ${targetOf(ctx.args)} to a duel: this town ain't big enough for the both of us.`, { channel: 'game' });
      return d.key;
    },
  });

  api.action('choose-duel-master', {
    describe: 'As the challenged player, choose the duel master among the players not in the duel.',
    args: { duel: 'string', master: 'string' },
    legal(ctx) {
      const d = api.get('duel/' + ctx.args.duel);
      if (!d || d.attrs.status !== 'called') return 'there is no duel waiting for its master';
      if (d.attrs.challenged !== ctx.agent) return 'Rule 333: the person challenged selects the duel master';
      const m = String(ctx.args.master);
      if (!isPlayer(m) || m === d.attrs.cowboy || m === d.attrs.challenged) return 'Rule 333: the duel master is an active player not in the duel';
    },
    perform(ctx) {
      api.update('duel/' + ctx.args.duel, { master: String(ctx.args.master), status: 'waiting' });
      return 'duel/' + ctx.args.duel;
    },
  });

  const say = (who: string, word: 'ready' | 'go' | 'bang', ref?: unknown): string | null => {
    const d = duel(ref, who);
    if (!d) return 'you are in no duel';
    const fighters = [String(d.attrs.cowboy), String(d.attrs.challenged)];
    if (word === 'go') {
      if (d.attrs.master !== who) return 'Rule 333: only the duel master says "GO"';
      const ready = (d.attrs.ready as string[]) ?? [];
      if (d.attrs.status !== 'waiting' || !fighters.every((f) => ready.includes(f))) return 'both duellists must say "Ready" first';
      api.update(d.key, { status: 'go', goAt: api.now() });
      return null;
    }
    if (!fighters.includes(who)) return 'you are not fighting this duel';
    if (word === 'ready') {
      if (d.attrs.status !== 'waiting') return 'the duel has no master yet';
      api.set(d.key, 'ready', [...new Set([...((d.attrs.ready as string[]) ?? []), who])]);
      return null;
    }
    const other = fighters.find((f) => f !== who)!;
    if (d.attrs.status === 'go') settleDuel(d.key, who, `${who} said "Bang" first`);
    else settleDuel(d.key, other, `${who} said "Bang" before "GO"`);
    return null;
  };
  for (const word of ['ready', 'go', 'bang'] as const) {
    api.action(word, {
      describe: word === 'go' ? 'As duel master, post "GO".' : word === 'ready' ? 'As a duellist, type "Ready".' : 'As a duellist, type "Bang" (before "GO" it loses).',
      args: { duel: 'string?' },
      legal: (ctx) => (duel(ctx.args.duel, ctx.agent) ? undefined : 'you are in no duel'),
      perform(ctx) {
        const error = say(ctx.agent, word, ctx.args.duel);
        if (error) api.refuse(error);
      },
    });
  }
  // The duel is played in chat: "Ready", "GO", "Bang" in #game.
  api.on('message', (e) => {
    const channel = e.payload.medium?.channel;
    if (channel && channel !== 'game') return;
    const text = String(e.payload.text).trim().toLowerCase();
    if (text !== 'ready' && text !== 'go' && text !== 'bang') return;
    if (!duel(undefined, String(e.payload.person))) return;
    api.attempt(() => {
      const error = say(String(e.payload.person), text as 'ready' | 'go' | 'bang');
      if (error) api.refuse(error);
    });
  });

  // A duel not fought in the turn it was called expires: the challenged player loses 2 gold to the cowboy.
  api.on('turn-ends', (e) => {
    for (const d of api.all('duel', (d) => Number(d.attrs.turn) === Number(e.payload.turn) && d.attrs.status !== 'done' && d.attrs.status !== 'expired')) {
      earn(String(d.attrs.cowboy), lose(String(d.attrs.challenged), expiry));
      api.update(d.key, { status: 'expired', endedAt: api.now() });
    }
  });

  // ---- Dancesassin
  api.action('assassinate', {
    describe: 'As a Dancesassin, take a player\'s player status away for the vote in progress (15 gold, then 4 turns of rest; not the player whose turn it is).',
    args: { player: 'string?', target: 'string?', opponent: 'string?' },
    legal(ctx) {
      const why = needs(ctx, 'Dancesassin');
      if (why) return why;
      const target = targetOf(ctx.args);
      const g = game();
      const p = g.currentProposal ? api.get('proposal/' + g.currentProposal) : undefined;
      if (!p || p.attrs.status !== 'voting' || p.attrs.voteCompleted === true) return 'Rule 333: an assassination lasts for a vote; no vote is in progress';
      if (!isPlayer(target) || target === ctx.agent) return 'choose another player';
      if (target === g.turn) return 'Rule 333: Dancesassins may not assassinate players who are taking their turn';
      if (Number(player(ctx.agent)!.attrs.danceRestThroughTurn ?? -1) >= turn()) return 'Rule 333: you are too tired to dance again yet';
    },
    perform(ctx) {
      const target = targetOf(ctx.args);
      lose(ctx.agent, danceCost);
      api.set('player/' + ctx.agent, 'danceRestThroughTurn', turn() + danceRest - 1);
      api.update('player/' + target, { assassinatedDuring: game().currentProposal });
      api.call('201', 'setStatus', target, '333', `assassinated by ${ctx.agent} for the vote on proposal ${api.get('proposal/' + game().currentProposal)!.attrs.number}`);
      return 'player/' + target;
    },
  });
  const revive = (proposal: string) => {
    for (const p of api.all('player', (p) => p.attrs.assassinatedDuring === proposal)) {
      api.set(p.key, 'assassinatedDuring', null);
      api.call('201', 'setStatus', p.id, '333', null);
    }
  };
  api.on('proposal-decided', (e) => revive(String(e.payload.proposal)));
  api.on('vote-abandoned', (e) => revive(String(e.payload.proposal)));

  // ---- DOG
  api.on('turn-ends', () => {
    for (const p of api.all('player', (p) => p.attrs.active === true)) if (ability(p.id) === 'DOG') earn(p.id, dogGold);
  });

  // ---- Miss Nomic
  api.action('force-vote', {
    describe: 'As Miss Nomic, make a player vote your way on the proposal up for vote at once (50 gold); they cannot change it until the turn is over.',
    args: { player: 'string?', target: 'string?', opponent: 'string?', vote: 'string' },
    legal(ctx) {
      const why = needs(ctx, 'Miss Nomic');
      if (why) return why;
      const g = game();
      const p = g.currentProposal ? api.get('proposal/' + g.currentProposal) : undefined;
      if (!p || p.attrs.status !== 'voting' || p.attrs.voteCompleted === true) return 'no proposal is up for vote';
      const target = targetOf(ctx.args);
      if (!isPlayer(target) || target === ctx.agent) return 'choose another player';
      const meaning = api.call('105', 'meaning', String(ctx.args.vote));
      if (meaning === null) return `"${ctx.args.vote}" is not a valid vote (Rule 329)`;
    },
    perform(ctx) {
      const g = game();
      spend(ctx.agent, charmCost, 'forcing a vote');
      const meaning = api.call('105', 'meaning', String(ctx.args.vote));
      api.call('105', 'cast', 'proposal/' + g.currentProposal, targetOf(ctx.args), meaning, String(ctx.args.vote), { forcedBy: ctx.agent });
      return 'proposal/' + g.currentProposal;
    },
  });
  const forced = (ctx: { agent: string }) => {
    const id = game().currentProposal;
    const p = id ? api.get('proposal/' + id) : undefined;
    const v = p ? (p.attrs.votes as Record<string, { forcedBy?: string | null }>)[ctx.agent] : undefined;
    return v?.forcedBy ? `Rule 333: Miss Nomic (${v.forcedBy}) made you vote; you cannot change it until the turn is over` : undefined;
  };
  api.check('vote', forced);
  api.check('edit-vote', forced);
  api.check('delete-vote', forced);
}
