// Rule 201: players and the playing order. Persons join giving a surname; players take whole turns
// one after another in alphabetical order of surname (no skipping, no passing); every player begins
// with zero points. This rule also keeps each player's player status: `active` is false while any
// rule has taken it away (Inactive under 306, assassinated under 333, deposed by 335, forfeited
// under 113), and a status a rule took away comes back when that rule is repealed.
import type { RuleApi } from '../../../kernel/rule-api.js';

const WORDS: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, ten: 10 };

export default function (api: RuleApi) {
  const startPoints = api.param('starting points', {
    pattern: /begin with (\w+) points/i,
    parse: (m) => (m[1]!.toLowerCase() in WORDS ? WORDS[m[1]!.toLowerCase()]! : Number(m[1])),
  });
  const game = () => api.get('game/game')!.attrs as any;
  const player = (name: string) => api.get('player/' + name);
  const isPlayer = (name: string | null | undefined) => !!name && player(name)?.attrs.active === true;
  const sortKey = (p: { id: string; attrs: any }) => `${String(p.attrs.surname ?? p.id).toLowerCase()}\u0000${p.id}`;

  /** Every person who has joined, in playing order (alphabetical by surname, then by name). */
  const order = () => api.all('player').sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0)).map((p) => p.id);

  /** The first player with player status after `name` in the playing order (cyclic). */
  const nextAfter = (name: string | null): string | null => {
    const all = order();
    const i = name === null ? -1 : all.indexOf(name);
    for (let k = 1; k <= all.length; k++) {
      const candidate = all[(i + k + all.length) % all.length]!;
      if (isPlayer(candidate)) return candidate;
    }
    return null;
  };

  const setStatus = (name: string, rule: string, reason: string | null) => {
    const p = player(name);
    if (!p) return;
    const lost = { ...((p.attrs.lost as Record<string, string>) ?? {}) };
    if (reason === null) delete lost[rule];
    else lost[rule] = reason;
    const active = Object.keys(lost).length === 0;
    const was = p.attrs.active === true;
    api.update(p.key, { lost, active });
    if (was !== active) api.emit('player-status', { player: name, active });
  };

  const join = (person: string, surname: string) => {
    api.create('player', { name: person, surname, points: startPoints, active: true, lost: {}, joinedAt: api.now(), turnsTaken: 0 }, { id: person, owner: null });
    api.emit('player-joined', { player: person });
    return 'player/' + person;
  };

  const beginNext = () => {
    const g = game();
    const next = nextAfter((g.turn as string | null) ?? null);
    if (next === null) {
      api.update('game/game', { turnStage: 'none', nextMover: null });
      return;
    }
    const result = api.perform('begin-turn', {}, { agent: next });
    if (!result.ok) {
      api.update('game/game', { turnStage: 'awaiting-consent', nextMover: next, turnHeldBecause: result.error ?? null });
      api.message('all', `${next} may not begin their turn yet: ${result.error}`, { channel: 'game' });
    }
  };

  /** Ends the current turn; `completed` says whether both parts of it were done (Rule 304). */
  const endTurn = (completed: boolean, reason: string) => {
    const g = game();
    if (g.turnStage === 'ended' || g.turnStage === 'none') return;
    const mover = g.turn as string | null;
    api.update('game/game', {
      turnStage: 'ended',
      completedTurns: completed && mover ? [...((g.completedTurns as string[]) ?? []), mover] : (g.completedTurns ?? []),
    });
    api.emit('turn-ends', { player: mover, turn: Number(g.turnNumber ?? 0), completed, reason });
    api.emit('next-turn', { after: mover });
  };

  api.export('order', order);
  api.export('nextAfter', nextAfter);
  api.export('isPlayer', (name: string) => isPlayer(name));
  api.export('setStatus', setStatus);
  api.export('endTurn', endTurn);
  api.export('beginNext', beginNext);
  /** An Inactive person who makes a proposal when it would be their turn takes the turn over (Rule 306). */
  api.export('takeOver', (name: string) => {
    api.update('game/game', { turn: name, turnStartedAt: api.now(), takenOverFrom: game().turn ?? null });
    api.emit('turn-taken-over', { player: name, turn: Number(game().turnNumber ?? 0) });
  });

  api.action('join', {
    describe: 'Become a player, giving your surname (the playing order is alphabetical by surname; without one, your name stands for it).',
    args: { surname: 'string?' },
    legal(ctx) {
      if (!ctx.person) return 'only a person can join';
      if (player(ctx.person)) return 'you have already joined this game';
      if (ctx.args.surname != null && String(ctx.args.surname).trim() === '') return 'Rule 201: players are ordered by surname; give one';
    },
    perform: (ctx) => join(ctx.person, String(ctx.args.surname ?? ctx.person).trim()),
  });

  api.action('begin-turn', {
    describe: 'Begin your turn when it was held back (Rule 211: after a Judgment, with the consent of a majority of the other players). Turns otherwise begin by themselves.',
    legal(ctx) {
      const g = game();
      if (ctx.invokedBy !== 'rule' && (g.turnStage !== 'awaiting-consent' || g.nextMover !== ctx.agent)) return 'Rule 201: it is not your turn to begin';
      if (!isPlayer(ctx.agent)) return 'only a player can take a turn';
    },
    perform(ctx) {
      const g = game();
      const turn = Number(g.turnNumber ?? 0) + 1;
      api.update('game/game', {
        turn: ctx.agent, previousMover: g.turn ?? null, turnNumber: turn, turnStage: 'proposing', turnStartedAt: ctx.now,
        nextMover: null, turnHeldBecause: null, takenOverFrom: null, currentProposal: null, proposalsThisTurn: 0, turnProposalNumber: null,
      });
      api.set('player/' + ctx.agent, 'turnsTaken', Number(player(ctx.agent)!.attrs.turnsTaken ?? 0) + 1);
      api.message('all', `Turn ${turn}: it is ${ctx.agent}'s turn.`, { channel: 'game' });
      api.emit('turn-begins', { player: ctx.agent, turn });
    },
  });

  api.on('setup', (e) => {
    api.update('game/game', { turn: null, turnNumber: 0, turnStage: 'none', completedTurns: [], nextMover: null });
    for (const person of (e.payload.players ?? []) as string[]) if (!player(person)) join(person, person);
    api.emit('players-ready', {});
    api.emit('next-turn', { after: null });
  });

  api.on('next-turn', () => beginNext());

  // Without Rule 304 a turn is still a proposal and its vote (Rules 303, 313 speak of "the proposal
  // proposed each turn"): the turn ends when the vote on its final proposal is complete.
  api.on('proposal-decided', (e) => {
    if (api.imported('304', 'parts') !== undefined) return;
    if (Number(e.payload.turn) !== Number(game().turnNumber ?? 0)) return;
    endTurn(true, 'the proposal was voted on');
  });

  // A status a rule took away is given back when that rule is repealed (`rule/335: absent`).
  api.on('rule-changed', (e) => {
    if (e.payload.kind !== 'repeal') return;
    for (const p of api.all('player', (p) => (p.attrs.lost as Record<string, string> | undefined)?.[e.payload.rule] !== undefined)) {
      setStatus(p.id, String(e.payload.rule), null);
    }
  });

  api.settle(() => {
    const g = game();
    // A person without player status cannot take a turn: the turn moves on.
    if (g.turnStage === 'proposing' && g.turn && !isPlayer(g.turn)) endTurn(false, `${g.turn} has no player status`);
    else if (g.turnStage === 'none' && nextAfter(null) !== null) beginNext();
  });
}
