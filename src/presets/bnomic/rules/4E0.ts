// Rule 4E0: In Case of Emergency. Each PEP (the current Players; if fewer than four, those before
// the drop) is Calm or Paranoid (`set-mental-state`). Four Paranoid PEPs put B Nomic in a State of
// Emergency (`emergency/N`, `game.emergency`): game time stops (the Clock and every game-time
// deadline wait; actions scheduled for a UTC time do not occur); the last MoM (or the first PEP to
// organize) is the Emergency Coordinator, who designates the Emergency Forum and initializes the
// Pause. The Pause grows by one each midnight UTC, or when the Coordinator announces it and no PEP
// objects within 24 hours. Before it reaches 5, PEPs submit Refresh Proposals (change sets); at 5
// the first Ballot is formed, and at 5+n the n-th round is counted: more than half the votes selects
// a Refresh Proposal, whose changes happen, and every PEP becomes Calm. Rounds 2 and later are formed
// as steps 9 and 12 say. Fewer than four Paranoid PEPs end the Emergency. On Mulberry (nday 3)
// Paranoid PEPs become Calm if the Threat Flag is Pink Ponies.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

const DAY = 86_400_000;
const MONTH = 31 * DAY;

export default function (api: RuleApi) {
  const threshold = api.param('paranoia threshold', { pattern: /If at least (\w+) PEPs are Paranoid/, parse: (m) => ({ three: 3, four: 4, five: 5 } as Record<string, number>)[m[1]!] ?? Number(m[1]) });
  const firstBallot = api.param('first ballot', { pattern: /When the value of the Pause is (\d+), the Emergency Coordinator gathers/, parse: (m) => Number(m[1]) });
  const calmDay = api.param('calm nday', { pattern: /At the beginning of (\w+), nday (\d+), any PEPs who are Paranoid become\s+Calm if, and only if, the value of the Threat Flag is ([^.]+)\./, parse: (m) => ({ nday: Number(m[2]), flag: m[3]!.replace(/\s+/g, ' ') }) });
  const game = () => api.get('game/game')!.attrs;
  const current = () => (game().emergency === true ? api.get('emergency/' + game().emergencyId) : undefined);
  const lookup = (id: string) => api.get('player/' + id) ?? api.get('former-player/' + id);

  /** The Potential Emergency Participants. */
  const peps = (): string[] => {
    const players = api.all('player').map((p) => p.id);
    const before = (game().peps as string[] | undefined) ?? [];
    return players.length < threshold && before.length ? before : players;
  };
  const isPep = (id: string) => peps().includes(id);
  const paranoid = () => peps().filter((id) => lookup(id)?.attrs.mentalState === 'Paranoid').length;
  api.export('paranoid', paranoid);
  api.export('peps', peps);

  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const ensure = () => declare('attribute/player.mentalState', { type: 'player', name: 'mentalState', range: { kind: 'enum', values: ['Calm', 'Paranoid'] }, default: 'Calm', rule: '4E0' });
  api.on('setup', ensure);
  api.on('player-joined', (e) => {
    const p = api.get('player/' + e.payload.player);
    if (p && p.attrs.mentalState === undefined) api.set(p.key, 'mentalState', 'Calm');
  });

  // Entering and leaving the State of Emergency, and remembering who the players were.
  api.settle(() => {
    ensure();
    const players = api.all('player').map((p) => p.id);
    if (players.length >= threshold && JSON.stringify(players) !== JSON.stringify(game().peps ?? null)) api.set('game/game', 'peps', players);
    const n = paranoid();
    const e = current();
    if (!e && n >= threshold) {
      const id = String(api.nextNumber('emergency'));
      const mom = game().lastMoM as string | undefined;
      const coordinator = mom && isPep(mom) && lookup(mom)?.attrs.active === true ? mom : null;
      api.create('emergency', { status: 'active', startedAt: api.now(), coordinator, forum: null, pause: null, round: 0, ballot: [], votes: {}, refresh: {}, rounds: [], selected: null, increment: null }, { id, owner: null });
      api.update('game/game', { emergency: true, emergencyId: id });
      // Pending events with absolute dates and times do not occur.
      for (const t of api.timers('scheduled-now')) {
        api.cancelTimer(t.id);
        const s = api.get('scheduled/' + (t.payload as JsonObject).id);
        if (s) api.update(s.key, { status: 'failed', outcome: 'lapsed: a State of Emergency stopped game time (4E0)' });
      }
      api.message('all', 'B Nomic is in a State of Emergency: game time is stopped.', { channel: 'emergency' });
    } else if (e && n < threshold) {
      api.update(e.key, { status: 'ended', endedAt: api.now() });
      api.update('game/game', { emergency: false, emergencyId: null });
      api.message('all', 'The State of Emergency is over; normal game time resumes.', { channel: 'emergency' });
    }
  });

  // A PEP may post these in any forum that was Public in the past month, or the Emergency Forum.
  const OWN = ['set-mental-state', 'become-paranoid', 'become-calm', 'coordinate-emergency', 'designate-emergency-forum', 'initialize-pause', 'announce-pause-increment', 'object-pause-increment', 'submit-refresh-proposal', 'withdraw-refresh-proposal', 'emergency-vote'];
  api.check('*', (ctx) => {
    const channel = ctx.medium?.channel;
    if (!channel || ctx.invokedBy !== 'input' || !OWN.includes(ctx.action)) return undefined;
    if (current()?.attrs.forum === channel) return true;
    if (['set-mental-state', 'become-paranoid', 'become-calm'].includes(ctx.action) && api.imported('4E6', 'wasPublicWithin') && api.call<boolean>('4E6', 'wasPublicWithin', channel, MONTH)) return true;
    return undefined;
  });

  const stateOf = (ctx: { args: JsonObject; action: string }) => String(ctx.action === 'become-paranoid' ? 'Paranoid' : ctx.action === 'become-calm' ? 'Calm' : (ctx.args.state ?? ctx.args.mentalState ?? '')).trim().toLowerCase();
  const mentalSpec = (describe: string, args: Record<string, string>) => ({
    describe,
    args: args as never,
    legal(ctx: any) {
      if (!isPep(ctx.agent)) return 'Rule 4E0: only a Potential Emergency Participant has a Mental State';
      if (!['calm', 'paranoid'].includes(stateOf(ctx))) return 'Rule 4E0: a Mental State is Calm or Paranoid';
    },
    perform(ctx: any) {
      const s = stateOf(ctx) === 'calm' ? 'Calm' : 'Paranoid';
      api.set(lookup(ctx.agent)!.key, 'mentalState', s);
      return lookup(ctx.agent)!.key;
    },
  });
  api.action('set-mental-state', mentalSpec('As a PEP, set your Mental State (`state`, also read as `mentalState`): Calm or Paranoid.', { state: 'string?', mentalState: 'string?' }));
  api.action('become-paranoid', mentalSpec('The same as `set-mental-state` Paranoid.', {}));
  api.action('become-calm', mentalSpec('The same as `set-mental-state` Calm.', {}));

  const inEmergency = (ctx: { agent: string }, coordinatorOnly = false): string | undefined => {
    const e = current();
    if (!e) return 'Rule 4E0: B Nomic is not in a State of Emergency';
    if (!isPep(ctx.agent)) return 'Rule 4E0: only PEPs take part in the Procedure';
    if (coordinatorOnly && e.attrs.coordinator !== ctx.agent) return `Rule 4E0: only the Emergency Coordinator (${e.attrs.coordinator ?? 'nobody yet'}) may do this`;
    return undefined;
  };

  api.action('coordinate-emergency', {
    describe: 'As the first PEP to organize the Procedure when there is no (active) last MoM, become the Emergency Coordinator.',
    legal: (ctx) => inEmergency(ctx) ?? (current()!.attrs.coordinator ? `Rule 4E0: ${current()!.attrs.coordinator} is the Emergency Coordinator` : undefined),
    perform(ctx) {
      api.set(current()!.key, 'coordinator', ctx.agent);
      return current()!.key;
    },
  });
  api.action('designate-emergency-forum', {
    describe: 'As the Emergency Coordinator, designate the Emergency Forum (a channel).',
    args: { forum: 'string' },
    legal: (ctx) => inEmergency(ctx, true),
    perform(ctx) {
      api.set(current()!.key, 'forum', String(ctx.args.forum));
      api.message('all', `The Emergency Forum is #${ctx.args.forum}.`, { channel: 'emergency' });
      return current()!.key;
    },
  });
  api.action('initialize-pause', {
    describe: 'As the Emergency Coordinator, initialize the Pause (at 0).',
    legal: (ctx) => inEmergency(ctx, true) ?? (current()!.attrs.forum ? (current()!.attrs.pause !== null ? 'the Pause is already initialized' : undefined) : 'Rule 4E0: designate the Emergency Forum first'),
    perform() {
      api.set(current()!.key, 'pause', 0);
      return current()!.key;
    },
  });
  api.action('announce-pause-increment', {
    describe: 'As the Emergency Coordinator, once per day, announce that the Pause will grow by one unless a PEP objects within 24 hours.',
    legal(ctx) {
      const why = inEmergency(ctx, true);
      if (why) return why;
      const e = current()!;
      if (e.attrs.pause === null) return 'the Pause is not initialized';
      if (Number(e.attrs.lastAnnouncedDay) === Math.floor(ctx.now / DAY)) return 'Rule 4E0: once per day';
    },
    perform(ctx) {
      const e = current()!;
      api.update(e.key, { lastAnnouncedDay: Math.floor(ctx.now / DAY), increment: { at: ctx.now, objectors: [] } });
      api.timer({ in: DAY }, 'pause-increment-due', { emergency: e.id, at: ctx.now });
      return e.key;
    },
  });
  api.action('object-pause-increment', {
    describe: "As a PEP, object to the Coordinator's announced increment of the Pause.",
    legal: (ctx) => inEmergency(ctx) ?? (current()!.attrs.increment ? undefined : 'no increment of the Pause is announced'),
    perform(ctx) {
      const e = current()!;
      const inc = e.attrs.increment as { at: number; objectors: string[] };
      api.set(e.key, 'increment', { ...inc, objectors: [...new Set([...inc.objectors, ctx.agent])] });
      return e.key;
    },
  });

  api.action('submit-refresh-proposal', {
    describe: 'As a PEP, before the Pause is 5, submit (or revise) your Refresh Proposal: a list of changes to any aspect of the game.',
    args: { text: 'string', changes: 'json?' },
    legal(ctx) {
      const why = inEmergency(ctx);
      if (why) return why;
      const pause = current()!.attrs.pause;
      if (pause !== null && Number(pause) >= firstBallot) return `Rule 4E0: Refresh Proposals are submitted before the Pause is ${firstBallot}`;
      if (ctx.args.changes != null && !Array.isArray(ctx.args.changes)) return 'changes must be a list';
    },
    perform(ctx) {
      const e = current()!;
      api.set(e.key, 'refresh', { ...(e.attrs.refresh as JsonObject), [ctx.agent]: { text: String(ctx.args.text), changes: (ctx.args.changes ?? api.lib.parseProposal(String(ctx.args.text)).changes) as Json } });
      return e.key;
    },
  });
  api.action('withdraw-refresh-proposal', {
    describe: 'As a PEP, before the Pause is 5, withdraw your Refresh Proposal.',
    legal(ctx) {
      const why = inEmergency(ctx);
      if (why) return why;
      const e = current()!;
      if (!(e.attrs.refresh as JsonObject)[ctx.agent]) return 'you have no Refresh Proposal';
      if (e.attrs.pause !== null && Number(e.attrs.pause) >= firstBallot) return `Rule 4E0: only before the Pause is ${firstBallot}`;
    },
    perform(ctx) {
      const e = current()!;
      const refresh = { ...(e.attrs.refresh as JsonObject) };
      delete refresh[ctx.agent];
      api.set(e.key, 'refresh', refresh);
      return e.key;
    },
  });
  api.action('emergency-vote', {
    describe: 'As a PEP, cast your single vote in the current round for one Refresh Proposal on the Ballot (named by its author).',
    args: { proposal: 'string' },
    legal(ctx) {
      const why = inEmergency(ctx);
      if (why) return why;
      const e = current()!;
      if (Number(e.attrs.round) === 0) return 'Rule 4E0: there is no Ballot yet';
      if (!(e.attrs.ballot as string[]).includes(String(ctx.args.proposal))) return `Rule 4E0: the Ballot holds the Refresh Proposals of ${(e.attrs.ballot as string[]).join(', ')}`;
      if ((e.attrs.votes as JsonObject)[ctx.agent]) return 'Rule 4E0: each PEP casts a single vote';
    },
    perform(ctx) {
      const e = current()!;
      api.set(e.key, 'votes', { ...(e.attrs.votes as JsonObject), [ctx.agent]: String(ctx.args.proposal) });
      return e.key;
    },
  });

  /** Steps 6 to 15, run whenever the Pause changes. */
  const advance = () => {
    const e = current();
    if (!e || e.attrs.pause === null || e.attrs.selected) return;
    const pause = Number(e.attrs.pause) + 1;
    api.set(e.key, 'pause', pause);
    const round = Number(e.attrs.round);
    const authors = Object.keys(e.attrs.refresh as JsonObject);
    if (round === 0 && pause >= firstBallot) {
      if (authors.length) api.update(e.key, { round: 1, ballot: authors, votes: {} });
      return;
    }
    if (round === 0 || pause !== firstBallot + round) return;
    const votes = Object.values(e.attrs.votes as Record<string, string>);
    const counts: Record<string, number> = Object.fromEntries((e.attrs.ballot as string[]).map((a) => [a, 0]));
    for (const v of votes) counts[v] = (counts[v] ?? 0) + 1;
    const rounds = [...(e.attrs.rounds as Json[]), { round, counts }];
    const winner = Object.entries(counts).find(([, n]) => n * 2 > votes.length)?.[0];
    if (winner) {
      const rp = (e.attrs.refresh as Record<string, { changes: JsonObject[] }>)[winner]!;
      const result = api.applyChanges(rp.changes as never, { cause: `refresh proposal of ${winner} (emergency ${e.id})` });
      api.update(e.key, { rounds, selected: winner, outcome: result.ok ? 'applied' : `needs the Coordinator: ${result.error}` });
      for (const id of peps()) if (lookup(id)) api.set(lookup(id)!.key, 'mentalState', 'Calm');
      return;
    }
    const sorted = Object.entries(counts).sort((a, b) => b[1] - a[1]);
    let ballot: string[];
    if (round === 1) {
      ballot = sorted.filter(([, n]) => n >= 2).map(([a]) => a);
      if (ballot.length < 2) ballot = sorted.filter(([, n]) => n >= 1).map(([a]) => a);
      if (ballot.length < 2) ballot = authors;
    } else {
      const second = sorted[1]?.[1] ?? 0;
      ballot = sorted.filter(([, n], i) => i === 0 || n >= second).map(([a]) => a);
    }
    api.update(e.key, { rounds, round: round + 1, ballot, votes: {} });
  };
  api.on('emergency-midnight', advance);
  api.on('pause-increment-due', (ev) => {
    const e = current();
    const inc = e?.attrs.increment as { at: number; objectors: string[] } | null | undefined;
    if (!e || !inc || inc.at !== ev.payload.at) return;
    api.set(e.key, 'increment', null);
    if (!inc.objectors.length) advance();
  });

  api.on('nday-begins', (e) => {
    if (Number(e.payload.nday) !== calmDay.nday) return;
    if (api.get('flagpole/threat-awareness')?.attrs.flag !== calmDay.flag) return;
    for (const id of peps()) if (lookup(id)?.attrs.mentalState === 'Paranoid') api.set(lookup(id)!.key, 'mentalState', 'Calm');
  });
}
