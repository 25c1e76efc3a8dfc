// The fronts' configuration file: which Discord channels and roles are which game channels and roles, which list address is which game.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import type { GameState, Json } from '../kernel/types.js';

/** Where the persons holding a game role are read from: objects of a type (filtered), or an attribute. */
const roleSource = z.union([
  z.object({
    type: z.string().min(1),
    where: z.record(z.string(), z.unknown()).optional(),
    /** The attribute naming the person (default: the object's id). */
    attr: z.string().optional(),
  }).strict(),
  z.object({ path: z.string().regex(/^[^.]+\/[^.]+\.[^.]+$/, 'a path is TYPE/ID.ATTRIBUTE, like game/game.moderators') }).strict(),
]);
export type RoleSource = z.infer<typeof roleSource>;

const snowflake = z.string().regex(/^\d{5,25}$/, 'a Discord id is a number (enable Developer Mode, then "Copy ID")');

const discordGame = z.object({
  guild: snowflake,
  /** Discord channel id -> game channel name ("game", "voting", ...). */
  channels: z.record(snowflake, z.string().min(1)),
  /** Discord channel id for announcements whose game channel is not mapped (default: the first mapped). */
  announce: snowflake.optional(),
  /** Discord role id -> game role name ("Inactive", "Moderator", "Judge"). */
  roles: z.record(snowflake, z.string().min(1)).default({}),
  /** Game role name -> where its holders are read from (the defaults cover Inactive, Moderator, Judge, Player). */
  roleSources: z.record(z.string(), roleSource).default({}),
  /** Slash command -> the game's action it performs (defaults: propose, vote, endorse, withdraw, judgment -> invoke-judgment). */
  actions: z.record(z.string(), z.string()).default({}),
  /** What to do with a message from a Discord account linked to nobody. */
  unlinked: z.enum(['ignore', 'remind']).default('remind'),
  /** Post new deadlines (timers the rules set). */
  deadlines: z.boolean().default(true),
}).strict();
export type DiscordGameConfig = z.infer<typeof discordGame>;

const address = z.string().regex(/^[^\s@]+@[^\s@]+$/, 'an e-mail address');

const mailGame = z.object({
  /** The list address people write to, like nomic@lists.example.org. Personal addresses are LOCAL+ALIAS.TOKEN@DOMAIN. */
  list: address,
  /** The list's display name. */
  name: z.string().optional(),
  /** The game channel mail arrives in (the rules see it as medium.channel). */
  channel: z.string().min(1).default('list'),
  /** Person -> their address (persons may also link an address with a one-time code). */
  members: z.record(z.string(), address).default({}),
  /** The format of ruleset reports: slr (text), flr (with history), markdown. */
  rulesetFormat: z.enum(['slr', 'flr', 'markdown', 'text']).default('slr'),
}).strict();
export type MailGameConfig = z.infer<typeof mailGame>;

const gameConfig = z.object({
  game: z.string().min(1),
  discord: discordGame.optional(),
  mail: mailGame.optional(),
}).strict();
export type GameFrontConfig = z.infer<typeof gameConfig>;

const fileConfig = z.object({
  /** The data folder (SQLite nomicon.db inside), relative to this file. */
  data: z.string().default('data'),
  /** The link store (account and address links, one-time codes), relative to this file. */
  links: z.string().optional(),
  discord: z.object({
    /** The environment variable holding the bot token (never the token itself). */
    tokenEnv: z.string().default('DISCORD_TOKEN'),
    /** Where the bot keeps its cursors (last message handled per channel, last log entry posted). */
    state: z.string().optional(),
  }).strict().default({ tokenEnv: 'DISCORD_TOKEN' }),
  mail: z.object({
    /** Where the SMTP server listens; false for none (a gateway that reads an IMAP mailbox only). */
    listen: z.union([
      z.literal(false),
      z.object({ host: z.string().default('127.0.0.1'), port: z.number().int().min(0).max(65535).default(2525) }).strict(),
    ]).default({ host: '127.0.0.1', port: 2525 }),
    /** Incoming mail from an IMAP mailbox the list's mail is delivered to (beside or instead of the SMTP server). */
    imap: z.object({
      host: z.string().min(1),
      port: z.number().int().min(1).max(65535).default(993),
      /** TLS from the first byte (port 993); false: plain, upgraded with STARTTLS when the server offers it. */
      secure: z.boolean().default(true),
      user: z.string().min(1),
      /** The environment variable holding the mailbox's password (never the password itself). */
      passEnv: z.string().default('NOMICON_IMAP_PASS'),
      mailbox: z.string().min(1).default('INBOX'),
      /** How often the mailbox is searched besides what IDLE reports. */
      pollSeconds: z.number().positive().default(60),
      /** Wait for new mail with IDLE between polls. */
      idle: z.boolean().default(true),
    }).strict().optional(),
    /** Outgoing mail: an SMTP relay. */
    send: z.object({
      host: z.string(),
      port: z.number().int().min(1).max(65535).default(587),
      secure: z.boolean().default(false),
      /** The environment variables holding the relay's user and password, if it wants them. */
      userEnv: z.string().optional(),
      passEnv: z.string().optional(),
    }).strict().optional(),
    /** The environment variable holding the secret personal addresses are signed with. */
    secretEnv: z.string().default('NOMICON_MAIL_SECRET'),
    /** TLS for STARTTLS on the receiving side: key and certificate files (PEM). */
    tls: z.object({ key: z.string(), cert: z.string() }).strict().optional(),
    state: z.string().optional(),
  }).strict().default({ listen: { host: '127.0.0.1', port: 2525 }, secretEnv: 'NOMICON_MAIL_SECRET' }),
  games: z.array(gameConfig).min(1, 'name at least one game'),
}).strict();
export type FrontsConfig = z.infer<typeof fileConfig>;

/** Parses a configuration (throws with every problem listed). Paths in it are resolved from `base`. */
export function parseFrontsConfig(value: unknown, base = process.cwd()): FrontsConfig {
  const parsed = fileConfig.safeParse(value);
  if (!parsed.success) {
    throw new Error(`the configuration is not valid:\n${parsed.error.issues.map((i) => `  ${i.path.join('.') || '(top)'}: ${i.message}`).join('\n')}`);
  }
  const c = parsed.data;
  c.data = resolve(base, c.data);
  c.links = resolve(base, c.links ?? `${c.data}/links.json`);
  c.discord.state = resolve(base, c.discord.state ?? `${c.data}/discord-state.json`);
  c.mail.state = resolve(base, c.mail.state ?? `${c.data}/mail-state.json`);
  const ids = c.games.map((g) => g.game);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice) throw new Error(`the configuration names game "${twice}" twice`);
  const channels = c.games.flatMap((g) => Object.keys(g.discord?.channels ?? {}));
  const shared = channels.find((id, i) => channels.indexOf(id) !== i);
  if (shared) throw new Error(`Discord channel ${shared} is mapped to two games: a channel belongs to one game`);
  return c;
}

export function loadFrontsConfig(file: string): FrontsConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the configuration ${file}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`);
  }
  return parseFrontsConfig(value, dirname(resolve(file)));
}

/** Where the holders of the usual game roles are read from when the configuration does not say. */
export const DEFAULT_ROLE_SOURCES: Record<string, RoleSource> = {
  inactive: { type: 'player', where: { active: false } },
  player: { type: 'player' },
  active: { type: 'player', where: { active: true } },
  moderator: { path: 'game/game.moderators' },
  judge: { type: 'judgment', where: { status: 'open' }, attr: 'judge' },
};

/** The slash commands that perform a game action, and the action each performs by default. */
export const DEFAULT_ACTIONS: Record<string, string> = {
  propose: 'propose',
  vote: 'vote',
  endorse: 'endorse',
  withdraw: 'withdraw',
  judgment: 'invoke-judgment',
};

function names(value: Json | undefined): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/** The persons holding a game role in a state, as its source says. */
export function roleHolders(state: GameState, role: string, sources: Record<string, RoleSource> = {}): Set<string> {
  const source = sources[role] ?? Object.entries(sources).find(([k]) => k.toLowerCase() === role.toLowerCase())?.[1] ?? DEFAULT_ROLE_SOURCES[role.toLowerCase()];
  const out = new Set<string>();
  if (!source) return out;
  if ('path' in source) {
    const [key, attr] = [source.path.slice(0, source.path.lastIndexOf('.')), source.path.slice(source.path.lastIndexOf('.') + 1)];
    for (const n of names(state.objects[key]?.attrs[attr])) out.add(n);
    return out;
  }
  for (const obj of Object.values(state.objects)) {
    if (obj.type !== source.type) continue;
    if (source.where && !Object.entries(source.where).every(([k, v]) => JSON.stringify(obj.attrs[k] ?? null) === JSON.stringify(v))) continue;
    for (const n of source.attr ? names(obj.attrs[source.attr]) : [obj.id]) out.add(n);
  }
  return out;
}
