// The Discord bot: messages, edits, deletions and slash commands in mapped channels become game inputs; the game's outputs, happenings and roles go back to the guild.
import {
  AttachmentBuilder, Client, Events, GatewayIntentBits, MessageFlags, Partials,
  type ChatInputCommandInteraction, type ClientOptions, type Interaction, type Message, type PartialMessage, type TextBasedChannel,
} from 'discord.js';
import type { GameState, LogEntry } from '../../kernel/types.js';
import { DEFAULT_ACTIONS, roleHolders, type DiscordGameConfig } from '../config.js';
import { JsonFile } from '../json-file.js';
import type { LinkStore } from '../links.js';
import type { GamePort, Submitted } from '../port.js';
import { announcementsOf, chunks, reportText, ruleText, statusText, type Announcement } from '../render.js';
import { actionOf, commandDefinitions, commandKind } from './commands.js';

/** One game the bot serves: its port and its Discord mapping. */
export interface BotGame {
  id: string;
  title?: string;
  port: GamePort;
  discord: DiscordGameConfig;
}

export interface DiscordBotState {
  /** Discord channel id -> the last message id handled there (catch-up starts after it). */
  cursors: Record<string, string>;
  /** Game id -> the last log entry whose announcements were posted. */
  announced: Record<string, number>;
  /** Game id -> Discord role id -> Discord user ids the bot gave that role. */
  roles: Record<string, Record<string, string[]>>;
  /** Discord user ids already told how to link their account. */
  reminded: Record<string, number>;
}

export interface DiscordBotOptions {
  client: Client;
  games: BotGame[];
  links: LinkStore;
  /** Where cursors are kept (undefined: in memory only). */
  statePath?: string;
  /** Register the slash commands in each game's guild when ready (default true). */
  registerCommands?: boolean;
  log?: (message: string, error?: unknown) => void;
}

const MAX_MESSAGE = 2000;
const FETCH_LIMIT = 100;

/** The client options the bot needs: guild messages with their content, and partial messages for edits and deletions of uncached ones. */
export function botClientOptions(extra: Partial<ClientOptions> = {}): ClientOptions {
  return {
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent, GatewayIntentBits.DirectMessages],
    partials: [Partials.Message, Partials.Channel],
    allowedMentions: { parse: [] },
    ...extra,
  };
}

function snowflakeCompare(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** An outcome changed more than the clock: the rules did something with the input. */
function changedState(entry: LogEntry): boolean {
  return entry.outcome.status === 'ok' && entry.outcome.effects.some((e) => e.op !== 'clock' && e.op !== 'rng');
}

export class DiscordBot {
  readonly client: Client;
  private readonly games = new Map<string, BotGame>();
  /** Discord channel id -> the game and the game channel name it is. */
  private readonly routes = new Map<string, { game: BotGame; channel: string }>();
  private readonly state: JsonFile<DiscordBotState>;
  private inputs: Promise<unknown> = Promise.resolve();
  private readonly posting = new Map<string, Promise<unknown>>();
  private readonly pumpQueued = new Set<string>();
  private readonly unsubscribe: (() => void)[] = [];
  private stopped = false;
  private readyOnce = false;

  constructor(private readonly options: DiscordBotOptions) {
    this.client = options.client;
    this.state = new JsonFile<DiscordBotState>(options.statePath, () => ({ cursors: {}, announced: {}, roles: {}, reminded: {} }));
    for (const game of options.games) {
      this.games.set(game.id, game);
      for (const [channelId, name] of Object.entries(game.discord.channels)) this.routes.set(channelId, { game, channel: name });
    }
  }

  private log(message: string, error?: unknown): void {
    this.options.log?.(message, error);
  }

  /** Writes the bot's cursors, unless the bot was stopped (a stopped bot behaves like a crashed one). */
  private save(change: (s: DiscordBotState) => void): void {
    if (this.stopped) return;
    this.state.update(change);
  }

  get cursors(): Readonly<Record<string, string>> {
    return this.state.data.cursors;
  }

  /** Runs input work one item at a time, in the order Discord delivered it. */
  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.inputs.then(async () => {
      if (this.stopped) return;
      try {
        await work();
      } catch (error) {
        this.log('handling a Discord event failed', error);
      }
    });
    this.inputs = next;
    return next;
  }

  /** Resolves when every input and announcement queued so far is done (and nothing new was queued meanwhile). */
  async idle(): Promise<void> {
    for (;;) {
      const before = [this.inputs, ...this.posting.values()];
      await Promise.all(before);
      const after = [this.inputs, ...this.posting.values()];
      if (after.length === before.length && after.every((p, i) => p === before[i])) return;
    }
  }

  async start(token: string): Promise<void> {
    const c = this.client;
    c.on(Events.MessageCreate, (m) => void this.enqueue(() => this.onMessage(m, false)));
    c.on(Events.MessageUpdate, (_old, m) => void this.enqueue(() => this.onEdit(m)));
    c.on(Events.MessageDelete, (m) => void this.enqueue(() => this.onDelete(m)));
    c.on(Events.InteractionCreate, (i) => void this.onInteraction(i));
    // Every time a shard is (re)identified, whatever was posted meanwhile is read back in order.
    c.on(Events.ShardReady, () => void this.enqueue(() => this.catchUp()));
    c.on(Events.ClientReady, () => void this.onReady());
    c.on(Events.Error, (error) => this.log('Discord client error', error));
    for (const game of this.games.values()) {
      // First start: the game's past was announced elsewhere (or not at all); news starts now.
      if (this.state.data.announced[game.id] === undefined) {
        const seq = (await game.port.state()).seq;
        this.save((s) => void (s.announced[game.id] = seq));
      }
      this.unsubscribe.push(await game.port.subscribe(() => this.pump(game)));
    }
    await c.login(token);
  }

  /** Stops at once: queued work is dropped and nothing more is saved (as if the process died). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const off of this.unsubscribe.splice(0)) off();
    await this.client.destroy();
  }

  private async onReady(): Promise<void> {
    if (this.readyOnce) return;
    this.readyOnce = true;
    if (this.options.registerCommands !== false) {
      const definitions = commandDefinitions();
      const guilds = new Set([...this.games.values()].map((g) => g.discord.guild));
      for (const guild of guilds) {
        try {
          await this.client.application!.commands.set(definitions, guild);
        } catch (error) {
          this.log(`registering slash commands in guild ${guild} failed`, error);
        }
      }
    }
  }

  // ---------------------------------------------------------------- in: messages

  private route(channelId: string | null | undefined) {
    return channelId ? this.routes.get(channelId) : undefined;
  }

  private advanceCursor(channelId: string, messageId: string): void {
    const current = this.state.data.cursors[channelId];
    if (current && snowflakeCompare(current, messageId) >= 0) return;
    this.save((s) => void (s.cursors[channelId] = messageId));
  }

  private at(game: BotGame, timestamp: number): number {
    return Math.min(timestamp, game.port.now());
  }

  private async onMessage(m: Message, catchUp: boolean): Promise<void> {
    const route = this.route(m.channelId);
    if (!route || m.author.bot || m.system || m.webhookId) {
      if (route) this.advanceCursor(m.channelId, m.id);
      return;
    }
    const person = this.options.links.person('discord', m.author.id);
    if (!person) {
      if (!catchUp) await this.remind(route.game, m);
      this.advanceCursor(m.channelId, m.id);
      return;
    }
    const medium = { channel: route.channel, messageId: m.id, timestamp: m.createdTimestamp };
    const said = await route.game.port.say(person, m.content, medium, this.at(route.game, m.createdTimestamp));
    await this.acknowledge(m, said);
    // Edited while the bot was away: the edit is an input too, so the rules on edits apply.
    if (catchUp && m.editedTimestamp) {
      const edited = await route.game.port.edit(person, m.id, m.content, { ...medium, timestamp: m.editedTimestamp, edited: true }, this.at(route.game, m.editedTimestamp));
      await this.acknowledge(m, edited);
    }
    this.advanceCursor(m.channelId, m.id);
  }

  private async remind(game: BotGame, m: Message): Promise<void> {
    if (game.discord.unlinked !== 'remind' || this.state.data.reminded[m.author.id]) return;
    this.save((s) => void (s.reminded[m.author.id] = Date.now()));
    await m.reply('Your Discord account is not linked to a Nomicon account, so the game did not see this message. Get a code on the web and use `/link`.').catch((e) => this.log('reminding an unlinked user failed', e));
  }

  /** Tells the author what became of their message: the rules' refusal, or a mark that it counted. */
  private async acknowledge(m: Message, { entry, duplicate }: Submitted): Promise<void> {
    if (duplicate) return;
    try {
      if (entry.outcome.status !== 'ok') await m.reply(`Refused: ${entry.outcome.message ?? entry.outcome.status}`);
      else if (changedState(entry)) await m.react('✅');
    } catch (error) {
      this.log(`acknowledging message ${m.id} failed`, error);
    }
  }

  private async onEdit(m: Message | PartialMessage): Promise<void> {
    const route = this.route(m.channelId);
    if (!route || !m.editedTimestamp || !m.author || m.author.bot) return;
    const person = this.options.links.person('discord', m.author.id);
    if (!person) return;
    const medium = { channel: route.channel, messageId: m.id, timestamp: m.editedTimestamp, edited: true };
    const edited = await route.game.port.edit(person, m.id, m.content ?? '', medium, this.at(route.game, m.editedTimestamp));
    if (!edited.duplicate && edited.entry.outcome.status !== 'ok' && !m.partial) await this.acknowledge(m as Message, edited);
  }

  private async onDelete(m: Message | PartialMessage): Promise<void> {
    const route = this.route(m.channelId);
    if (!route) return;
    const person = await route.game.port.authorOf(m.id);
    if (!person) return;
    const now = route.game.port.now();
    await route.game.port.delete(person, m.id, { channel: route.channel, messageId: m.id, timestamp: now }, now);
  }

  /** Reads, in order, what was posted in the mapped channels since the last message handled. */
  private async catchUp(): Promise<void> {
    const missed: Message[] = [];
    for (const channelId of this.routes.keys()) {
      let channel: TextBasedChannel | null;
      try {
        const fetched = await this.client.channels.fetch(channelId);
        channel = fetched && fetched.isTextBased() ? fetched : null;
      } catch (error) {
        this.log(`channel ${channelId} cannot be read`, error);
        continue;
      }
      if (!channel) continue;
      let cursor = this.state.data.cursors[channelId];
      if (!cursor) {
        // First start: the channel's past is not the game's; start after its newest message.
        const newest = await channel.messages.fetch({ limit: 1, cache: false });
        const id = newest.first()?.id;
        if (id) this.advanceCursor(channelId, id);
        continue;
      }
      for (;;) {
        const page = [...(await channel.messages.fetch({ after: cursor, limit: FETCH_LIMIT, cache: false })).values()].sort((a, b) => snowflakeCompare(a.id, b.id));
        missed.push(...page);
        if (page.length < FETCH_LIMIT) break;
        cursor = page[page.length - 1]!.id;
      }
    }
    missed.sort((a, b) => snowflakeCompare(a.id, b.id));
    for (const m of missed) {
      if (this.stopped) return;
      await this.onMessage(m, true);
    }
    for (const game of this.games.values()) this.pump(game);
  }

  // ---------------------------------------------------------------- in: slash commands

  private async onInteraction(i: Interaction): Promise<void> {
    if (!i.isChatInputCommand()) return;
    try {
      await this.onCommand(i);
    } catch (error) {
      this.log(`/${i.commandName} failed`, error);
      const text = `Something went wrong: ${(error as Error).message}`;
      await (i.deferred || i.replied ? i.editReply(text) : i.reply({ content: text, flags: MessageFlags.Ephemeral })).catch(() => undefined);
    }
  }

  private async onCommand(i: ChatInputCommandInteraction): Promise<void> {
    const kind = commandKind(i.commandName);
    if (kind === 'link') {
      const result = this.options.links.redeem(i.options.getString('code', true), 'discord', i.user.id);
      const text = 'error' in result ? result.error : `Linked: in the game you are ${result.person}.`;
      if (!('error' in result)) await this.syncAllRoles();
      await i.reply({ content: text, flags: MessageFlags.Ephemeral });
      return;
    }
    const route = this.route(i.channelId);
    const game = route?.game ?? [...this.games.values()].find((g) => g.discord.guild === i.guildId && Object.keys(g.discord.channels).length > 0);
    if (!game || kind === undefined) {
      await i.reply({ content: 'This channel is not part of a game.', flags: MessageFlags.Ephemeral });
      return;
    }
    if (kind === 'read') {
      await this.onRead(i, game);
      return;
    }
    const person = this.options.links.person('discord', i.user.id);
    if (!person) {
      await i.reply({ content: 'Link your Discord account first: get a code on the web, then `/link code:...`.', flags: MessageFlags.Ephemeral });
      return;
    }
    const asked = actionOf(i, { ...DEFAULT_ACTIONS, ...game.discord.actions });
    if ('error' in asked) {
      await i.reply({ content: asked.error, flags: MessageFlags.Ephemeral });
      return;
    }
    await i.deferReply();
    // Commands wait their turn behind the messages already queued, so the game sees Discord's order.
    let done: Submitted | undefined;
    await this.enqueue(async () => {
      const medium = { channel: route?.channel ?? Object.values(game.discord.channels)[0]!, messageId: i.id, timestamp: i.createdTimestamp };
      done = await game.port.act(person, asked.action, asked.args, medium, this.at(game, i.createdTimestamp));
    });
    if (!done) {
      await i.editReply('The bot is stopping; try again in a moment.');
      return;
    }
    const { entry, duplicate } = done;
    const o = entry.outcome;
    const result = o.result !== null && o.result !== undefined ? ` (${typeof o.result === 'string' ? o.result : JSON.stringify(o.result)})` : '';
    const text = duplicate ? 'This command was already recorded.'
      : o.status === 'ok' ? `${person}: ${asked.action} done${result}.`
      : `${person}: ${asked.action} refused. ${o.message ?? o.status}`;
    await i.editReply(chunks(text, MAX_MESSAGE)[0]!);
  }

  private async onRead(i: ChatInputCommandInteraction, game: BotGame): Promise<void> {
    const state = await game.port.state();
    const title = game.title ?? game.id;
    if (i.commandName === 'rule') {
      const text = ruleText(state, i.options.getString('number', true));
      await i.reply({ content: chunks(text ?? `There is no rule ${i.options.getString('number', true)}.`, MAX_MESSAGE)[0]!, flags: MessageFlags.Ephemeral });
    } else if (i.commandName === 'ruleset') {
      const format = i.options.getString('format') ?? 'slr';
      const text = reportText(state, 'ruleset', format, title)!;
      const file = new AttachmentBuilder(Buffer.from(text, 'utf8'), { name: `${game.id}-ruleset.${format === 'markdown' ? 'md' : 'txt'}` });
      await i.reply({ content: `The ruleset of ${title} (${format}).`, files: [file], flags: MessageFlags.Ephemeral });
    } else {
      await i.reply({ content: chunks(statusText(state, title), MAX_MESSAGE)[0]!, flags: MessageFlags.Ephemeral });
    }
  }

  // ---------------------------------------------------------------- out: announcements and roles

  /** Posts the announcements of every entry not posted yet, in log order, then brings roles in step. */
  private pump(game: BotGame): void {
    if (this.stopped || this.pumpQueued.has(game.id)) return;
    this.pumpQueued.add(game.id);
    const previous = this.posting.get(game.id) ?? Promise.resolve();
    const next = previous.then(async () => {
      this.pumpQueued.delete(game.id);
      if (this.stopped || !this.client.isReady()) return;
      try {
        await this.postNew(game);
        await this.syncRoles(game, await game.port.state());
      } catch (error) {
        this.log(`posting the news of game ${game.id} failed`, error);
      }
    });
    this.posting.set(game.id, next);
  }

  private async postNew(game: BotGame): Promise<void> {
    let after = this.state.data.announced[game.id] ?? 0;
    const state = await game.port.state();
    for (let batch = await game.port.entries(after, 200); batch.length > 0 && !this.stopped; batch = await game.port.entries(after, 200)) {
      for (const entry of batch) {
        if (this.stopped) return;
        for (const a of announcementsOf(entry, state, { deadlines: game.discord.deadlines })) await this.post(game, a, state, entry);
        after = entry.seq;
        this.save((s) => void (s.announced[game.id] = entry.seq));
      }
    }
  }

  private channelFor(game: BotGame, name: string | undefined): string {
    const mapped = Object.entries(game.discord.channels);
    const hit = name !== undefined ? mapped.find(([, n]) => n === name) : undefined;
    return hit?.[0] ?? game.discord.announce ?? mapped.find(([, n]) => n === 'game')?.[0] ?? mapped[0]![0];
  }

  private format(a: Announcement): string {
    if (a.kind === 'deadline' && a.at !== undefined) {
      // Discord shows <t:UNIX:F> in each reader's own time zone.
      const unix = Math.floor(a.at / 1000);
      return `${a.text.replace(/ at \S+$/, '')} <t:${unix}:F> (<t:${unix}:R>)`;
    }
    if (a.kind === 'rule-change' && a.text.includes('\n')) {
      const [head, ...rest] = a.text.split('\n');
      const body = rest.join('\n');
      const diff = /^[-+ ] /m.test(body) && body.split('\n').every((l) => /^([-+ ] |  \.\.\.)/.test(l) || l === '');
      return `${head}\n\`\`\`${diff ? 'diff' : ''}\n${body.replace(/```/g, "'''")}\n\`\`\``;
    }
    if (a.kind === 'win') return `🏆 ${a.text}`;
    return a.text;
  }

  private async post(game: BotGame, a: Announcement, state: GameState, entry: LogEntry): Promise<void> {
    const text = this.format(a);
    const report = a.report ? reportText(state, a.report.kind, a.report.format, game.title ?? game.id) : undefined;
    const files = report ? [new AttachmentBuilder(Buffer.from(report, 'utf8'), { name: `${game.id}-${a.report!.kind}.txt` })] : [];
    const pieces = text.length > MAX_MESSAGE && text.includes('```') ? chunks(a.text, MAX_MESSAGE - 20).map((p) => `\`\`\`\n${p}\n\`\`\``) : chunks(text, MAX_MESSAGE);
    try {
      if (a.to === 'all') {
        const channel = await this.client.channels.fetch(this.channelFor(game, a.channel));
        if (!channel || !channel.isSendable()) throw new Error(`channel ${this.channelFor(game, a.channel)} cannot be posted to`);
        for (const [k, piece] of pieces.entries()) await channel.send({ content: piece, ...(k === pieces.length - 1 && files.length ? { files } : {}) });
        return;
      }
      for (const person of a.to) {
        for (const userId of this.options.links.accounts('discord', person)) {
          const user = await this.client.users.fetch(userId);
          for (const piece of pieces) await user.send({ content: piece });
        }
      }
    } catch (error) {
      this.log(`posting to game ${game.id} failed`, error);
    }
  }

  private async syncAllRoles(): Promise<void> {
    for (const game of this.games.values()) await this.syncRoles(game, await game.port.state());
  }

  /** Gives and takes the mapped guild roles so that they match the game's roles. */
  private async syncRoles(game: BotGame, state: GameState): Promise<void> {
    const guild = this.client.guilds.cache.get(game.discord.guild);
    if (!guild) return;
    for (const [roleId, gameRole] of Object.entries(game.discord.roles)) {
      const persons = roleHolders(state, gameRole, game.discord.roleSources);
      const wanted = new Set([...persons].flatMap((p) => this.options.links.accounts('discord', p)));
      const given = new Set(this.state.data.roles[game.id]?.[roleId] ?? []);
      const record = (users: Set<string>) => this.save((s) => {
        s.roles[game.id] ??= {};
        s.roles[game.id]![roleId] = [...users].sort();
      });
      for (const user of wanted) {
        if (given.has(user)) continue;
        try {
          await guild.members.addRole({ user, role: roleId, reason: `Nomicon: ${gameRole} in game ${game.id}` });
          given.add(user);
          record(given);
        } catch (error) {
          this.log(`giving role ${gameRole} to ${user} failed`, error);
        }
      }
      for (const user of [...given]) {
        if (wanted.has(user)) continue;
        try {
          await guild.members.removeRole({ user, role: roleId, reason: `Nomicon: no longer ${gameRole} in game ${game.id}` });
          given.delete(user);
          record(given);
        } catch (error) {
          this.log(`taking role ${gameRole} from ${user} failed`, error);
        }
      }
    }
  }
}

/** A client for the bot with the intents and partials it needs. */
export function createBotClient(extra: Partial<ClientOptions> = {}): Client {
  return new Client(botClientOptions(extra));
}

