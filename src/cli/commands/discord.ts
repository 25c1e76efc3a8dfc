// `nomicon discord`: run the Discord bot for the games a fronts configuration file maps, and issue account link codes.
import type { Command } from 'commander';
import { loadFrontsConfig } from '../../adapters/config.js';
import { createBotClient, DiscordBot } from '../../adapters/discord/bot.js';
import { commandDefinitions } from '../../adapters/discord/commands.js';
import { openFrontHost } from '../../adapters/host.js';
import { LinkStore } from '../../adapters/links.js';

const CONFIG_HELP = 'the fronts configuration (JSON; see docs/DISCORD.md)';

function log(message: string, error?: unknown): void {
  console.error(`nomicon discord: ${message}${error ? `: ${(error as Error)?.message ?? String(error)}` : ''}`);
}

export function registerDiscordCommand(program: Command): void {
  const discord = program.command('discord').description('the Discord bot: mapped channels in, game news and roles out (docs/DISCORD.md)');

  discord.command('run', { isDefault: true })
    .description('run the bot (the token comes from the environment variable the configuration names, DISCORD_TOKEN by default)')
    .requiredOption('--config <file>', CONFIG_HELP)
    .option('--scheduler', 'also fire the games\' timers on time (only when no `nomicon serve` runs them)')
    .action(async (opts: { config: string; scheduler?: boolean }) => {
      const config = loadFrontsConfig(opts.config);
      const games = config.games.filter((g) => g.discord);
      if (games.length === 0) throw new Error(`${opts.config} maps no game to Discord (give a game a "discord" section)`);
      const token = process.env[config.discord.tokenEnv]?.trim();
      if (!token) throw new Error(`set the bot token in the environment variable ${config.discord.tokenEnv}`);
      const host = await openFrontHost({ ...config, games }, { databaseUrl: process.env.DATABASE_URL?.trim() || undefined, log });
      if (opts.scheduler) host.schedule();
      const bot = new DiscordBot({
        client: createBotClient(),
        games: games.map((g) => ({ id: g.game, port: host.ports.get(g.game)!, discord: g.discord! })),
        links: host.links, statePath: config.discord.state, log,
      });
      const stop = async (signal: string) => {
        log(`${signal}: stopping`);
        await bot.stop();
        await host.close();
        process.exit(0);
      };
      process.once('SIGINT', () => void stop('SIGINT'));
      process.once('SIGTERM', () => void stop('SIGTERM'));
      bot.client.once('clientReady', (c) => log(`logged in as ${c.user.tag}, serving ${games.map((g) => g.game).join(', ')}`));
      await bot.start(token);
    });

  discord.command('link-code')
    .description('issue a one-time code that links a Discord account to a person (they type /link code:...)')
    .argument('<person>', 'the Nomicon person (account name)')
    .requiredOption('--config <file>', CONFIG_HELP)
    .option('--ttl <minutes>', 'how long the code is valid', '60')
    .action((person: string, opts: { config: string; ttl: string }) => {
      const config = loadFrontsConfig(opts.config);
      const minutes = Number(opts.ttl);
      if (!Number.isFinite(minutes) || minutes <= 0) throw new Error(`--ttl must be a number of minutes, not "${opts.ttl}"`);
      console.log(new LinkStore(config.links).issueCode(person, minutes * 60_000));
    });

  discord.command('check')
    .description('check the configuration and print what the bot will register and map')
    .requiredOption('--config <file>', CONFIG_HELP)
    .action((opts: { config: string }) => {
      const config = loadFrontsConfig(opts.config);
      for (const g of config.games.filter((x) => x.discord)) {
        console.log(`game ${g.game} in guild ${g.discord!.guild}`);
        for (const [id, name] of Object.entries(g.discord!.channels)) console.log(`  channel ${id} -> #${name}`);
        for (const [id, role] of Object.entries(g.discord!.roles)) console.log(`  role ${id} <- ${role}`);
      }
      console.log(`slash commands: ${commandDefinitions().map((c) => `/${c.name}`).join(' ')}`);
      console.log(`token from $${config.discord.tokenEnv}${process.env[config.discord.tokenEnv] ? ' (set)' : ' (NOT set)'}; state in ${config.discord.state}; links in ${config.links}`);
    });
}
