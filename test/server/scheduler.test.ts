// Tests of the server's timer scheduler: timers missed while the server was down fire at start,
// and timers fire on time while it runs (re-armed after every entry).
import { describe, expect, it } from 'vitest';
import { GameService } from '../../src/engine/games.js';
import { buildServer } from '../../src/server/app.js';
import { MemoryEventStore } from '../../src/storage/memory-store.js';

const DAY = 86_400_000;

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the scheduler', () => {
  it('fires the timers missed while the server was down when it starts', async () => {
    const store = new MemoryEventStore();
    const offline = new GameService(store);
    await offline.create({ preset: 'nomic-v', id: 'old', start: Date.now() - 2.5 * DAY });
    await offline.close();
    const app = await buildServer({ store, scheduler: true, web: false });
    try {
      const game = (await app.inject({ url: '/api/games/old' })).json();
      expect(game.attrs.turn).toBe(3);
    } finally {
      await app.close();
    }
  });

  it('fires a timer on time while running, and the next one after it', async () => {
    const store = new MemoryEventStore();
    const app = await buildServer({ store, scheduler: true, web: false });
    try {
      const { games, hub } = app.nomicon;
      // A game whose first turn ends 300 ms from now.
      await games.create({ preset: 'nomic-v', id: 'soon', start: Date.now() - DAY + 300 });
      const game = await hub.game('soon');
      expect(game.state.objects['game/game']!.attrs.turn).toBe(1);
      await waitFor(() => game.state.objects['game/game']!.attrs.turn === 2, 5000);
      expect(game.nextDue()!.at).toBeGreaterThan(Date.now() + DAY - 5000);
    } finally {
      await app.close();
    }
  });
});
