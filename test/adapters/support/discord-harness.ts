// Test harness: a nomic-v game on a memory store with a fake clock, a fake Discord, and the real bot and discord.js client between them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Events } from 'discord.js';
import { GameService } from '../../../src/engine/games.js';
import { parseFrontsConfig, type DiscordGameConfig } from '../../../src/adapters/config.js';
import { createBotClient, DiscordBot } from '../../../src/adapters/discord/bot.js';
import { LinkStore } from '../../../src/adapters/links.js';
import { InProcessGamePort } from '../../../src/adapters/port.js';
import type { LogEntry } from '../../../src/kernel/types.js';
import { MemoryEventStore } from '../../../src/storage/memory-store.js';
import { CH, FakeDiscord, GUILD, ROLE, TOKEN } from './fake-discord.js';

export const T0 = Date.UTC(2026, 0, 5, 12);
export const HOUR = 3_600_000;

export const DISCORD_CONFIG: DiscordGameConfig = parseFrontsConfig({
  games: [{
    game: 'nv',
    discord: {
      guild: GUILD,
      channels: { [CH.game]: 'game', [CH.voting]: 'voting' },
      roles: { [ROLE.inactive]: 'Inactive', [ROLE.moderator]: 'Moderator', [ROLE.judge]: 'Judge' },
    },
  }],
}).games[0]!.discord!;

export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function harness(options: { players?: string[]; moderators?: string[] } = {}) {
  let now = T0;
  const clock = () => now;
  const store = new MemoryEventStore();
  const games = new GameService(store, {}, clock);
  const players = options.players ?? ['alice', 'bob', 'carol'];
  await games.create({ id: 'nv', preset: 'nomic-v', players, roles: { Moderator: options.moderators ?? ['carol'] }, start: T0 });
  const fake = new FakeDiscord(clock);
  await fake.start();
  const dir = mkdtempSync(join(tmpdir(), 'nomicon-discord-'));
  const links = new LinkStore(join(dir, 'links.json'), clock);
  for (const p of players) links.link('discord', fake.user(p).id, p);
  const statePath = join(dir, 'discord-state.json');
  const logs: string[] = [];
  let bot: DiscordBot | undefined;
  let port: InProcessGamePort | undefined;

  const startBot = async () => {
    port = await InProcessGamePort.open(games, 'nv');
    const client = createBotClient({ rest: { makeRequest: fake.makeRequest as never, offset: 0 } });
    bot = new DiscordBot({ client, games: [{ id: 'nv', title: 'Nomic V', port, discord: DISCORD_CONFIG }], links, statePath, log: (m, e) => logs.push(`${m}: ${(e as Error)?.stack ?? e ?? ''}`) });
    const ready = new Promise<void>((ok) => client.once(Events.ClientReady, () => ok()));
    await bot.start(TOKEN);
    await ready;
    await bot.idle();
    return bot;
  };

  const log = async (): Promise<LogEntry[]> => store.read('nv', 0);
  return {
    fake, games, store, links, logs, statePath, dir,
    get bot() { return bot!; },
    get port() { return port!; },
    now: () => now,
    /** Moves the fake clock and fires the game's timers, as the server's scheduler would. */
    async advance(ms: number) {
      now += ms;
      await games.advance('nv', now);
      await bot?.idle();
    },
    tick(ms: number) {
      now += ms;
    },
    startBot,
    async stopBot() {
      await bot!.stop();
      fake.disconnectBot();
      await port!.close();
    },
    log,
    /** The log entries whose input came from a Discord message or command with this id. */
    async entriesFor(messageId: string) {
      return (await log()).filter((e) => 'medium' in e.input && e.input.medium?.messageId === messageId);
    },
    state: async () => (await games.get('nv')).state,
    async close() {
      await bot?.stop().catch(() => undefined);
      await port?.close();
      await fake.close();
      await games.close();
    },
  };
}
