// Nomic V at scale: a 200-turn game with 20 players (random proposals, endorsements, votes) on
// SQLite, then replay --verify of the whole log; raw log reads are the baseline for replay.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulateNomicV } from '../src/engine/simulate.js';
import { openDatabase } from '../src/storage/database.js';
import { KyselyEventStore } from '../src/storage/kysely-store.js';
import type { BenchResult } from './storage.js';

export async function benchNomicV(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'nomicon-bench-nomicv-'));
  try {
    const store = new KyselyEventStore(await openDatabase({ file: join(dir, 'sim.db') }), { ownsDatabase: true });
    const started = performance.now();
    const result = await simulateNomicV({ players: 20, turns: 200, seed: 1, store, onTurn: (t) => t % 50 === 0 && process.stderr.write(`  turn ${t}\n`) });
    const playMs = performance.now() - started;
    const replayStart = performance.now();
    const report = await result.service.verify(result.gameId);
    const replayMs = performance.now() - replayStart;
    if (!report.ok) throw new Error(`replay --verify failed: ${report.mismatch?.reason}`);
    const readStart = performance.now();
    const read = await store.read(result.gameId);
    const readMs = performance.now() - readStart;
    await result.service.close();
    await store.close();
    const note = `${result.turns} turns, 20 players, ${result.entries} log entries, ${result.adopted} proposals adopted, ${result.rejected} rejected`;
    return [
      { name: 'nomic-v.play', value: (result.entries / playMs) * 1000, unit: 'inputs/s', note: `${note}; whole game played in ${(playMs / 1000).toFixed(1)} s on SQLite (durable appends)` },
      {
        name: 'nomic-v.replay-verify', value: (report.entries / replayMs) * 1000, unit: 'entries/s',
        baseline: { name: 'raw read of the same log', value: (read.length / readMs) * 1000, unit: 'entries/s' },
        note: `replay --verify of the 200-turn game: ${(replayMs / 1000).toFixed(1)} s, all effects and hashes equal`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
