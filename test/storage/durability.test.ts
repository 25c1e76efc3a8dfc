// Crash and multi-process tests for the SQLite store: SIGKILLed writers lose no acknowledged entry; racing processes keep the log contiguous.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/storage/database.js';
import { KyselyEventStore } from '../../src/storage/kysely-store.js';
import { fixtureEntry } from './fixtures/append-writer.js';

const here = dirname(fileURLToPath(import.meta.url));
const FIXTURE = join(here, 'fixtures', 'append-writer.ts');
const ROOT = resolve(here, '..', '..');

function startWriter(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) => child.on('close', (code, signal) => res({ code, signal })));
  return { child, closed, out: () => stdout, err: () => stderr };
}

async function openStore(file: string): Promise<KyselyEventStore> {
  return new KyselyEventStore(await openDatabase({ file }), { ownsDatabase: true });
}

describe('SQLite durability and multi-process writers', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'nomicon-durability-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every acknowledged append when the writer is SIGKILLed mid-run, crash after crash', async () => {
    const file = join(dir, 'kill.db');
    const game = 'killed';
    const setup = await openStore(file);
    await setup.createGame(game, { title: 'crash test' });
    await setup.close();

    let lastAcked = 0;
    for (let round = 0; round < 3; round++) {
      const w = startWriter(['loop', file, game, '5']);
      // Let it get well into its stride, then kill it at an arbitrary moment.
      const target = lastAcked + 150 + Math.floor(Math.random() * 100);
      await new Promise<void>((res, rej) => {
        const timer = setInterval(() => {
          const acks = w.out().trim().split('\n').filter(Boolean);
          if (acks.length > 0 && Number(acks[acks.length - 1]) >= target) {
            clearInterval(timer);
            setTimeout(() => {
              w.child.kill('SIGKILL');
              res();
            }, Math.floor(Math.random() * 15));
          }
        }, 2);
        w.closed.then(({ code }) => {
          clearInterval(timer);
          rej(new Error(`writer exited early (${code}): ${w.err()}`));
        }, rej);
      });
      const { signal } = await w.closed;
      expect(signal).toBe('SIGKILL');

      const acked = w.out().trim().split('\n').filter(Boolean).map(Number);
      expect(acked.length).toBeGreaterThan(0);
      expect(acked).toEqual([...acked].sort((x, y) => x - y));
      const maxAcked = acked[acked.length - 1]!;

      // The file is consistent and nothing acknowledged is missing.
      const raw = new BetterSqlite3(file);
      expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
      raw.close();
      const store = await openStore(file);
      const log = await store.read(game);
      const record = await store.getGame(game);
      await store.close();
      expect(log.map((e) => e.seq)).toEqual(Array.from({ length: log.length }, (_, i) => i + 1));
      expect(record?.seq).toBe(log.length);
      expect(log.length).toBeGreaterThanOrEqual(maxAcked);
      for (const seq of acked) expect(log[seq - 1]).toEqual(fixtureEntry(seq, 'loop'));
      // Batches are all-or-nothing: whatever committed past the last ack is a whole batch.
      expect(log.length - maxAcked).toBeLessThanOrEqual(5);
      expect(log.every((e) => e.hash === `loop:${e.seq}`)).toBe(true);
      lastAcked = log.length;
    }
  });

  it('keeps the log contiguous when several processes race to append', async () => {
    const file = join(dir, 'race.db');
    const game = 'raced';
    const setup = await openStore(file);
    await setup.createGame(game, {});
    await setup.close();

    const writers = ['a', 'b', 'c'];
    const perWriter = 60;
    const runs = writers.map((w) => startWriter(['race', file, game, w, String(perWriter)]));
    // Start them together, so they really contend.
    while (!runs.every((r) => r.out().startsWith('ready\n'))) {
      const early = await Promise.race([...runs.map((r) => r.closed), new Promise<null>((res) => setTimeout(() => res(null), 5))]);
      if (early) throw new Error(`a writer exited before starting: ${runs.map((r) => r.err()).join('\n')}`);
    }
    writeFileSync(`${file}.go`, '');
    const exits = await Promise.all(runs.map((r) => r.closed));
    exits.forEach((e, i) => expect(e, runs[i]!.err()).toEqual({ code: 0, signal: null }));
    for (const r of runs) expect(r.out()).toMatch(/^ready\ndone \d+ conflicts\n$/);
    const conflicts = runs.map((r) => Number(/done (\d+)/.exec(r.out())![1]));
    // The writers did contend (else this test proves little); each conflict was retried.
    expect(conflicts.reduce((x, y) => x + y, 0)).toBeGreaterThan(0);

    const store = await openStore(file);
    const log = await store.read(game);
    expect((await store.getGame(game))?.seq).toBe(writers.length * perWriter);
    await store.close();
    expect(log.map((e) => e.seq)).toEqual(Array.from({ length: writers.length * perWriter }, (_, i) => i + 1));
    for (const w of writers) expect(log.filter((e) => e.hash.startsWith(`${w}:`))).toHaveLength(perWriter);
    for (const e of log) expect(e).toEqual(fixtureEntry(e.seq, e.hash.split(':')[0]!));
  });
});
