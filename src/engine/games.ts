// Games as the CLI, the server and the adapters see them: create one from a preset or a ruleset
// text, act in it, read it as a person may see it, preview, replay. One place for all fronts.
import { randomUUID } from 'node:crypto';
import { importRuleset } from '../formats/import.js';
import { parseProposal } from '../formats/proposal.js';
import { Game, verifyReplay, type GameMeta, type GameOptions, type VerifyReport } from '../kernel/game.js';
import type { HostLibrary } from '../kernel/sandbox.js';
import type { EventStore } from '../kernel/store.js';
import type { GameObject, GameState, Input, Json, JsonObject, LogEntry, Medium, Outcome } from '../kernel/types.js';
import { ruleSpecs, type RuleSpec } from './preset.js';
import { getPreset } from './presets.js';

/** Pure helpers rule code reaches through `api.lib`. */
export const HOST_LIBRARY: HostLibrary = {
  parseProposal: (text: string) => parseProposal(String(text)) as unknown as Json,
};

export interface CreateGameOptions {
  id?: string;
  title?: string;
  preset?: string;
  /** A ruleset as people write it (any layout the importer reads); the game has text, no code. */
  ruleset?: string;
  start?: number;
  seed?: number;
  players?: string[];
  roles?: Record<string, string[]>;
  set?: JsonObject;
  visibility?: 'public' | 'private';
  owner?: string;
}

export interface CreatedGame {
  game: Game;
  warnings: string[];
}

export class GameService {
  private open = new Map<string, Promise<Game>>();
  readonly options: GameOptions;

  constructor(readonly store: EventStore, options: GameOptions = {}, private readonly clock: () => number = Date.now) {
    this.options = { lib: HOST_LIBRARY, ...options };
  }

  now(): number {
    return this.clock();
  }

  async create(opts: CreateGameOptions): Promise<CreatedGame> {
    let rules: RuleSpec[];
    const warnings: string[] = [];
    let title = opts.title;
    if (opts.preset) {
      const preset = getPreset(opts.preset);
      rules = preset.rules;
      title ??= preset.title;
    } else if (opts.ruleset !== undefined) {
      const imported = importRuleset(opts.ruleset);
      if (imported.rules.length === 0) throw new Error('the ruleset has no rules the importer could find');
      rules = ruleSpecs(imported.rules);
      warnings.push(...imported.warnings.map((w) => `line ${w.line}: ${w.message}`));
      title ??= imported.title ?? 'Imported ruleset';
    } else {
      throw new Error('a game starts from a preset or a ruleset');
    }
    const start = opts.start ?? this.clock();
    const id = opts.id ?? randomUUID().slice(0, 8);
    const meta: GameMeta = {
      start, seed: opts.seed ?? 1, title: title ?? id, preset: opts.preset ?? null,
      visibility: opts.visibility ?? 'public', owner: opts.owner ?? null, createdAt: start,
    };
    const game = await Game.create(this.store, id, meta, this.options);
    const setup = await game.submit({
      kind: 'setup', at: start,
      data: { rules: rules as JsonObject[], cause: opts.preset ? `preset ${opts.preset}` : 'import', event: { players: opts.players ?? [], roles: opts.roles ?? {} } as JsonObject, set: opts.set ?? {} },
    });
    if (setup.outcome.status !== 'ok') throw new Error(`the game could not start: ${setup.outcome.message}`);
    this.open.set(id, Promise.resolve(game));
    return { game, warnings };
  }

  get(id: string): Promise<Game> {
    let game = this.open.get(id);
    if (!game) {
      game = Game.open(this.store, id, this.options);
      this.open.set(id, game);
      game.catch(() => this.open.delete(id));
    }
    return game;
  }

  /**
   * Drops the cached game so the next `get` reopens it from the store (another process wrote to
   * it). The caller closes the stale copy once the work queued on it is done.
   */
  forget(id: string): void {
    this.open.delete(id);
  }

  async submit(id: string, input: Input): Promise<LogEntry> {
    return (await this.get(id)).submit(input);
  }

  act(id: string, person: string, action: string, args: JsonObject = {}, extra: { as?: string; medium?: Medium; at?: number } = {}): Promise<LogEntry> {
    const input: Input = { kind: 'action', at: extra.at ?? this.clock(), person, action, args };
    if (extra.as) input.as = extra.as;
    if (extra.medium) input.medium = extra.medium;
    return this.submit(id, input);
  }

  say(id: string, person: string, text: string, medium: Medium = {}, at = this.clock()): Promise<LogEntry> {
    return this.submit(id, { kind: 'message', at, person, text, medium });
  }

  async preview(id: string, input: Input, viewer?: string): Promise<Outcome> {
    return (await this.get(id)).preview(input, viewer);
  }

  /**
   * A proposal "as if adopted now": its changes applied on a throwaway copy, through the same
   * checks an adopted proposal meets, reporting effects, refusals and warnings (code that would
   * be out of date, text left to people). Nothing changes.
   */
  async previewChanges(id: string, changes: JsonObject[], viewer?: string): Promise<Outcome> {
    return this.preview(id, { kind: 'setup', at: this.clock(), data: { changes, cause: 'proposal (preview)' } }, viewer);
  }

  async advance(id: string, to = this.clock()): Promise<LogEntry[]> {
    return (await this.get(id)).advanceTo(to);
  }

  verify(id: string, onProgress?: (done: number) => void): Promise<VerifyReport> {
    return verifyReplay(this.store, id, this.options, onProgress);
  }

  async close(): Promise<void> {
    for (const game of this.open.values()) (await game.catch(() => undefined))?.close();
    this.open.clear();
  }
}

/** The state as one person may see it: secret attributes hidden from everyone not allowed. */
export function viewFor(state: GameState, person: string | undefined): Record<string, GameObject> {
  const out: Record<string, GameObject> = {};
  for (const [key, obj] of Object.entries(state.objects)) {
    if (!obj.secret) {
      out[key] = obj;
      continue;
    }
    const attrs: JsonObject = { ...obj.attrs };
    for (const [attr, allowed] of Object.entries(obj.secret)) {
      if (person === undefined || !allowed.includes(person)) attrs[attr] = null;
    }
    const { secret: _secret, ...rest } = obj;
    out[key] = { ...rest, attrs };
  }
  return out;
}
