// The rule API: everything rule code may do to a game. Rule code is a TypeScript module whose
// default export receives a RuleApi; it runs in an isolate and reaches the game only through this.
// This file is types only, so the web editor and docs can load it as a declaration file.
import type { Json, JsonObject, Medium } from './types.js';
import type { Change, ChangeSet } from './changes.js';

/** A read-only view of a game object. `attrs` holds its attributes. */
export interface ObjectView {
  readonly type: string;
  readonly id: string;
  /** `${type}/${id}` */
  readonly key: string;
  readonly attrs: Readonly<JsonObject>;
  readonly owner?: string;
}

/** A rule as rule code sees it. `id` is its identity; `number` may change or be empty. */
export interface RuleView extends ObjectView {
  readonly number: string;
  readonly title: string;
  readonly text: string;
  /** Attributes rulesets define: mutable, power, enactedAt, section, void, ... */
}

/** How an action or event was set off. */
export type Invocation = 'input' | 'timer' | 'rule' | 'setup';

export interface ActionContext {
  /** The action's name (checks registered for "*" see every action). */
  readonly action: string;
  /** The person who acted (an account), or "" when a rule or a timer acts. */
  readonly person: string;
  /** The agent the action is performed as (a player, an officer, ...): defaults to the person. */
  readonly agent: string;
  readonly args: Readonly<JsonObject>;
  readonly now: number;
  readonly invokedBy: Invocation;
  /** The rule whose procedure performed this action, when invokedBy is "rule". */
  readonly byRule?: string;
  readonly medium?: Medium;
}

/** A legality verdict: `undefined` = no opinion, `true` = permitted, a string = refused because. */
export type Verdict = undefined | void | true | string;

export type ArgType = 'string' | 'number' | 'boolean' | 'json' | 'string?' | 'number?' | 'boolean?' | 'json?' | 'string[]' | 'string[]?';

export interface ActionSpec {
  /** Argument names and types, checked before `legal` runs. */
  args?: Record<string, ArgType>;
  describe?: string;
  /** The action's own legality check. Other rules add checks with `check(name, ...)`. */
  legal?(ctx: ActionContext): Verdict;
  /** The effect. May return a value (the id of what it created). */
  perform(ctx: ActionContext): Json | void;
  /** Records a refused attempt still leaves (a fine, "has attempted before"). */
  refused?(ctx: ActionContext, reason: string): void;
}

export interface EventContext {
  readonly event: string;
  readonly payload: any;
  readonly now: number;
  readonly cause: { person?: string; agent?: string; action?: string; rule?: string; invokedBy: Invocation };
}

/** A value a rule reads from its own text, so an amendment of the text changes behaviour. */
export interface ParamSpec<T> {
  /** Read from another rule's text (Gnomic 418 redefines words for other rules); default: this rule. */
  rule?: string;
  /** A regular expression over the rule's text; the first capture group (or match) is parsed. */
  pattern: RegExp;
  parse?(match: RegExpMatchArray): T;
}

export type TimerAt = number | { in: number } | { base: string; value: number };

export interface TimerView extends ObjectView {
  readonly at: number | null;
  readonly event: string;
  readonly payload: Json;
}

export interface Outcome<T = Json> {
  ok: boolean;
  value?: T;
  error?: string;
}

export interface ChangeCause {
  /** "proposal 301", "judgment 3", "proclamation 2 Jul 2001", "import" */
  cause: string;
  /** When the change is dated in the rule's history (default: now). */
  at?: number;
}

export interface RuleChanges {
  enact(spec: { number?: string; title?: string; text: string; mutable?: boolean; power?: number; code?: string; attrs?: JsonObject }, cause: ChangeCause): RuleView;
  amend(rule: string, spec: { text?: string; code?: string | null; replace?: { from: string; to: string }[] }, cause: ChangeCause): RuleView;
  repeal(rule: string, cause: ChangeCause): void;
  transmute(rule: string, mutable: boolean | undefined, cause: ChangeCause): RuleView;
  retitle(rule: string, title: string, cause: ChangeCause): RuleView;
  renumber(rule: string, number: string, cause: ChangeCause): RuleView;
  setAttr(rule: string, attr: string, value: Json, cause: ChangeCause): RuleView;
  /** Adds a note to the rule's history without changing it. */
  annotate(rule: string, note: string, cause: ChangeCause): void;
}

export interface RuleApi {
  /** This rule, as it stands now. */
  readonly self: RuleView;
  /** The game clock, ms since epoch. `Date.now()` returns the same. */
  now(): number;

  // ---- objects ----
  get(key: string): ObjectView | undefined;
  get(type: string, id: string): ObjectView | undefined;
  /** All objects of a type ("*": of every type), in creation order, optionally filtered. */
  all(type: string, where?: (o: ObjectView) => boolean): ObjectView[];
  /** Creates an object owned by this rule (it goes when this rule is repealed, unless given away). */
  create(type: string, attrs?: JsonObject, opts?: { id?: string; owner?: string | null }): ObjectView;
  /** Sets one attribute; `undefined` deletes it. `secretFrom`: see `secret`. */
  set(key: string, attr: string, value: Json | undefined): void;
  /** Sets several attributes at once. */
  update(key: string, attrs: JsonObject): void;
  /** Sets an attribute only the listed persons may see (a secret ballot, a hidden hand). */
  secret(key: string, attr: string, value: Json, visibleTo: string[]): void;
  /** Makes a secret attribute public (ballots revealed when the votes are posted). */
  reveal(key: string, attr: string): void;
  /** Destroys an object, and everything its code owns. */
  destroy(key: string): void;
  /**
   * Loads the code carried by another object (a device, a contract, a victory condition) under this
   * rule's authority: it registers actions and handlers at this rule's precedence and may use only
   * the API methods in `allow` (all when absent). Call it at the top of a rule module.
   */
  host(key: string, opts?: { allow?: string[] }): void;
  /** Runs the default export of the code on an object once, as this rule, and returns its value. */
  runCode(key: string, ...args: Json[]): Json;
  /** Sees every write rule code makes before it happens: veto with a string, or adjust a set with { value }. */
  before(kind: 'set' | 'create' | 'destroy', hook: (w: { kind: string; key: string; attr: string | null; value: Json; by: string | null }) => string | { value: Json } | void): void;
  /** Hands an object (or one attribute of it) to another rule, or to nobody (null: it stays forever). */
  own(key: string, owner: string | null, attr?: string): void;
  /** The next number of a named counter ("proposal" -> 1, 2, ...), kept in game state. */
  nextNumber(counter: string, start?: number): number;
  /** Reads a named counter without advancing it (start - 1 if it never advanced). */
  peekNumber(counter: string, start?: number): number;

  // ---- rules ----
  rules(): RuleView[];
  /** A rule by number or identity. */
  rule(ref: string): RuleView | undefined;
  readonly change: RuleChanges;
  /** Applies a change set atomically: all of it or none. Returns the refusal instead of throwing. */
  applyChanges(changes: ChangeSet, cause: ChangeCause): Outcome<Json[]>;
  /** Runs a change set on a throwaway copy and reports what it would do. */
  previewChanges(changes: ChangeSet, cause: ChangeCause): { ok: boolean; error?: string; warnings: string[]; effects: number };
  /** Orders rules when several handle the same thing: negative = a first. Chained; ties by identity. */
  precedence(compare: (a: RuleView, b: RuleView) => number): void;

  // ---- actions ----
  action(name: string, spec: ActionSpec): void;
  /** Adds a legality check to an action another rule defines, or to every action with "*" (runs in precedence order). */
  check(name: string, legal: (ctx: ActionContext) => Verdict): void;
  /** Performs an action as an agent through the same checks a person's input goes through. */
  /** `medium`: where the deed happened, when a rule performs what a message said (a vote cast in a channel). */
  perform(name: string, args: JsonObject, as: { agent: string; person?: string; medium?: Medium }): Outcome;
  /** Would the action be legal now? Changes nothing. */
  legal(name: string, args: JsonObject, as: { agent: string; person?: string }): Verdict;
  /** Refuses the action being performed (its effects are undone; its `refused` hook runs). */
  refuse(reason: string): never;
  /** Runs a block as a savepoint: on error its changes are rolled back and the error returned. */
  attempt<T extends Json | void>(block: () => T): Outcome<T>;
  /** Which agents a person may act as (players, officers, parties). Asked by the dispatcher. */
  agents(resolve: (person: string) => string[] | undefined): void;

  // ---- events ----
  on(event: string, handler: (ctx: EventContext) => void): void;
  emit(event: string, payload?: Json): void;
  /** A state check run after every input until nothing changes (a win condition, a cap). */
  settle(check: () => void): void;
  /**
   * A computed attribute: `derive` gives its value for each object of `type` from the state and the
   * game clock. It is stored like any attribute, recomputed after every input and timer (so a value
   * that depends on time alone is as of the last input), and overwrites whatever else is written there.
   */
  computed(type: string, attr: string, derive: (o: ObjectView, now: number) => Json | undefined): void;

  // ---- time ----
  timer(at: TimerAt, event: string, payload?: Json, opts?: { id?: string; order?: number }): TimerView;
  cancelTimer(id: string): void;
  /** Moves a timer to another instant (and resumes it if suspended). */
  moveTimer(id: string, at: number): void;
  /** Suspends a timer, keeping the time it had left; resumeTimer restarts it with that remainder. */
  suspendTimer(id: string): void;
  resumeTimer(id: string): void;
  /** The game's objects as they stood at a past instant (read from the log). */
  stateAt(instant: number): Record<string, { type: string; id: string; attrs: JsonObject }>;
  /**
   * Asks for a rebase: the state at instant `at` is patched with `changes`, every later input is
   * re-run on it (reusing their random draws), and the result is committed as one logged effect.
   */
  rebase(spec: { at: number; changes: ChangeSet; cause: string }): void;
  timers(event?: string): TimerView[];
  /** Defines a time base: a counter rules advance, or a rate over the clock (paused: rate 0). */
  timeBase(name: string, spec: { kind: 'counter' } | { kind: 'clock'; rate?: number }): void;
  advanceBase(name: string, by?: number): void;
  setBaseRate(name: string, rate: number): void;
  baseValue(name: string): number;

  // ---- text parameters ----
  /** Reads a value from this rule's text; if the text no longer matches, the code is "out of date". */
  param<T = string>(name: string, spec: ParamSpec<T>): T;

  // ---- rules calling rules ----
  export(name: string, value: Json | ((...args: any[]) => any)): void;
  /** Calls a function another rule exported (by rule number or identity). */
  call<T = any>(rule: string, name: string, ...args: any[]): T;
  /** An exported value, or undefined when the rule or export is absent. */
  imported<T = any>(rule: string, name: string): T | undefined;

  // ---- people ----
  message(to: string[] | 'all', text: string, opts?: { channel?: string; data?: Json }): void;
  /** Declares the winner(s). A win does not end the game unless the rules say so. */
  win(winners: string | string[], reason: string): void;
  /** Seeded, recorded random number in [0, 1). Math.random() is the same stream. */
  random(): number;
  /** A uniformly drawn element. */
  pick<T>(items: readonly T[]): T;
  /** Host-provided pure helpers (the proposal parser, ...). */
  readonly lib: {
    parseProposal(text: string): { changes: Change[]; notes: string[] };
  };
  /** Records a note in the game log (shown to people). */
  log(text: string, data?: Json): void;
}

export type RuleModule = (api: RuleApi) => void;
