// Tests of the live feed (WebSocket), of what a person may see of log entries (secret values), and
// of two servers writing to one database: the loser of a race reloads the game and retries.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { LogEntry } from '../../src/kernel/types.js';
import { GameService } from '../../src/engine/games.js';
import { ConcurrencyError } from '../../src/kernel/store.js';
import { buildServer } from '../../src/server/app.js';
import { GameHub } from '../../src/server/hub.js';
import { viewEntry } from '../../src/server/view.js';
import { openDatabase, KyselyEventStore } from '../../src/storage/index.js';
import { personFrom, signUp, testServer, type Person } from './helpers.js';

/** Opens a feed and collects its messages from the start; `next(pred)` waits for the first match. */
async function feedOf(app: FastifyInstance, path: string, headers: Record<string, string> = {}) {
  let feed: ReturnType<typeof collect> | undefined;
  const ws = await app.injectWS(path, { headers }, { onInit: (socket) => { feed = collect(socket); } });
  return { ...feed!, ws };
}

function collect(ws: WebSocket) {
  const messages: any[] = [];
  const waiters: { pred: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data));
    messages.push(message);
    for (const w of [...waiters]) if (w.pred(message)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(message);
    }
  });
  const closed = new Promise<{ code: number }>((resolve) => ws.on('close', (code) => resolve({ code })));
  return {
    messages,
    closed,
    next: (pred: (m: any) => boolean, ms = 5000) => {
      const found = messages.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise<any>((resolve, reject) => {
        waiters.push({ pred, resolve });
        setTimeout(() => reject(new Error(`no matching message in ${ms} ms; got ${JSON.stringify(messages)}`)), ms);
      });
    },
  };
}

describe('the feed', () => {
  let app: FastifyInstance;
  let alice: Person;
  let bob: Person;
  let carol: Person;
  let id: string;
  beforeEach(async () => {
    app = await testServer();
    alice = await signUp(app, 'alice');
    bob = await signUp(app, 'bob');
    carol = await signUp(app, 'carol');
    id = (await alice.post('/api/games', { preset: 'nomic-v', join: true })).json().game.id;
  });
  afterEach(async () => {
    await app.close();
  });

  it('streams each new entry to a connected member', async () => {
    const feed = await feedOf(app, `/api/games/${id}/feed`, { cookie: bob.cookie });
    const hello = await feed.next((m) => m.type === 'hello');
    expect(hello).toMatchObject({ game: id, person: 'bob' });
    await bob.post(`/api/games/${id}/join`, {});
    await alice.post(`/api/games/${id}/actions`, { action: 'propose', args: { text: 'Repeal Rule 212.' } });
    const joined = await feed.next((m) => m.type === 'entry' && m.entry.input.action === 'join');
    expect(joined.summary).toBe('bob: join');
    const proposed = await feed.next((m) => m.type === 'entry' && m.entry.input.action === 'propose');
    expect(proposed.entry.seq).toBe(hello.seq + 2);
    expect(proposed.entry.outcome.status).toBe('ok');
    feed.ws.terminate();
  });

  it('replays what a client missed with ?after=SEQ', async () => {
    await bob.post(`/api/games/${id}/join`, {});
    const feed = await feedOf(app, `/api/games/${id}/feed?after=1`, { cookie: carol.cookie });
    const entry = await feed.next((m) => m.type === 'entry');
    expect(entry.entry.seq).toBe(2);
    await feed.next((m) => m.type === 'entry' && m.entry.input.person === 'bob');
    feed.ws.terminate();
  });

  it('lets anyone watch a public game but keeps private games to members', async () => {
    const anon = await feedOf(app, `/api/games/${id}/feed`);
    expect((await anon.next((m) => m.type === 'hello')).person).toBeNull();
    const priv = (await alice.post('/api/games', { preset: 'nomic-v', visibility: 'private' })).json().game.id;
    const outsider = await feedOf(app, `/api/games/${priv}/feed`, { cookie: carol.cookie });
    const error = await outsider.next((m) => m.type === 'error');
    expect(error.error).toMatch(/private/);
    expect((await outsider.closed).code).toBe(4403);
    const missing = await feedOf(app, '/api/games/nope/feed', { cookie: carol.cookie });
    expect((await missing.closed).code).toBe(4404);
    const crossSite = await feedOf(app, `/api/games/${id}/feed`, { cookie: carol.cookie, origin: 'https://evil.example' });
    expect((await crossSite.closed).code).toBe(4403);
  });
});

describe('what a person sees of an entry', () => {
  const entry: LogEntry = {
    seq: 5,
    input: { kind: 'action', at: 1, person: 'alice', action: 'vote', args: { vote: 'yes' } },
    outcome: {
      status: 'ok',
      effects: [
        { op: 'set', key: 'ballot/1', attr: 'alice', value: 'yes', secret: ['alice'] },
        { op: 'set', key: 'proposal/1', attr: 'voters', value: ['alice'] },
        { op: 'create', key: 'hand/alice', object: { type: 'hand', id: 'alice', attrs: { cards: [1, 2], size: 2 }, secret: { cards: ['alice'] } } },
      ],
      outputs: [{ to: ['alice'], text: 'you voted yes' }, { to: 'all', text: 'someone voted' }],
      happenings: [],
      draws: [0.5],
    },
    hash: 'h',
  };

  it('hides secret values, others\' messages and the arguments of a secret act from others', () => {
    const bob = viewEntry(entry, 'bob') as any;
    expect(bob.outcome.effects[0]).toEqual({ op: 'set', key: 'ballot/1', attr: 'alice', value: null, hidden: true });
    expect(bob.outcome.effects[1].value).toEqual(['alice']);
    expect(bob.outcome.effects[2].object.attrs).toEqual({ cards: null, size: 2 });
    expect(bob.outcome.outputs).toEqual([{ to: 'all', text: 'someone voted' }]);
    expect(bob.input.args).toEqual({});
    expect(bob.input.argsHidden).toBe(true);
    expect(bob.outcome.draws).toBeUndefined();
    expect(JSON.stringify(bob)).not.toContain('"yes"');
    expect(JSON.stringify(viewEntry(entry, undefined))).not.toContain('"yes"');
  });

  it('shows the person their own secrets', () => {
    const alice = viewEntry(entry, 'alice') as any;
    expect(alice.outcome.effects[0].value).toBe('yes');
    expect(alice.outcome.effects[2].object.attrs.cards).toEqual([1, 2]);
    expect(alice.outcome.outputs).toHaveLength(2);
    expect(alice.input.args).toEqual({ vote: 'yes' });
  });

  it('hides a value set on an attribute that is secret in the current state', () => {
    const later: LogEntry = { ...entry, outcome: { ...entry.outcome, effects: [{ op: 'set', key: 'ballot/1', attr: 'alice', value: 'no' }] } };
    const state = { seq: 6, now: 1, counters: {}, rng: [1, 2, 3, 4] as [number, number, number, number], objects: { 'ballot/1': { type: 'ballot', id: '1', attrs: { alice: 'no' }, secret: { alice: ['alice'] } } } };
    expect((viewEntry(later, 'bob', state) as any).outcome.effects[0].value).toBeNull();
  });
});

describe('two servers on one database', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'nomicon-server-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('the server that lost a race reloads the game and retries; its readers catch up', async () => {
    const file = join(dir, 'nomicon.db');
    const dbA = await openDatabase({ file });
    const dbB = await openDatabase({ file });
    const storeA = new KyselyEventStore(dbA);
    const storeB = new KyselyEventStore(dbB);
    const a = await buildServer({ store: storeA, database: dbA, shared: true, web: false });
    const b = await buildServer({ store: storeB, database: dbB, shared: true, web: false });
    try {
      const aliceA = await signUp(a, 'alice');
      const signIn = await b.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { name: 'alice', password: 'correct horse battery' } });
      const aliceB = personFrom(b, 'alice', `nomicon_session=${signIn.cookies[0]!.value}`, signIn.json().csrfToken);
      const id = (await aliceA.post('/api/games', { preset: 'nomic-v', join: true })).json().game.id;
      // Both servers open the game; then each writes in turn, so each one's copy is stale once.
      expect((await aliceB.get(`/api/games/${id}/players`)).json().players).toHaveLength(1);
      const bob = await signUp(a, 'bob');
      expect((await bob.post(`/api/games/${id}/join`, {})).statusCode).toBe(200);
      const first = await aliceB.post(`/api/games/${id}/actions`, { action: 'propose', args: { text: 'Repeal Rule 212.' } });
      expect(first.statusCode, first.body).toBe(200);
      const second = await bob.post(`/api/games/${id}/actions`, { action: 'endorse', args: { proposal: '1' } });
      expect(second.statusCode, second.body).toBe(200);
      const fromA = (await aliceA.get(`/api/games/${id}/proposals`)).json().proposals;
      const fromB = (await aliceB.get(`/api/games/${id}/proposals`)).json().proposals;
      expect(fromA[0].endorsers).toEqual(['bob']);
      expect(fromB).toEqual(fromA);
      const log = (await aliceB.get(`/api/games/${id}/log?after=0&limit=100`)).json().entries;
      expect(log.map((e: { seq: number }) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await a.close();
      await b.close();
      await dbA.close();
      await dbB.close();
    }
  });

  it('a stale copy that hits ConcurrencyError is reloaded and the write retried once', async () => {
    const file = join(dir, 'nomicon.db');
    const dbA = await openDatabase({ file });
    const dbB = await openDatabase({ file });
    const gamesA = new GameService(new KyselyEventStore(dbA));
    const gamesB = new GameService(new KyselyEventStore(dbB));
    const hubA = new GameHub(gamesA, { clock: Date.now });
    const hubB = new GameHub(gamesB, { clock: Date.now });
    try {
      const { game } = await gamesA.create({ preset: 'nomic-v', id: 'race' });
      const stale = await hubB.game('race');
      const seen: number[] = [];
      await hubB.subscribe('race', (entry) => seen.push(entry.seq));
      await hubA.write('race', () => gamesA.act('race', 'alice', 'join'));
      // Without the hub, B's copy fails: another writer appended first.
      await expect(stale.submit({ kind: 'action', at: Date.now(), person: 'bob', action: 'join', args: {} })).rejects.toBeInstanceOf(ConcurrencyError);
      const entry = await hubB.write('race', () => gamesB.act('race', 'bob', 'join'));
      expect(entry.outcome.status).toBe('ok');
      expect(entry.seq).toBe(3);
      expect(seen).toEqual([2, 3]);
      expect(Object.keys((await hubB.game('race')).state.objects).filter((k) => k.startsWith('player/'))).toEqual(['player/alice', 'player/bob']);
      expect(game.seq).toBe(2);
    } finally {
      await hubA.close();
      await hubB.close();
      await dbA.close();
      await dbB.close();
    }
  });
});
