// Game commands: new, act, say, state, log, preview, advance, replay --verify, brake.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { GameService, viewFor } from '../../engine/games.js';
import { findObject, parsePath } from '../../kernel/paths.js';
import type { Input, JsonObject } from '../../kernel/types.js';
import { openEventStore } from '../../storage/index.js';

interface StoreOptions {
  data?: string;
}

function withStore(cmd: Command): Command {
  return cmd.option('--data <dir>', 'data folder (SQLite file inside); DATABASE_URL wins when set', 'data');
}

async function service<T>(opts: StoreOptions, work: (games: GameService) => Promise<T>): Promise<T> {
  const { store } = await openEventStore({ url: process.env.DATABASE_URL, dataDir: resolve(opts.data ?? 'data') });
  const games = new GameService(store);
  try {
    return await work(games);
  } finally {
    await games.close();
    await store.close();
  }
}

function parseArgs(json: string | undefined): JsonObject {
  if (!json) return {};
  try {
    const value = JSON.parse(json);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as JsonObject;
  } catch {
    /* fall through */
  }
  throw new Error(`--args must be a JSON object, like '{"proposal": "1", "vote": "yes"}'`);
}

function instant(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new Error(`"${value}" is not an instant (ISO 8601)`);
  return ms;
}

function print(value: unknown): void {
  console.log(JSON.stringify(value, null, 2));
}

export function registerGameCommands(program: Command): void {
  withStore(program.command('new'))
    .description('start a game from a preset or a ruleset file')
    .option('--preset <name>', 'nomic-v, ...')
    .option('--ruleset <file>', 'a ruleset file in any layout the importer reads')
    .option('--id <id>', 'the game id (default: random)')
    .option('--title <title>')
    .option('--players <names>', 'comma-separated persons who start as players', '')
    .option('--start <instant>', 'the game clock start (default: now)')
    .option('--seed <n>', 'seed of every random choice', '1')
    .action(async (opts) => service(opts, async (games) => {
      const { game, warnings } = await games.create({
        id: opts.id, title: opts.title, preset: opts.preset,
        ruleset: opts.ruleset ? readFileSync(opts.ruleset, 'utf8') : undefined,
        players: String(opts.players).split(',').map((s: string) => s.trim()).filter(Boolean),
        start: instant(opts.start), seed: Number(opts.seed),
      });
      for (const w of warnings) console.error(`warning: ${w}`);
      console.log(game.id);
    }));

  withStore(program.command('act'))
    .description('perform an action in a game as a person')
    .argument('<game>').argument('<person>').argument('<action>')
    .option('--args <json>', 'the action\'s arguments as a JSON object')
    .option('--as <agent>', 'act as another agent the rules let this person act as')
    .option('--at <instant>', 'when (default: now)')
    .action(async (gameId: string, person: string, action: string, opts) => service(opts, async (games) => {
      const entry = await games.act(gameId, person, action, parseArgs(opts.args), { as: opts.as, at: instant(opts.at) });
      print({ seq: entry.seq, status: entry.outcome.status, message: entry.outcome.message, result: entry.outcome.result, effects: entry.outcome.effects.length });
      if (entry.outcome.status !== 'ok') process.exitCode = 2;
    }));

  withStore(program.command('say'))
    .description('post a free message in a game channel, as a chat or mail adapter would')
    .argument('<game>').argument('<person>').argument('<text>')
    .option('--channel <channel>')
    .action(async (gameId: string, person: string, text: string, opts) => service(opts, async (games) => {
      const entry = await games.say(gameId, person, text, opts.channel ? { channel: opts.channel } : {});
      print({ seq: entry.seq, status: entry.outcome.status, message: entry.outcome.message });
    }));

  withStore(program.command('preview'))
    .description('run an action on a throwaway copy of the game and report what it would do')
    .argument('<game>').argument('<person>').argument('<action>')
    .option('--args <json>')
    .action(async (gameId: string, person: string, action: string, opts) => service(opts, async (games) => {
      const input: Input = { kind: 'action', at: Date.now(), person, action, args: parseArgs(opts.args) };
      const outcome = await games.preview(gameId, input);
      print({ status: outcome.status, message: outcome.message, result: outcome.result, effects: outcome.effects, happenings: outcome.happenings });
    }));

  withStore(program.command('state'))
    .description('print a game\'s state, or one path of it (game.winner, player/alice.points, rule/203.text)')
    .argument('<game>').argument('[path]')
    .option('--person <person>', 'show only what this person may see')
    .action(async (gameId: string, path: string | undefined, opts) => service(opts, async (games) => {
      const game = await games.get(gameId);
      const objects = viewFor(game.state, opts.person);
      if (!path) return print({ seq: game.seq, now: new Date(game.state.now).toISOString(), objects });
      const parsed = parsePath(path);
      const obj = findObject({ ...game.state, objects }, parsed.type, parsed.ref);
      if (!obj) throw new Error(`there is no ${parsed.type}/${parsed.ref}`);
      print(parsed.attr ? obj.attrs[parsed.attr] ?? null : obj);
    }));

  withStore(program.command('log'))
    .description('print a game\'s log: every input with its outcome')
    .argument('<game>')
    .option('--after <seq>', 'entries after this one', '0')
    .option('--limit <n>', 'at most this many', '100')
    .action(async (gameId: string, opts) => service(opts, async (games) => {
      for (const entry of await games.store.read(gameId, Number(opts.after), Number(opts.limit))) {
        const i = entry.input;
        const what = i.kind === 'action' ? `${i.person} ${i.action} ${JSON.stringify(i.args)}` : i.kind === 'timer' ? `timer ${i.timer}` : i.kind;
        console.log(`${entry.seq}\t${new Date(i.at).toISOString()}\t${what}\t${entry.outcome.status}${entry.outcome.message ? `: ${entry.outcome.message}` : ''}`);
      }
    }));

  withStore(program.command('advance'))
    .description('fire every timer due by now (or --to), as a running server would')
    .argument('<game>')
    .option('--to <instant>')
    .action(async (gameId: string, opts) => service(opts, async (games) => {
      const entries = await games.advance(gameId, instant(opts.to) ?? Date.now());
      console.log(`${entries.length} timers fired`);
    }));

  withStore(program.command('replay'))
    .description('re-execute every input of a game from the start and compare effects and hashes')
    .argument('<game>')
    .option('--verify', 'compare with the log (the only mode)', true)
    .action(async (gameId: string, opts) => service(opts, async (games) => {
      const report = await games.verify(gameId, (n) => process.stderr.write(`\rreplayed ${n} entries`));
      process.stderr.write('\n');
      print(report);
      if (!report.ok) process.exitCode = 1;
    }));

  withStore(program.command('brake'))
    .description('the emergency brake (host operator): switch a rule\'s code off (or --release to switch it on), keeping its text')
    .argument('<game>').argument('<rule>')
    .requiredOption('--reason <text>', 'recorded in the rule\'s history')
    .option('--operator <name>', 'who pulls the brake', 'host')
    .option('--release', 'switch the code back on')
    .action(async (gameId: string, rule: string, opts) => service(opts, async (games) => {
      const entry = await games.submit(gameId, { kind: 'brake', at: Date.now(), person: opts.operator, rule, on: !opts.release, reason: opts.reason });
      print({ seq: entry.seq, status: entry.outcome.status, message: entry.outcome.message });
    }));
}
