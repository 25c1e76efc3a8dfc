// Test helpers for the kernel: a game on an in-memory store with a ruleset given inline.
import { Game } from '../../src/kernel/game.js';
import type { Input, JsonObject, LogEntry } from '../../src/kernel/types.js';
import { MemoryEventStore } from '../../src/storage/memory-store.js';

export const T0 = Date.UTC(2026, 0, 5);
export const HOUR = 3_600_000;

export interface TestRule {
  number: string;
  text?: string;
  title?: string;
  mutable?: boolean;
  code?: string;
}

export async function testGame(rules: TestRule[], options: { seed?: number; cpuMs?: number; memoryMb?: number } = {}) {
  const store = new MemoryEventStore();
  const game = await Game.create(store, 'test', { start: T0, seed: options.seed ?? 1 }, {
    limits: { ...(options.cpuMs ? { cpuMs: options.cpuMs } : {}), ...(options.memoryMb ? { memoryMb: options.memoryMb } : {}) },
  });
  const setup = await game.submit({ kind: 'setup', at: T0, data: { rules: rules.map((r) => ({ text: '', ...r })) as unknown as JsonObject[] } });
  if (setup.outcome.status !== 'ok') throw new Error(`setup failed: ${setup.outcome.message}`);
  let now = T0;
  const act = (person: string, action: string, args: JsonObject = {}, extra: Partial<Extract<Input, { kind: 'action' }>> = {}): Promise<LogEntry> =>
    game.submit({ kind: 'action', at: now, person, action, args, ...extra });
  const advance = async (ms: number) => {
    now += ms;
    await game.advanceTo(now);
  };
  const attrs = (key: string) => game.state.objects[key]?.attrs;
  return { store, game, act, advance, attrs, now: () => now };
}
