// Opens what `nomicon discord` and `nomicon mail` run on: the games' store next to the data folder, one GamePort per configured game, the link store.
import type { FrontsConfig } from './config.js';
import { LinkStore } from './links.js';
import { InProcessGamePort, type GamePort } from './port.js';
import { GameService } from '../engine/games.js';
import type { EventStore } from '../kernel/store.js';
import { openEventStore } from '../storage/index.js';

export interface FrontHost {
  games: GameService;
  store: EventStore;
  ports: Map<string, GamePort>;
  links: LinkStore;
  /** Fires due timers every `everyMs` (only when no server runs the games' clocks). */
  schedule(everyMs?: number): void;
  close(): Promise<void>;
}

export async function openFrontHost(config: FrontsConfig, options: { databaseUrl?: string; pollMs?: number; log?: (m: string, e?: unknown) => void } = {}): Promise<FrontHost> {
  const { store } = await openEventStore({ url: options.databaseUrl, dataDir: config.data });
  const games = new GameService(store);
  const ports = new Map<string, GamePort>();
  let timer: NodeJS.Timeout | undefined;
  try {
    for (const g of config.games) {
      // The server may write to the same store: its entries are picked up every pollMs.
      ports.set(g.game, await InProcessGamePort.open(games, g.game, { pollMs: options.pollMs ?? 1000, ...(options.log ? { log: options.log } : {}) }));
    }
  } catch (error) {
    await games.close();
    await store.close();
    throw error;
  }
  return {
    games, store, ports, links: new LinkStore(config.links),
    schedule(everyMs = 1000) {
      clearInterval(timer);
      timer = setInterval(() => {
        for (const [id, port] of ports) port.advance().catch((e) => options.log?.(`timers of game ${id} failed`, e));
      }, everyMs);
    },
    async close() {
      clearInterval(timer);
      for (const port of ports.values()) await port.close();
      await games.close();
      await store.close();
    },
  };
}
