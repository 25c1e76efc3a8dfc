// Kernel benchmark: one action end to end (sandbox + durable SQLite append) against a raw durable
// SQLite append of the same bytes; replay --verify against raw reads of the same log; one rule
// handler dispatched by the kernel against a plain function call.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Game, verifyReplay } from '../src/kernel/game.js';
import { Sandbox } from '../src/kernel/sandbox.js';
import { emptyState } from '../src/kernel/state.js';
import type { LogEntry } from '../src/kernel/types.js';
import { openDatabase } from '../src/storage/database.js';
import { KyselyEventStore } from '../src/storage/kysely-store.js';
import type { BenchResult } from './storage.js';

const T0 = Date.UTC(2026, 0, 5);
const RULE = `export default function (api) {
  api.action('score', { args: { n: 'number' }, perform(ctx) {
    const key = 'player/' + ctx.agent;
    if (!api.get(key)) api.create('player', { points: 0 }, { id: ctx.agent, owner: null });
    api.set(key, 'points', api.get(key).attrs.points + ctx.args.n);
  } });
  api.action('ping', { perform() {} });
}`;

async function timed(n: number, op: (i: number) => unknown): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < n; i++) await op(i);
  return (performance.now() - start) / n; // ms per op
}

export async function benchKernel(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'nomicon-bench-kernel-'));
  const results: BenchResult[] = [];
  try {
    const store = new KyselyEventStore(await openDatabase({ file: join(dir, 'game.db') }), { ownsDatabase: true });
    const game = await Game.create(store, 'bench', { start: T0, seed: 1 });
    await game.submit({ kind: 'setup', at: T0, data: { rules: [{ number: '1', text: 'Scoring.', code: RULE }] } });
    const N = 2000;
    const entries: LogEntry[] = [];
    const actionMs = await timed(N, async (i) => {
      entries.push(await game.submit({ kind: 'action', at: T0 + i, person: `p${i % 20}`, action: 'score', args: { n: 1 } }));
    });

    const raw = new BetterSqlite3(join(dir, 'raw.db'));
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = FULL');
    raw.exec('create table log (game_id text, seq integer, input text, outcome text, hash text, primary key (game_id, seq))');
    const insert = raw.prepare('insert into log values (?, ?, ?, ?, ?)');
    const appendOne = raw.transaction((e: LogEntry) => insert.run('bench', e.seq, JSON.stringify(e.input), JSON.stringify(e.outcome), e.hash));
    const rawMs = await timed(entries.length, (i) => appendOne.immediate(entries[i]!));
    results.push({
      name: 'kernel.action', value: 1000 / actionMs, unit: 'actions/s',
      baseline: { name: 'raw durable SQLite append of the same entry', value: 1000 / rawMs, unit: 'appends/s' },
      note: `one action = run in the isolate, hash, durable append (KyselyEventStore, WAL, synchronous=FULL), fold; cost ratio ${(actionMs / rawMs).toFixed(1)}x a raw append`,
    });

    const total = game.seq;
    const replayStart = performance.now();
    const report = await verifyReplay(store, 'bench');
    const replayMs = performance.now() - replayStart;
    if (!report.ok) throw new Error(`replay failed: ${report.mismatch?.reason}`);
    const readStart = performance.now();
    const read = await store.read('bench');
    const readMs = performance.now() - readStart;
    results.push({
      name: 'kernel.replay-verify', value: (total / replayMs) * 1000, unit: 'entries/s',
      baseline: { name: 'raw read of the same log (KyselyEventStore.read)', value: (read.length / readMs) * 1000, unit: 'entries/s' },
      note: `${total} entries re-executed in a fresh isolate, effects and hash chain compared`,
    });
    game.close();
    await store.close();
    raw.close();

    // Dispatch overhead: one input through the kernel (no storage) against a plain function call.
    const sandbox = new Sandbox(emptyState(T0, 1));
    const state = emptyState(T0, 1);
    sandbox.run({ kind: 'setup', at: T0, data: { rules: [{ number: '1', text: 'x', code: RULE }] } }, state);
    sandbox.commit();
    const M = 3000;
    const dispatchMs = await timed(M, () => {
      sandbox.run({ kind: 'action', at: T0, person: 'p', action: 'ping', args: {} }, state);
      sandbox.commit();
    });
    sandbox.dispose();
    const points: Record<string, number> = {};
    const plain = (who: string) => {
      points[who] = (points[who] ?? 0) + 1;
    };
    const K = 1_000_000;
    const plainMs = await timed(K, (i) => plain(`p${i % 20}`));
    results.push({
      name: 'kernel.hook-dispatch', value: 1000 / dispatchMs, unit: 'inputs/s',
      baseline: { name: 'plain function call updating a map', value: 1000 / plainMs, unit: 'calls/s' },
      note: 'an action with an empty perform hook, dispatched through the isolate (rules re-instantiated per input, legality checks, event queue, settle), no storage',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
