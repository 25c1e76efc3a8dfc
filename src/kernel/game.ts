// A running game on the host: its log in an event store, its state as the fold of the log's
// effects, its sandbox, and its timers. Inputs are applied one at a time; each is one
// transaction that is logged with its outcome, refused and faulted ones too.
import { createHash } from 'node:crypto';
import { Sandbox, DEFAULT_LIMITS, type HostLibrary, type RuleCatalogEntry, type SandboxLimits } from './sandbox.js';
import { applyEffects, canonicalJson, cloneJson, emptyState, seedRng } from './state.js';
import type { EventStore } from './store.js';
import type { GameState, Input, Json, JsonObject, LogEntry, Outcome } from './types.js';

export interface GameOptions {
  limits?: Partial<SandboxLimits>;
  lib?: HostLibrary;
  /** A snapshot is saved every this many entries, so loading stays fast. */
  snapshotEvery?: number;
}

export interface GameMeta extends JsonObject {
  start: number;
  seed: number;
}

export type EntryListener = (entry: LogEntry, state: GameState) => void;

export function entryHash(previous: string, input: Input, outcome: Outcome): string {
  return createHash('sha256').update(previous).update(canonicalJson(input)).update(canonicalJson(outcome.effects)).digest('hex');
}

export function stateHash(state: GameState): string {
  return createHash('sha256').update(canonicalJson(state)).digest('hex');
}

export interface DueTimer {
  id: string;
  at: number;
}

/** Timers due at or before `until`, in firing order: time, then the timer's order, then id. */
export function dueTimers(state: GameState, until = Infinity): DueTimer[] {
  const due: { id: string; at: number; order: number; created: number }[] = [];
  for (const obj of Object.values(state.objects)) {
    if (obj.type !== 'timer' || typeof obj.attrs.at !== 'number' || obj.attrs.at > until) continue;
    due.push({ id: obj.id, at: obj.attrs.at, order: Number(obj.attrs.order ?? 0), created: Number(obj.attrs.created ?? 0) });
  }
  // Same instant: the order rules set, then creation order.
  return due.sort((a, b) => a.at - b.at || a.order - b.order || a.created - b.created || (a.id < b.id ? -1 : 1)).map(({ id, at }) => ({ id, at }));
}

/** What the host remembers of each entry: enough to rebuild any past state and who acted when. */
interface Remembered {
  seq: number;
  at: number;
  person?: string;
  effects: LogEntry['outcome']['effects'];
}

const WEEK = 7 * 86_400_000;

/** The state at a past instant: the fold of every entry up to it. */
export function foldUntil(meta: GameMeta, history: readonly Remembered[], instant: number): GameState {
  const state = emptyState(meta.start, meta.seed);
  for (const h of history) {
    if (h.at > instant) break;
    applyEffects(state, h.effects);
    state.seq = h.seq;
  }
  return state;
}

function remember(entry: LogEntry): Remembered {
  const i = entry.input;
  const person = 'person' in i && (i.kind === 'action' || i.kind === 'message' || i.kind === 'edit' || i.kind === 'delete') ? i.person : undefined;
  return { seq: entry.seq, at: i.at, ...(person ? { person } : {}), effects: entry.outcome.effects };
}

/** Host library functions that read the game's own history (bound per game). */
function historyLibrary(meta: GameMeta, history: readonly Remembered[], base: HostLibrary): HostLibrary {
  return {
    ...base,
    stateAt: (instant: number) => foldUntil(meta, history, Number(instant)).objects as unknown as Json,
  };
}

export class Game {
  private sandbox: Sandbox;
  private history: Remembered[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  private listeners = new Set<EntryListener>();
  private lastHash: string;

  private constructor(
    readonly id: string,
    readonly store: EventStore,
    public meta: GameMeta,
    public state: GameState,
    lastHash: string,
    private readonly options: GameOptions,
    history: Remembered[] = [],
  ) {
    this.lastHash = lastHash;
    this.history = history;
    this.sandbox = new Sandbox(state, { ...DEFAULT_LIMITS, ...options.limits }, historyLibrary(meta, this.history, options.lib ?? {}));
  }

  static async create(store: EventStore, id: string, meta: GameMeta, options: GameOptions = {}): Promise<Game> {
    await store.createGame(id, meta);
    return new Game(id, store, meta, emptyState(meta.start, meta.seed), '', options);
  }

  static async open(store: EventStore, id: string, options: GameOptions = {}): Promise<Game> {
    const record = await store.getGame(id);
    if (!record) throw new Error(`there is no game "${id}"`);
    const meta = record.meta as GameMeta;
    // The whole log is read once: the host keeps each entry's effects for history and rebases.
    const state = emptyState(meta.start, meta.seed);
    const history: Remembered[] = [];
    let lastHash = '';
    for (let batch = await store.read(id, 0, 5000); batch.length > 0; batch = await store.read(id, state.seq, 5000)) {
      for (const entry of batch) {
        applyEffects(state, entry.outcome.effects);
        state.seq = entry.seq;
        lastHash = entry.hash;
        history.push(remember(entry));
      }
    }
    return new Game(id, store, meta, state, lastHash, options, history);
  }

  get seq(): number {
    return this.state.seq;
  }

  onEntry(listener: EntryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Applies an input after firing every timer due before it. Resolves once it is durable. */
  submit(input: Input): Promise<LogEntry> {
    return this.serial(async () => {
      await this.fireDue(input.at);
      if (input.kind === 'brake' && !input.operator) input = { ...input, required: this.actedSince(input.at - WEEK) };
      return this.apply(input);
    });
  }

  /** Persons who acted (an action or a message) since an instant, in order of first appearance. */
  actedSince(instant: number): string[] {
    const persons: string[] = [];
    for (let i = this.history.length - 1; i >= 0 && this.history[i]!.at >= instant; i--) {
      const person = this.history[i]!.person;
      if (person && !persons.includes(person)) persons.push(person);
    }
    return persons.sort();
  }

  /** The game's objects as they stood at a past instant. */
  stateAt(instant: number): GameState {
    return foldUntil(this.meta, this.history, instant);
  }

  /** Fires every timer due up to `at`, in order, each as its own logged input. */
  advanceTo(at: number): Promise<LogEntry[]> {
    return this.serial(() => this.fireDue(at));
  }

  nextDue(): DueTimer | undefined {
    return dueTimers(this.state)[0];
  }

  /** Runs an input on the live sandbox and undoes it: what would happen, changing nothing. */
  /**
   * Runs an input on the live sandbox and undoes it. It draws from its own random stream (so a
   * preview cannot be repeated until chance favours someone) and hides secret values from `viewer`.
   */
  preview(input: Input, viewer?: string): Promise<Outcome> {
    return this.serial(async () => {
      const stream = seedRng(parseInt(createHash('sha256').update(`preview:${this.lastHash}:${this.previews++}`).digest('hex').slice(0, 8), 16));
      const outcome = this.sandbox.run({ ...input, at: Math.max(input.at, this.state.now) } as Input, this.state, { rng: stream });
      this.sandbox.rollback();
      return hideSecrets(outcome, viewer);
    });
  }
  private previews = 0;

  /** What the rules' code defines now (actions, checks, handlers); changes nothing. */
  catalog(): Promise<RuleCatalogEntry[]> {
    return this.serial(async () => this.sandbox.catalog());
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async fireDue(at: number): Promise<LogEntry[]> {
    const fired: LogEntry[] = [];
    for (let due = dueTimers(this.state, at)[0]; due; due = dueTimers(this.state, at)[0]) {
      fired.push(await this.apply({ kind: 'timer', at: due.at, timer: due.id }));
    }
    return fired;
  }

  private async apply(input: Input): Promise<LogEntry> {
    const at = Math.max(input.at, this.state.now);
    const timed = (at === input.at ? input : { ...input, at }) as Input;
    const outcome = timed.kind === 'rebase'
      ? await rebaseOutcome(this.store, this.id, this.meta, this.state.seq, timed, this.options)
      : this.sandbox.run(timed, this.state);
    let entry: LogEntry;
    let spend = false;
    try {
      // A timer that hit a limit is still spent (the sandbox undid everything, so the host spends it).
      spend = timed.kind === 'timer' && outcome.status === 'fault' && this.state.objects[`timer/${timed.timer}`] !== undefined &&
        !outcome.effects.some((e) => e.op === 'destroy' && e.key === `timer/${timed.timer}`);
      if (spend) outcome.effects.push({ op: 'destroy', key: `timer/${(timed as { timer: string }).timer}` });
      entry = { seq: this.state.seq + 1, input: timed, outcome, hash: entryHash(this.lastHash, timed, outcome) };
      await this.store.append(this.id, this.state.seq, [entry]);
    } catch (error) {
      // Nothing is acknowledged: the sandbox forgets the input too.
      this.sandbox.rollback();
      throw error;
    }
    this.sandbox.commit();
    applyEffects(this.state, outcome.effects);
    this.state.seq = entry.seq;
    this.lastHash = entry.hash;
    if (spend || timed.kind === 'rebase') this.sandbox.reload(this.state);
    this.history.push(remember(entry));
    const every = this.options.snapshotEvery ?? 500;
    // The entry is durable from here on: a failed snapshot or a failing listener must not undo it.
    if (entry.seq % every === 0) await this.store.saveSnapshot(this.id, { seq: entry.seq, state: cloneJson(this.state) }).catch(() => undefined);
    for (const listener of this.listeners) {
      try {
        listener(entry, this.state);
      } catch {
        /* a listener's failure is its own */
      }
    }
    // A rule asked to patch the past: the host re-simulates and logs the result as the next entry.
    for (const h of outcome.status === 'ok' ? outcome.happenings : []) {
      if (h.event !== 'rebase-requested') continue;
      const p = h.payload as { at: number; changes: JsonObject[]; cause: string };
      await this.apply({ kind: 'rebase', at: timed.at, from: p.at, changes: p.changes, cause: p.cause });
    }
    return entry;
  }

  close(): void {
    this.sandbox.dispose();
  }
}

export interface VerifyReport {
  entries: number;
  ok: boolean;
  /** The first entry whose re-execution differed, and how. */
  mismatch?: { seq: number; reason: string };
  stateHash: string;
}

/** Re-executes every logged input from the start in a fresh sandbox and compares everything. */
export async function verifyReplay(store: EventStore, id: string, options: GameOptions = {}, onProgress?: (done: number) => void): Promise<VerifyReport> {
  const record = await store.getGame(id);
  if (!record) throw new Error(`there is no game "${id}"`);
  const meta = record.meta as GameMeta;
  const state = emptyState(meta.start, meta.seed);
  const history: Remembered[] = [];
  const sandbox = new Sandbox(state, { ...DEFAULT_LIMITS, ...options.limits }, historyLibrary(meta, history, options.lib ?? {}));
  let hash = '';
  let count = 0;
  try {
    for (let batch = await store.read(id, 0, 1000); batch.length > 0; batch = await store.read(id, state.seq, 1000)) {
      for (const entry of batch) {
        const outcome = entry.input.kind === 'rebase'
          ? await rebaseOutcome(store, id, meta, entry.seq - 1, entry.input, options)
          : sandbox.run(entry.input, state);
        const same = outcome.status === entry.outcome.status && canonicalJson(outcome.effects) === canonicalJson(entry.outcome.effects);
        // A fault caused by a limit depends on the machine's speed; it changed nothing either way.
        const limitFault = entry.outcome.status === 'fault' && outcome.status === 'fault';
        if (!same && !limitFault) {
          return { entries: count, ok: false, mismatch: { seq: entry.seq, reason: `re-execution gave ${outcome.status} with ${outcome.effects.length} effects; the log has ${entry.outcome.status} with ${entry.outcome.effects.length}` }, stateHash: stateHash(state) };
        }
        sandbox.commit();
        if ((limitFault && !same) || entry.input.kind === 'rebase') sandbox.reload(applyEffects(cloneJson(state), entry.outcome.effects));
        hash = entryHash(hash, entry.input, entry.outcome);
        if (hash !== entry.hash) return { entries: count, ok: false, mismatch: { seq: entry.seq, reason: 'the hash chain is broken' }, stateHash: stateHash(state) };
        applyEffects(state, entry.outcome.effects);
        state.seq = entry.seq;
        history.push(remember(entry));
        count++;
      }
      onProgress?.(count);
    }
  } finally {
    sandbox.dispose();
  }
  return { entries: count, ok: true, stateHash: stateHash(state) };
}

/** A preview must not show a person what the rules keep from them. */
function hideSecrets(outcome: Outcome, viewer: string | undefined): Outcome {
  const effects = outcome.effects.map((e) => {
    if (e.op === 'set' && e.secret && !(viewer && e.secret.includes(viewer))) {
      const { value: _hidden, ...rest } = e;
      return rest;
    }
    if (e.op === 'create' && e.object.secret) {
      const attrs = { ...e.object.attrs };
      for (const [attr, allowed] of Object.entries(e.object.secret)) if (!(viewer && allowed.includes(viewer))) attrs[attr] = null;
      return { ...e, object: { ...e.object, attrs } };
    }
    return e;
  });
  const outputs = outcome.outputs.filter((o) => o.to === 'all' || (viewer !== undefined && o.to.includes(viewer)));
  return { ...outcome, effects, outputs };
}

/**
 * Works a rebase: the state at instant `from` (the fold of the entries up to it) is patched with
 * the changes, then every later input up to `uptoSeq` is re-run on it, each reusing the random
 * stream it originally drew from; the result replaces the state in one effect.
 */
export async function rebaseOutcome(store: EventStore, id: string, meta: GameMeta, uptoSeq: number, input: Extract<Input, { kind: 'rebase' }>, options: GameOptions): Promise<Outcome> {
  const entries = (await store.read(id, 0)).filter((e) => e.seq <= uptoSeq);
  const original = emptyState(meta.start, meta.seed);
  const history: Remembered[] = [];
  let i = 0;
  for (; i < entries.length && entries[i]!.input.at <= input.from; i++) {
    applyEffects(original, entries[i]!.outcome.effects);
    original.seq = entries[i]!.seq;
    history.push(remember(entries[i]!));
  }
  const patched = cloneJson(original);
  const sandbox = new Sandbox(patched, { ...DEFAULT_LIMITS, ...options.limits }, historyLibrary(meta, history, options.lib ?? {}));
  let rerun = 0;
  try {
    const patch = sandbox.run({ kind: 'setup', at: input.from, data: { changes: input.changes, cause: input.cause } }, patched);
    if (patch.status !== 'ok') return { status: 'refused', message: `the rebase patch cannot be applied: ${patch.message}`, effects: [], outputs: [], happenings: [] };
    sandbox.commit();
    applyEffects(patched, patch.effects);
    for (; i < entries.length; i++) {
      const entry = entries[i]!;
      const requestedRebase = entry.outcome.happenings.some((h) => h.event === 'rebase-requested');
      const skip = entry.input.kind === 'rebase' || requestedRebase || entry.input.kind === 'setup';
      if (!skip) {
        const outcome = sandbox.run(entry.input, patched, { rng: original.rng });
        sandbox.commit();
        applyEffects(patched, outcome.effects);
        rerun++;
      }
      applyEffects(original, entry.outcome.effects);
      original.seq = entry.seq;
      history.push(remember(entry));
    }
  } finally {
    sandbox.dispose();
  }
  const { seq: _seq, ...replacement } = patched;
  return {
    status: 'ok', effects: [{ op: 'replace', state: replacement }], outputs: [],
    happenings: [{ event: 'rebased', payload: { from: input.from, cause: input.cause, rerun } }],
  };
}
