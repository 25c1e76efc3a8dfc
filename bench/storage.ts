// Storage benchmark: KyselyEventStore on SQLite against raw better-sqlite3 doing the same writes and reads.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import type { LogEntry } from '../src/kernel/types.js';
import { openDatabase } from '../src/storage/database.js';
import { KyselyEventStore } from '../src/storage/kysely-store.js';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number; unit: string };
  note?: string;
}

/** A typical entry: an action with a few arguments and an outcome with a handful of effects (~1 KB of JSON). */
function entry(seq: number): LogEntry {
  return {
    seq,
    input: { kind: 'action', at: 1_700_000_000_000 + seq, person: `player-${seq % 7}`, action: 'propose', args: { text: `Rule ${seq}: ${'All players must be excellent to each other. '.repeat(6)}`, kind: 'enact' } },
    outcome: {
      status: 'ok',
      result: `proposal/${seq}`,
      effects: [
        { op: 'counter', name: 'proposal', value: seq },
        { op: 'create', key: `proposal/${seq}`, object: { type: 'proposal', id: String(seq), attrs: { author: `player-${seq % 7}`, status: 'open', votes: {} } } },
        { op: 'set', key: `proposal/${seq}`, attr: 'opened', value: 1_700_000_000_000 + seq },
        { op: 'clock', now: 1_700_000_000_000 + seq },
      ],
      outputs: [{ to: 'all', text: `Proposal ${seq} is open for voting.` }],
      happenings: [{ event: 'proposal.opened', payload: { id: seq } }],
    },
    hash: seq.toString(16).padStart(64, '0'),
  };
}

/** Runs `op` until `minMs` has passed (and at least `minOps` times); returns operations per second. */
async function rate(op: (i: number) => unknown, minMs: number, minOps: number): Promise<{ perSecond: number; ops: number }> {
  for (let i = 0; i < 3; i++) await op(-1 - i); // warm-up (negative: callers may ignore)
  let ops = 0;
  const start = performance.now();
  while (ops < minOps || performance.now() - start < minMs) {
    await op(ops);
    ops += 1;
  }
  const seconds = (performance.now() - start) / 1000;
  return { perSecond: ops / seconds, ops };
}

function rawDatabase(file: string): BetterSqlite3.Database {
  const raw = new BetterSqlite3(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = FULL');
  raw.exec(`create table log (game_id text not null, seq integer not null, input text not null, outcome text not null, hash text not null, primary key (game_id, seq))`);
  return raw;
}

export async function benchStorage(options: { minMs?: number } = {}): Promise<BenchResult[]> {
  const minMs = options.minMs ?? 1_500;
  const dir = mkdtempSync(join(tmpdir(), 'nomicon-bench-storage-'));
  const results: BenchResult[] = [];
  try {
    // --- appends: one entry per append, each its own durable transaction.
    const database = await openDatabase({ file: join(dir, 'store.db') });
    const store = new KyselyEventStore(database, { ownsDatabase: true });
    await store.createGame('bench', {});
    let seq = 0;
    const storeAppend = await rate(async () => {
      await store.append('bench', seq, [entry(seq + 1)]);
      seq += 1;
    }, minMs, 200);

    const raw = rawDatabase(join(dir, 'raw.db'));
    const insert = raw.prepare('insert into log (game_id, seq, input, outcome, hash) values (?, ?, ?, ?, ?)');
    const insertOne = raw.transaction((e: { seq: number; input: string; outcome: string; hash: string }) => insert.run('bench', e.seq, e.input, e.outcome, e.hash));
    let rawSeq = 0;
    const rawAppend = await rate(() => {
      rawSeq += 1;
      const e = entry(rawSeq);
      insertOne.immediate({ seq: rawSeq, input: JSON.stringify(e.input), outcome: JSON.stringify(e.outcome), hash: e.hash });
    }, minMs, 200);
    results.push({
      name: 'storage.sqlite.append',
      value: storeAppend.perSecond,
      unit: 'appends/s',
      baseline: { name: 'raw better-sqlite3 INSERT, own transaction', value: rawAppend.perSecond, unit: 'appends/s' },
      note: `1 entry (~${JSON.stringify(entry(1)).length} B JSON) per append, WAL + synchronous=FULL on both; the store also runs the conditional UPDATE of games.seq and goes through Kysely; both serialise the entry with JSON.stringify`,
    });

    // --- reads: the whole log back as LogEntry objects.
    // Bring both logs to the same length (at least 5000) so both sides read the same entries.
    const readCount = Math.max(5_000, seq, rawSeq);
    for (let s = seq; s < readCount; s += 500) {
      const n = Math.min(500, readCount - s);
      await store.append('bench', s, Array.from({ length: n }, (_, k) => entry(s + 1 + k)));
    }
    const total = (await store.getGame('bench'))!.seq;
    const storeRead = await rate(async () => {
      const log = await store.read('bench');
      if (log.length !== total) throw new Error('short read');
    }, minMs, 5);

    const rawHave = rawSeq;
    const insertMany = raw.transaction((from: number, to: number) => {
      for (let s = from; s <= to; s++) {
        const e = entry(s);
        insert.run('bench', s, JSON.stringify(e.input), JSON.stringify(e.outcome), e.hash);
      }
    });
    if (rawHave < total) insertMany(rawHave + 1, total);
    const select = raw.prepare('select seq, input, outcome, hash from log where game_id = ? and seq > ? order by seq');
    const rawRead = await rate(() => {
      const rows = select.all('bench', 0) as { seq: number; input: string; outcome: string; hash: string }[];
      const log = rows.map((r) => ({ seq: r.seq, input: JSON.parse(r.input), outcome: JSON.parse(r.outcome), hash: r.hash }));
      if (log.length !== total) throw new Error('short raw read');
    }, minMs, 5);
    results.push({
      name: 'storage.sqlite.read',
      value: storeRead.perSecond * total,
      unit: 'entries/s',
      baseline: { name: 'raw better-sqlite3 SELECT + JSON.parse', value: rawRead.perSecond * total, unit: 'entries/s' },
      note: `whole log of ${total} entries per read, ordered by seq, parsed into LogEntry objects on both sides`,
    });

    raw.close();
    await store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of await benchStorage()) {
    const base = r.baseline ? `  (baseline ${r.baseline.name}: ${r.baseline.value.toFixed(0)} ${r.baseline.unit}, ratio ${(r.value / r.baseline.value).toFixed(2)})` : '';
    console.log(`${r.name}: ${r.value.toFixed(0)} ${r.unit}${base}\n  ${r.note ?? ''}`);
  }
}
