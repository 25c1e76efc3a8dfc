// A simulated Nomic V game: many players proposing, endorsing and voting at random (seeded) for
// many turns. Used by the tests and the benchmark to show long games replay exactly.
import { rngNext, seedRng } from '../kernel/state.js';
import type { EventStore } from '../kernel/store.js';
import { MemoryEventStore } from '../storage/memory-store.js';
import { GameService } from './games.js';

export interface SimulationOptions {
  players: number;
  turns: number;
  seed?: number;
  store?: EventStore;
  /** Reports progress after each turn. */
  onTurn?: (turn: number) => void;
}

export interface SimulationResult {
  gameId: string;
  entries: number;
  turns: number;
  adopted: number;
  rejected: number;
  refused: number;
  service: GameService;
}

const START = Date.UTC(2026, 0, 5);

export async function simulateNomicV(options: SimulationOptions): Promise<SimulationResult> {
  let rng = seedRng(options.seed ?? 1);
  const random = () => {
    const [value, next] = rngNext(rng);
    rng = next;
    return value;
  };
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
  let now = START;
  const service = new GameService(options.store ?? new MemoryEventStore(), {}, () => now);
  const names = Array.from({ length: options.players }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);
  const { game } = await service.create({ id: 'sim', preset: 'nomic-v', start: now, seed: options.seed ?? 1, players: names });
  let refused = 0;
  const act = async (person: string, action: string, args: Record<string, string>) => {
    const entry = await service.act('sim', person, action, args, { at: now });
    if (entry.outcome.status === 'fault') throw new Error(`simulation fault: ${entry.outcome.message}`);
    if (entry.outcome.status === 'refused') refused++;
    return entry;
  };
  for (let turn = 1; turn <= options.turns; turn++) {
    const state = game.state;
    const voting = Object.values(state.objects).find((o) => o.type === 'proposal' && o.attrs.status === 'voting');
    for (const name of names) {
      now += 1000;
      const r = random();
      if (voting && r < 0.8) await act(name, 'vote', { proposal: voting.id, vote: pick(['aye', 'yay', 'y', 'nay', 'no', 'Yes', 'n']) });
      if (random() < 0.15) {
        await act(name, 'propose', { title: `Rule by ${name} in turn ${turn}`, text: `Enact a new rule: ${name} proposed this in turn ${turn}.` });
      }
      const queued = Object.values(game.state.objects).filter((o) => o.type === 'proposal' && o.attrs.status === 'pending');
      if (queued.length && random() < 0.3) await act(name, 'endorse', { proposal: pick(queued).id });
    }
    now = Number(game.state.objects['game/game']!.attrs.turnEndsAt);
    await service.advance('sim', now);
    options.onTurn?.(turn);
  }
  const proposals = Object.values(game.state.objects).filter((o) => o.type === 'proposal');
  return {
    gameId: 'sim', entries: game.seq, turns: Number(game.state.objects['game/game']!.attrs.turn) - 1, refused, service,
    adopted: proposals.filter((p) => p.attrs.status === 'adopted').length,
    rejected: proposals.filter((p) => p.attrs.status === 'rejected').length,
  };
}
