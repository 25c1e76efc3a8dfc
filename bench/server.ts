// Server benchmark: votes per second and p50/p99 latency over real HTTP with 200 concurrent
// clients on one nomic-v game (SQLite, durable appends), beside a bare Fastify endpoint measured
// the same way in the same run; and the time for one entry to reach 1,000 WebSocket clients.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import WebSocket from 'ws';
import { buildServer } from '../src/server/app.js';
import { openDatabase } from '../src/storage/database.js';
import { KyselyEventStore } from '../src/storage/kysely-store.js';
import type { BenchResult } from './storage.js';

const CLIENTS = 200;
const SOCKETS = 1000;
const DURATION_MS = 5000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** What each load client sends: one URL, its own headers, and bodies taken in turn. */
interface LoadSpec {
  url: string;
  headers: Record<string, string>[];
  bodies: string[];
}

// The load runs in a worker thread, so the clients do not share the server's event loop (the
// sandbox call blocks it while an input runs, which would otherwise stall the clients' timers too).
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { clients, durationMs, spec } = workerData;
(async () => {
  const latencies = [];
  let errors = 0;
  const start = performance.now();
  const end = start + durationMs;
  await Promise.all(Array.from({ length: clients }, async (_, client) => {
    for (let i = 0; performance.now() < end; i++) {
      const t = performance.now();
      const response = await fetch(spec.url, { method: 'POST', body: spec.bodies[i % spec.bodies.length], headers: spec.headers[client % spec.headers.length] });
      await response.arrayBuffer();
      if (!response.ok) errors++;
      latencies.push(performance.now() - t);
    }
  }));
  parentPort.postMessage({ latencies, errors, seconds: (performance.now() - start) / 1000 });
})();
`;

/** `clients` loops in a worker thread, each sending one request after another for the duration. */
async function load(clients: number, spec: LoadSpec): Promise<{ perSecond: number; p50: number; p99: number; errors: number }> {
  const worker = new Worker(LOAD_WORKER, { eval: true, workerData: { clients, durationMs: DURATION_MS, spec } });
  try {
    const { latencies, errors, seconds } = await new Promise<{ latencies: number[]; errors: number; seconds: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    latencies.sort((a, b) => a - b);
    return { perSecond: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
  } finally {
    await worker.terminate();
  }
}

export async function benchServer(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'nomicon-bench-server-'));
  const store = new KyselyEventStore(await openDatabase({ file: join(dir, 'games.db') }), { ownsDatabase: true });
  const app = await buildServer({ store, database: await openDatabase({ file: join(dir, 'accounts.db') }), testClock: true, web: false });
  const bare = Fastify();
  bare.post('/vote', async () => ({ ok: true }));
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const post = (path: string, body: unknown, token?: string) => fetch(base + path, {
      method: 'POST', body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    // 200 people, each with an API token, all players of one game with a proposal up for vote.
    const tokens: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const signUp = await post('/api/auth/sign-up', { name: `p${i}`, password: 'correct horse battery' });
      const cookie = (signUp.headers.get('set-cookie') ?? '').split(';')[0]!;
      const { csrfToken } = (await signUp.json()) as { csrfToken: string };
      const token = await fetch(`${base}/api/tokens`, { method: 'POST', body: '{"name":"bench"}', headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken } });
      tokens.push(((await token.json()) as { token: string }).token);
    }
    const created = await post('/api/games', { preset: 'nomic-v', id: 'bench', join: true }, tokens[0]);
    if (!created.ok) throw new Error(`game not created: ${await created.text()}`);
    for (let i = 1; i < CLIENTS; i++) await (await post('/api/games/bench/join', {}, tokens[i])).arrayBuffer();
    await (await post('/api/games/bench/actions', { action: 'propose', args: { title: 'Bench', text: 'Repeal Rule 216.' } }, tokens[0])).arrayBuffer();
    await (await post('/api/test/clock', { advanceMs: 24 * 3_600_000 }, tokens[0])).arrayBuffer();

    const votes = await load(CLIENTS, {
      url: `${base}/api/games/bench/actions`,
      headers: tokens.map((token) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` })),
      bodies: ['yes', 'no'].map((vote) => JSON.stringify({ action: 'vote', args: { vote } })),
    });
    const bareBase = await bare.listen({ host: '127.0.0.1', port: 0 });
    const baseline = await load(CLIENTS, { url: `${bareBase}/vote`, headers: [{ 'content-type': 'application/json' }], bodies: ['{"vote":"yes"}'] });

    // Fan-out: 1,000 sockets on the game's feed; one vote; time until every socket has the entry.
    const wsBase = base.replace('http', 'ws');
    const sockets = await Promise.all(Array.from({ length: SOCKETS }, () => new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`${wsBase}/api/games/bench/feed`, { headers: { origin: base } });
      ws.once('message', () => resolve(ws)); // the hello
      ws.once('error', reject);
    })));
    const received = Promise.all(sockets.map((ws) => new Promise<number>((resolve) => {
      ws.on('message', (data) => {
        if (String(data).includes('"type":"entry"')) resolve(performance.now());
      });
    })));
    const sent = performance.now();
    await (await post('/api/games/bench/actions', { action: 'vote', args: { vote: 'yes' } }, tokens[0])).arrayBuffer();
    const arrivals = (await received).map((t) => t - sent).sort((a, b) => a - b);
    for (const ws of sockets) ws.close();

    return [
      {
        name: 'server.votes', value: votes.perSecond, unit: 'votes/s',
        baseline: { name: 'bare Fastify POST endpoint, same clients', value: baseline.perSecond, unit: 'requests/s' },
        note: `${CLIENTS} concurrent clients (in a worker thread) on one nomic-v game for ${DURATION_MS / 1000} s over HTTP (Bearer tokens, SQLite durable appends); latency p50 ${votes.p50.toFixed(1)} ms, p99 ${votes.p99.toFixed(1)} ms (bare endpoint p50 ${baseline.p50.toFixed(1)} ms, p99 ${baseline.p99.toFixed(1)} ms); ${votes.errors} non-2xx; one writer per game runs inputs in turn, so a vote waits for the ones before it (p50 ≈ clients / throughput)`,
      },
      {
        name: 'server.feed-fanout', value: arrivals[arrivals.length - 1]!, unit: 'ms to reach all',
        note: `one vote's log entry delivered to ${SOCKETS} WebSocket clients of the game: first after ${arrivals[0]!.toFixed(1)} ms, median ${percentile(arrivals, 50).toFixed(1)} ms, last ${arrivals[arrivals.length - 1]!.toFixed(1)} ms (each entry filtered per person)`,
      },
    ];
  } finally {
    await app.close();
    await bare.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
