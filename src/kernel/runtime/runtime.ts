// The dispatcher that runs inside the sandbox: loads every rule's code, orders rules by the
// precedence the rules themselves define, and turns one input into effects. It knows objects,
// rules, actions, events and timers; players, votes and turns are the rules' business.
import { findObject, parsePath } from '../paths.js';
import { GAME_KEY, cloneJson, compareRuleNumbers } from '../state.js';
import { insertParagraph, replaceExactlyOnce } from '../text.js';
import type { Change, ChangeSet } from '../changes.js';
import type {
  ActionContext, ActionSpec, ChangeCause, EventContext, Invocation, ObjectView, Outcome as ApiOutcome,
  RuleApi, RuleView, TimerAt, TimerView, Verdict,
} from '../rule-api.js';
import type { GameObject, GameState, Happening, Input, Json, JsonObject, Medium, Outcome, Output, RunOptions } from '../types.js';
import { World, type Mark } from './world.js';

/** What the host lends the runtime: the TypeScript compiler and pure helper libraries. */
export interface HostBridge {
  compile(source: string): { js?: string; error?: string };
  lib(name: string, args: Json[]): Json;
}

/** An action or change the rules do not allow: the input is refused, the message says why. */
export class Refusal extends Error {
  keep = false;
  constructor(message: string, public rule?: string) {
    super(message);
  }
}
/** A bug or a limit in rule code: nothing changes, the message names the rule. */
export class Fault extends Error {
  constructor(message: string, public rule?: string) {
    super(message);
  }
}
/** What a thrown value says, without trusting it: its message getter or toString is rule code too. */
export function describeThrown(error: unknown): string {
  try {
    return error instanceof Error ? String(error.message) : String(error);
  } catch {
    return 'it threw a value whose message cannot be read';
  }
}
/** The rules loop: a cascade of events that exceeds the step budget. */
export class CannotComplete extends Error {}
/** A rule's text no longer says what its code reads from it. */
export class ParamMismatch extends Error {
  constructor(public param: string, public rule: string) {
    super(`rule ${rule}'s text no longer matches its code's parameter "${param}"`);
  }
}

type Fn = (...args: any[]) => any;

interface Loaded {
  id: string;
  key: string;
  number: string;
  /** For code on a non-rule object: the rule that hosts it (its precedence, its authority). */
  hostedBy?: string;
  /** API methods hosted code may use (all when absent). */
  allow?: string[];
  actions: Map<string, ActionSpec>;
  checks: Map<string, Fn[]>;
  handlers: Map<string, Fn[]>;
  settles: Fn[];
  exports: Map<string, unknown>;
  comparators: Fn[];
  agentResolvers: Fn[];
  before: Map<string, Fn[]>;
}

interface QueuedEvent {
  event: string;
  payload: Json;
  cause: EventContext['cause'];
}

interface Caller {
  person: string;
  agent: string;
  invokedBy: Invocation;
  byRule?: string;
  medium?: Medium;
}

/** Whether an object's code runs: rules and the brake can switch it off without touching the text. */
export function codeRuns(obj: GameObject): boolean {
  const a = obj.attrs;
  return a.inert !== true && a.codeOutOfDate !== true && a.void !== true && a.suspended !== true && a.codeOff !== true;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

/** Hosted code gets only the API methods its hosting rule allows; the rest refuse. */
function restrict(api: RuleApi, allow: string[], key: string): RuleApi {
  const limited: Record<string, unknown> = {};
  for (const name of Object.keys(api) as (keyof RuleApi)[]) {
    if (allow.includes(name)) {
      const desc = Object.getOwnPropertyDescriptor(api, name)!;
      Object.defineProperty(limited, name, desc);
      continue;
    }
    const refuse = () => {
      throw new Refusal(`the code on ${key} may not use api.${name}`);
    };
    if (typeof api[name] === 'function') limited[name] = refuse;
    else Object.defineProperty(limited, name, { get: () => new Proxy({}, { get: refuse }), enumerable: true });
  }
  return limited as unknown as RuleApi;
}

const STEP_BUDGET = 5000;
const SETTLE_ROUNDS = 25;
const ARG_TYPES = new Set(['string', 'number', 'boolean', 'json', 'string[]']);

export class Runtime {
  readonly world: World;
  private factories = new Map<string, Fn>();
  private loaded: Loaded[] = [];
  /** Entries being loaded right now (hosted code joins them). */
  private loading: Loaded[] | undefined;
  private dirty = true;
  private queue: QueuedEvent[] = [];
  private outputs: Output[] = [];
  private happenings: Happening[] = [];
  private steps = 0;
  currentRule: string | undefined;

  constructor(state: GameState, private bridge: HostBridge) {
    this.world = new World(state);
  }

  get state(): GameState {
    return this.world.state;
  }

  // ---------------------------------------------------------------- one input

  run(input: Input, options: RunOptions = {}): Outcome {
    this.outputs = [];
    this.happenings = [];
    this.queue = [];
    this.steps = 0;
    this.dirty = true; // fresh module instances every input: no state hides in closures
    this.currentRule = undefined;
    let start: Mark = this.world.mark();
    try {
      if (input.at > this.state.now) this.world.clock(input.at);
      if (options.rng) this.world.setRng(options.rng);
      start = this.world.mark();
      const result = this.dispatch(input);
      this.drainAndSettle();
      return this.outcome('ok', { result: result === undefined ? null : result });
    } catch (error) {
      if (error instanceof Refusal) {
        if (!error.keep) this.world.rollbackTo(start);
        else {
          // What a `refused` hook kept is followed through: the events it raised are handled.
          const kept = this.world.mark();
          try {
            this.drainAndSettle();
          } catch {
            this.world.rollbackTo(kept);
          }
        }
        this.dirty = true;
        this.spendTimer(input);
        return this.outcome('refused', { message: error.message, rule: error.rule });
      }
      if (error instanceof CannotComplete) return this.cannotComplete(start, error.message, input);
      this.world.rollbackAll();
      this.dirty = true;
      this.spendTimer(input);
      const rule = error instanceof Fault || error instanceof ParamMismatch ? error.rule : this.currentRule;
      const message = describeThrown(error);
      return { status: 'fault', message: rule ? `${this.label(rule)}: ${message}` : message, rule, effects: this.world.effects.slice(), outputs: [], happenings: [] };
    }
  }

  /** A timer whose handling failed is still spent: it is recorded as failed and never stalls the game. */
  private spendTimer(input: Input): void {
    if (input.kind !== 'timer') return;
    const key = `timer/${input.timer}`;
    if (this.world.get(key)) this.world.destroy(key);
  }

  private outcome(status: Outcome['status'], extra: Partial<Outcome>): Outcome {
    return { status, ...extra, effects: this.world.effects.slice(), outputs: this.outputs, happenings: this.happenings };
  }

  /** Undo the cascade, then let the rules react to their own failure (Suber 213 and kin). */
  private cannotComplete(start: Mark, why: string, input: Input): Outcome {
    this.world.rollbackTo(start);
    this.spendTimer(input);
    start = this.world.mark();
    this.dirty = true;
    this.queue = [];
    this.happenings = [{ event: 'cannot-complete', payload: { reason: why } }];
    const message = `the rules cannot complete this: ${why}`;
    try {
      this.steps = STEP_BUDGET - 200;
      this.emit('cannot-complete', { reason: why }, { invokedBy: 'rule' });
      this.drainAndSettle();
    } catch {
      this.world.rollbackTo(start);
    }
    return this.outcome('refused', { message });
  }

  private dispatch(input: Input): Json | undefined {
    switch (input.kind) {
      case 'action': {
        this.ensureLoaded();
        const agent = this.resolveAgent(input.person, input.as);
        return this.performAction(input.action, input.args ?? {}, { person: input.person, agent, invokedBy: 'input', medium: input.medium });
      }
      case 'message':
        this.emit('message', { person: input.person, text: input.text, medium: (input.medium ?? {}) as JsonObject }, { person: input.person, invokedBy: 'input' });
        return undefined;
      case 'edit':
        this.emit('message-edited', { person: input.person, messageId: input.messageId, text: input.text, medium: (input.medium ?? {}) as JsonObject }, { person: input.person, invokedBy: 'input' });
        return undefined;
      case 'delete':
        this.emit('message-deleted', { person: input.person, messageId: input.messageId, medium: (input.medium ?? {}) as JsonObject }, { person: input.person, invokedBy: 'input' });
        return undefined;
      case 'timer':
        return this.fireTimer(input.timer);
      case 'tick':
        return undefined;
      case 'setup':
        return this.setup(input.data);
      case 'brake':
        return this.brake(input);
      case 'presence':
        this.emit('presence', { person: input.person, status: input.status, medium: (input.medium ?? {}) as JsonObject }, { person: input.person, invokedBy: 'input' });
        return undefined;
      case 'rebase':
        throw new Fault('a rebase is worked by the host, not the sandbox');
    }
  }

  private setup(data: JsonObject): Json | undefined {
    const rules = (data.rules ?? []) as JsonObject[];
    for (const spec of rules) this.enactRule(spec as never, { cause: String(data.cause ?? 'import') }, { importing: true });
    for (const [key, value] of Object.entries((data.objects ?? {}) as Record<string, JsonObject>)) {
      const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
      this.world.create({ type, id, attrs: cloneJson(value) });
    }
    // `rule/N: absent` starts the game as if rule N had been repealed before it began
    // (docs/SCENARIOS.md): it is removed before the setup event, so it makes nothing happen at setup.
    const isAbsentRule = (path: string, value: Json) => value === 'absent' && /^rule\/[^.]+$/.test(path);
    const set = Object.entries((data.set ?? {}) as JsonObject);
    for (const [path, value] of set) if (isAbsentRule(path, value)) this.setPath(path, value, { cause: 'setup' });
    if (data.event !== undefined) {
      this.ensureLoaded();
      this.emit('setup', data.event as Json, { invokedBy: 'setup' });
      this.drainAndSettle();
    }
    // Starting values apply after the rules have made the players (docs/SCENARIOS.md); a rule
    // removed here is repealed with the cause "setup", which rules can recognise.
    for (const [path, value] of set) if (!isAbsentRule(path, value)) this.setPath(path, value, { cause: 'setup' });
    if (data.set !== undefined) this.drainAndSettle(); // a starting score that already wins, wins
    const changes = (data.changes ?? []) as Change[];
    for (const change of changes) this.applyChange(change, { cause: String(data.cause ?? 'setup') }, { person: '', agent: '', invokedBy: 'setup' }, undefined);
    return null;
  }

  /** The emergency brake: switches a rule's code off or on, outside the rules' reach. */
  private brake(input: Extract<Input, { kind: 'brake' }>): Json {
    const rule = this.ruleObject(input.rule);
    if (!rule) throw new Refusal(`there is no rule ${input.rule}`);
    if (!input.reason || !input.reason.trim()) throw new Refusal('the emergency brake needs a reason, which is recorded');
    if (!input.operator) {
      // Without the host operator, every person who acted in the last 7 days must agree.
      const key = `brake/${rule.id}-${input.on ? 'off' : 'on'}`;
      const petition = this.world.get(key);
      const signers = [...new Set([...((petition?.attrs.signers as string[]) ?? []), input.person])];
      const required = input.required ?? [];
      if (!required.includes(input.person)) throw new Refusal(`only the host operator or the persons who acted in the last 7 days (${required.join(', ') || 'nobody'}) can work the brake`);
      const reasons = [...((petition?.attrs.reasons as string[]) ?? []), `${input.person}: ${input.reason}`];
      if (!required.every((p) => signers.includes(p))) {
        if (petition) this.world.set(key, 'signers', signers), this.world.set(key, 'reasons', reasons);
        else this.world.create({ type: 'brake', id: key.slice(6), attrs: { rule: String(rule.attrs.number), on: input.on, signers, reasons } });
        this.happenings.push({ event: 'brake-petition', payload: { rule: input.rule, signers, waitingFor: required.filter((p) => !signers.includes(p)) } });
        return { waitingFor: required.filter((p) => !signers.includes(p)) };
      }
      if (petition) this.world.destroy(key);
    }
    this.world.set(this.keyOf(rule), 'inert', input.on ? true : undefined);
    this.addHistory(rule, { kind: input.on ? 'code-switched-off' : 'code-switched-on', cause: `emergency brake by ${input.person}: ${input.reason}` });
    this.happenings.push({ event: 'brake', payload: { rule: input.rule, on: input.on, person: input.person, reason: input.reason } });
    return null;
  }

  private fireTimer(id: string): Json | undefined {
    const key = `timer/${id}`;
    const timer = this.world.get(key);
    if (!timer) return null; // cancelled, or its rule was repealed
    this.world.destroy(key);
    this.ensureLoaded();
    this.emit(String(timer.attrs.event), (timer.attrs.payload ?? null) as Json, { invokedBy: 'timer', rule: timer.owner });
    return null;
  }

  /** What the rules' code defines, for documentation and the web app (changes nothing). */
  catalog(): JsonObject[] {
    const mark = this.world.mark();
    this.dirty = true;
    try {
      this.ensureLoaded();
      return this.loaded.map((entry) => ({
        rule: entry.number,
        actions: [...entry.actions].map(([name, spec]) => ({ name, args: (spec.args ?? {}) as JsonObject, describe: spec.describe ?? '' })),
        checks: [...entry.checks.keys()],
        events: [...entry.handlers.keys()],
        exports: [...entry.exports.keys()],
        settles: entry.settles.length,
        precedence: entry.comparators.length > 0,
      }));
    } finally {
      this.world.rollbackTo(mark);
      this.dirty = true;
    }
  }

  // ---------------------------------------------------------------- rules and their code

  private ensureLoaded(): void {
    if (!this.dirty) return;
    this.dirty = false;
    const loaded: Loaded[] = [];
    this.loading = loaded;
    for (const obj of Object.values(this.state.objects)) {
      if (obj.type !== 'rule') continue;
      const code = obj.attrs.code;
      if (typeof code !== 'string' || code.trim() === '' || !codeRuns(obj)) continue;
      const entry = this.instantiate(obj, code);
      if (entry) loaded.push(entry);
    }
    this.loading = undefined;
    const hosted = loaded.filter((e) => e.hostedBy !== undefined);
    this.loaded = loaded.filter((e) => e.hostedBy === undefined);
    this.sortByPrecedence();
    // Hosted code sits right after the rule that hosts it: that rule's precedence, never more.
    for (const child of hosted.reverse()) {
      const at = this.loaded.findIndex((e) => e.id === child.hostedBy);
      this.loaded.splice(at + 1, 0, child);
    }
  }

  /** Loads the code on an object (a device, a contract, a victory condition) under a rule's authority. */
  private host(host: Loaded, key: string, allow: string[] | undefined): void {
    const loaded = this.loading;
    if (!loaded) throw new Refusal('api.host registers code on objects only while the rules load (at the top of a rule module)');
    const obj = this.world.get(key);
    if (!obj) throw new Refusal(`there is no ${key} to host`);
    const code = obj.attrs.code;
    if (typeof code !== 'string' || code.trim() === '' || !codeRuns(obj)) return;
    const child = this.instantiate(obj, code, host, allow);
    if (child) loaded.push(child);
  }

  private runObjectCode(host: Loaded, key: string, allow: string[] | undefined, args: unknown[]): unknown {
    const obj = this.world.get(key);
    if (!obj) throw new Refusal(`there is no ${key}`);
    const code = obj.attrs.code;
    if (typeof code !== 'string' || code.trim() === '') throw new Refusal(`${key} carries no code`);
    if (!codeRuns(obj)) throw new Refusal(`the code on ${key} is switched off`);
    const child = this.newEntry(obj, host, allow);
    const main = this.moduleMain(obj, code);
    return this.invoke(child, () => main(this.makeApi(child), ...args));
  }

  private factory(rule: GameObject, source: string): Fn {
    let factory = this.factories.get(source);
    if (!factory) {
      const compiled = this.bridge.compile(source);
      if (compiled.error !== undefined || compiled.js === undefined) throw new Fault(`its code does not compile: ${compiled.error}`, rule.id);
      // Indirect eval: the module sees only the sandbox's frozen globals, never the runtime's scope.
      factory = (0, eval)(`(function (module, exports, require) {"use strict";\n${compiled.js}\n})`) as Fn;
      this.factories.set(source, factory);
    }
    return factory;
  }

  private newEntry(obj: GameObject, host?: Loaded, allow?: string[]): Loaded {
    const key = this.keyOf(obj);
    const entry: Loaded = {
      id: obj.type === 'rule' ? obj.id : key, key, number: host ? host.number : String(obj.attrs.number ?? obj.id),
      actions: new Map(), checks: new Map(), handlers: new Map(), settles: [], exports: new Map(), comparators: [], agentResolvers: [], before: new Map(),
    };
    if (host) entry.hostedBy = host.id;
    if (allow) entry.allow = [...allow];
    return entry;
  }

  /** Evaluates a module and returns its default export (the function that receives the API). */
  private moduleMain(obj: GameObject, source: string): Fn {
    const factory = this.factory(obj, source);
    const module: { exports: any } = { exports: {} };
    const require = (name: string) => {
      throw new Error(`rule code cannot import "${name}": everything it may use is on the rule API`);
    };
    factory(module, module.exports, require);
    const main = typeof module.exports === 'function' ? module.exports : module.exports?.default;
    if (typeof main !== 'function') throw new Fault('its code must export a default function (api) => { ... }', obj.type === 'rule' ? obj.id : this.keyOf(obj));
    return main;
  }

  private instantiate(rule: GameObject, source: string, host?: Loaded, allow?: string[]): Loaded | undefined {
    const entry = this.newEntry(rule, host, allow);
    try {
      this.invoke(entry, () => {
        const main = this.moduleMain(rule, source);
        main(this.makeApi(entry));
      });
    } catch (error) {
      if (error instanceof ParamMismatch) {
        this.happenings.push({ event: 'code-out-of-date', payload: { rule: entry.number, param: error.param }, rule: rule.id });
        return undefined;
      }
      throw error;
    }
    return entry;
  }

  /** Calls into rule code, naming the rule if it throws something other than a kernel verdict. */
  private invoke<T>(entry: Loaded | undefined, fn: () => T): T {
    const outer = this.currentRule;
    this.currentRule = entry?.id;
    try {
      return fn();
    } catch (error) {
      if (error instanceof Refusal || error instanceof Fault || error instanceof CannotComplete || error instanceof ParamMismatch) {
        if ((error instanceof Refusal || error instanceof Fault) && error.rule === undefined) error.rule = entry?.id;
        throw error;
      }
      throw new Fault(describeThrown(error), entry?.id);
    } finally {
      this.currentRule = outer;
    }
  }

  private sortByPrecedence(): void {
    const comparators: Array<{ entry: Loaded; cmp: Fn }> = [];
    const byNumber = [...this.loaded].sort((a, b) => compareRuleNumbers(a.number, b.number) || (a.id < b.id ? -1 : 1));
    for (const entry of byNumber) for (const cmp of entry.comparators) comparators.push({ entry, cmp });
    const views = new Map<string, RuleView>();
    const viewOf = (entry: Loaded) => {
      let view = views.get(entry.id);
      if (!view) views.set(entry.id, (view = this.ruleView(this.world.get(entry.key)!)));
      return view;
    };
    this.loaded = byNumber.sort((a, b) => {
      for (const { entry, cmp } of comparators) {
        const r = this.invoke(entry, () => cmp(viewOf(a), viewOf(b)));
        if (typeof r === 'number' && r !== 0 && !Number.isNaN(r)) return r;
      }
      return compareRuleNumbers(a.number, b.number) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    });
  }

  /** Rules in precedence order, including those without code (for comparators over the ruleset). */
  private ruleObject(ref: string): GameObject | undefined {
    return findObject(this.state, 'rule', ref);
  }

  private keyOf(obj: GameObject): string {
    return `${obj.type}/${obj.id}`;
  }

  private numberOf(ruleId: string): string {
    const rule = this.state.objects[`rule/${ruleId}`];
    return rule ? String(rule.attrs.number ?? ruleId) : ruleId;
  }

  /** "rule 203", or "the code on device/3" for code hosted on another object. */
  label(id: string): string {
    return id.includes('/') ? `the code on ${id}` : `rule ${this.numberOf(id)}`;
  }

  private views = new Map<string, { version: number; epoch: number; view: ObjectView }>();

  /**
   * What rule code sees of an object: a deep-frozen copy, made once per version of the object and
   * shared until it changes, so reading a large state many times costs one copy per change.
   */
  private view(obj: GameObject): ObjectView {
    const key = this.keyOf(obj);
    const version = this.world.versionOf(key);
    const cached = this.views.get(key);
    if (cached && cached.version === version && cached.epoch === this.world.epoch) return cached.view;
    const v: ObjectView & { owner?: string; number?: string; title?: string; text?: string } = { type: obj.type, id: obj.id, key, attrs: cloneJson(obj.attrs) };
    if (obj.owner !== undefined) v.owner = obj.owner;
    if (obj.type === 'rule') Object.assign(v, { number: String(obj.attrs.number ?? obj.id), title: String(obj.attrs.title ?? ''), text: String(obj.attrs.text ?? '') });
    deepFreeze(v);
    this.views.set(key, { version, epoch: this.world.epoch, view: v });
    return v;
  }

  private ruleView(obj: GameObject): RuleView {
    return this.view(obj) as RuleView;
  }

  // ---------------------------------------------------------------- actions

  private resolveAgent(person: string, as: string | undefined): string {
    if (as === undefined || as === person) return person;
    for (const entry of this.loaded) {
      for (const resolve of entry.agentResolvers) {
        const agents = this.invoke(entry, () => resolve(person));
        if (Array.isArray(agents) && agents.includes(as)) return as;
      }
    }
    throw new Refusal(`${person} may not act as ${as}`);
  }

  private definerOf(name: string): Loaded | undefined {
    return this.loaded.find((entry) => entry.actions.has(name));
  }

  private checkArgs(name: string, spec: ActionSpec, args: JsonObject): void {
    for (const [arg, type] of Object.entries(spec.args ?? {})) {
      const optional = type.endsWith('?');
      const base = optional ? type.slice(0, -1) : type;
      const value = args[arg];
      if (value === undefined || value === null) {
        if (!optional) throw new Refusal(`${name} needs the argument "${arg}" (${base})`);
        continue;
      }
      // A number where a string is expected (`proposal: 1`, `rule: 203` in a scenario) is read as its text (see context).
      const ok = base === 'json' || (base === 'string[]' ? Array.isArray(value) && value.every((v) => typeof v === 'string') : typeof value === base || (base === 'string' && typeof value === 'number' && Number.isFinite(value)));
      if (!ok || !ARG_TYPES.has(base)) throw new Refusal(`${name}: the argument "${arg}" must be ${base}`);
    }
  }

  private context(action: string, args: JsonObject, caller: Caller): ActionContext {
    const ctx: ActionContext & { byRule?: string; medium?: Medium } = {
      action, person: caller.person, agent: caller.agent, args: cloneJson(args), now: this.state.now, invokedBy: caller.invokedBy,
    };
    for (const [arg, type] of Object.entries(this.definerOf(action)?.actions.get(action)?.args ?? {})) {
      if (type.replace(/\?$/, '') === 'string' && typeof ctx.args[arg] === 'number') (ctx.args as JsonObject)[arg] = String(ctx.args[arg]);
    }
    if (caller.byRule !== undefined) ctx.byRule = this.numberOf(caller.byRule);
    if (caller.medium !== undefined) ctx.medium = cloneJson(caller.medium);
    return ctx;
  }

  /** The legality verdict: checks in precedence order; a `true` permits over lower refusals. */
  private verdict(name: string, args: JsonObject, caller: Caller): { definer: Loaded; spec: ActionSpec; refusal?: Refusal } {
    this.ensureLoaded();
    const definer = this.definerOf(name);
    if (!definer) throw new Refusal(`no rule defines the action "${name}"`);
    const spec = definer.actions.get(name)!;
    this.checkArgs(name, spec, args);
    const ctx = this.context(name, args, caller);
    for (const entry of this.loaded) {
      const checks: Fn[] = [];
      if (entry === definer && spec.legal) checks.push(spec.legal.bind(spec));
      checks.push(...(entry.checks.get(name) ?? []), ...(entry.checks.get('*') ?? []));
      for (const check of checks) {
        const v: Verdict = this.invoke(entry, () => check(ctx));
        if (v === true) return { definer, spec };
        if (typeof v === 'string') return { definer, spec, refusal: new Refusal(v, entry.id) };
      }
    }
    return { definer, spec };
  }

  performAction(name: string, args: JsonObject, caller: Caller): Json {
    const { definer, spec, refusal } = this.verdict(name, args, caller);
    const ctx = this.context(name, args, caller);
    const mark = this.world.mark();
    const queued = this.queue.length;
    try {
      if (refusal) throw refusal;
      // The result is copied while the rule is still named: a getter, a Proxy or toJSON on it is its code.
      const result = this.invoke(definer, () => {
        const value = spec.perform(ctx);
        return value === undefined ? undefined : (cloneJson(value) as Json);
      });
      this.emit('action-performed', { action: name, agent: caller.agent, args: cloneJson(args) }, { person: caller.person, agent: caller.agent, action: name, invokedBy: caller.invokedBy });
      return result === undefined ? null : result;
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      this.world.rollbackTo(mark);
      this.dirty = true;
      this.emit('action-refused', { action: name, agent: caller.agent, reason: error.message }, { person: caller.person, agent: caller.agent, action: name, invokedBy: caller.invokedBy });
      if (spec.refused) {
        // Events the undone attempt raised are dropped with it; those the hook raises are handled.
        const refusedEvent = this.queue[this.queue.length - 1]!;
        this.queue = [...this.queue.slice(0, queued), refusedEvent];
        this.invoke(definer, () => spec.refused!(ctx, error.message));
        error.keep = true;
      }
      throw error;
    }
  }

  // ---------------------------------------------------------------- events

  private emit(event: string, payload: Json | undefined, cause: EventContext['cause']): void {
    this.queue.push({ event, payload: payload === undefined ? null : cloneJson(payload), cause });
  }

  private drainAndSettle(): void {
    for (let round = 0; round < SETTLE_ROUNDS; round++) {
      while (this.queue.length > 0) {
        // Depth first: what an event's handlers emit is handled before the events queued after it,
        // so consequences come before the next step of whatever raised them.
        const [next, ...rest] = this.queue;
        this.queue = [];
        this.ensureLoaded();
        for (const entry of this.loaded) {
          for (const handler of [...(entry.handlers.get(next!.event) ?? []), ...(entry.handlers.get('*') ?? [])]) {
            if (++this.steps > STEP_BUDGET) throw new CannotComplete(`more than ${STEP_BUDGET} rule steps (last event "${next!.event}")`);
            const ctx: EventContext = { event: next!.event, payload: cloneJson(next!.payload), now: this.state.now, cause: next!.cause };
            this.invoke(entry, () => handler(ctx));
          }
        }
        this.queue.push(...rest);
      }
      const before = this.world.effects.length;
      this.ensureLoaded();
      for (const entry of this.loaded) {
        for (const settle of entry.settles) {
          if (++this.steps > STEP_BUDGET) throw new CannotComplete(`more than ${STEP_BUDGET} rule steps while settling`);
          this.invoke(entry, () => settle());
        }
      }
      if (this.world.effects.length === before && this.queue.length === 0) return;
    }
    throw new CannotComplete(`the state never settles after ${SETTLE_ROUNDS} rounds`);
  }

  // ---------------------------------------------------------------- rule changes

  private addHistory(rule: GameObject, entry: JsonObject): void {
    const history = Array.isArray(rule.attrs.history) ? (rule.attrs.history as Json[]) : [];
    this.world.set(this.keyOf(rule), 'history', [...history, { at: this.state.now, ...entry }]);
  }

  private requireRule(ref: string): GameObject {
    const rule = this.ruleObject(ref);
    if (!rule) throw new Refusal(`there is no rule ${ref}`);
    return rule;
  }

  private checkCompiles(number: string, code: string | undefined | null): void {
    if (typeof code !== 'string' || code.trim() === '') return;
    const compiled = this.bridge.compile(code);
    if (compiled.error !== undefined) throw new Refusal(`the code for rule ${number} does not compile: ${compiled.error}`);
  }

  private ruleChanged(kind: string, rule: GameObject | string, cause: ChangeCause, extra: JsonObject = {}): void {
    const number = typeof rule === 'string' ? rule : String(rule.attrs.number);
    this.dirty = true;
    const payload = { kind, rule: number, cause: cause.cause, ...extra };
    this.happenings.push({ event: 'rule-changed', payload, rule: this.currentRule });
    this.emit('rule-changed', payload, { invokedBy: 'rule', rule: this.currentRule });
  }

  enactRule(spec: { number?: string; title?: string; text: string; mutable?: boolean; power?: number; code?: string; attrs?: JsonObject; history?: Json[] }, cause: ChangeCause, opts: { importing?: boolean } = {}): GameObject {
    if (typeof spec.text !== 'string') throw new Refusal('a new rule needs its text');
    let number = spec.number === undefined || spec.number === null ? undefined : String(spec.number);
    if (number === undefined) {
      // Only plain integers count ("4E75" is a number in B Nomic's notation, not 4×10⁷⁵).
      const numbers = Object.values(this.state.objects).filter((o) => o.type === 'rule' && /^\d+$/.test(String(o.attrs.number))).map((o) => Number(o.attrs.number));
      number = String(numbers.length ? Math.max(...numbers) + 1 : 1);
    }
    if (number !== '' && this.ruleObject(number) && String(this.ruleObject(number)!.attrs.number) === number) throw new Refusal(`there is already a rule ${number}`);
    if (!opts.importing) this.checkRuleChange('enact', number || undefined, cause, { attribute: 'mutable', value: spec.mutable ?? true });
    this.checkCompiles(number, spec.code);
    // A rule's identity is not its number: an unnumbered rule gets an identity of its own.
    let id = number === '' ? `unnumbered-${this.nextCounter('unnumbered-rule', 1)}` : number;
    for (let n = 2; this.state.objects[`rule/${id}`]; n++) id = `${number}~${n}`;
    const attrs: JsonObject = { ...(spec.attrs ?? {}), number, title: spec.title ?? '', text: spec.text, mutable: spec.mutable ?? true };
    if (spec.power !== undefined) attrs.power = spec.power;
    if (spec.code) attrs.code = spec.code;
    const when = cause.at ?? this.state.now;
    const prior = opts.importing && Array.isArray(spec.history) ? spec.history : [];
    attrs.history = [...prior, { at: when, kind: opts.importing ? 'imported' : 'enacted', cause: cause.cause }];
    if (!opts.importing) attrs.enactedAt = when;
    this.world.create({ type: 'rule', id, attrs });
    const rule = this.world.get(`rule/${id}`)!;
    if (!opts.importing) this.ruleChanged('enact', rule, cause, { id });
    else this.dirty = true;
    return rule;
  }

  private amendRule(ref: string, spec: { text?: string; code?: string | null; replace?: { from: string; to: string }[]; append?: string; insert?: { text: string; after?: string; before?: string } }, cause: ChangeCause): GameObject {
    const rule = this.requireRule(ref);
    const key = this.keyOf(rule);
    const number = String(rule.attrs.number);
    this.checkRuleChange('amend', number, cause);
    const before = String(rule.attrs.text ?? '');
    let text = spec.text ?? before;
    for (const r of spec.replace ?? []) {
      const next = replaceExactlyOnce(text, r.from, r.to);
      if ('error' in next) throw new Refusal(`rule ${number}: ${next.error}`);
      text = next.text;
    }
    if (spec.append !== undefined) text = (insertParagraph(text, spec.append) as { text: string }).text;
    if (spec.insert !== undefined) {
      const next = insertParagraph(text, spec.insert.text, spec.insert);
      if ('error' in next) throw new Refusal(`rule ${number}: ${next.error}`);
      text = next.text;
    }
    if (spec.code !== undefined) this.checkCompiles(number, spec.code);
    this.world.set(key, 'text', text);
    if (spec.code !== undefined) {
      this.world.set(key, 'code', spec.code === null || spec.code === '' ? undefined : spec.code);
      this.world.set(key, 'codeOutOfDate', undefined);
    }
    this.addHistory(this.world.get(key)!, { kind: 'amended', cause: cause.cause, before, ...(spec.code !== undefined ? { codeChanged: true } : {}) });
    this.checkParams(this.world.get(key)!);
    this.ruleChanged('amend', this.world.get(key)!, cause);
    return this.world.get(key)!;
  }

  /** After a text amendment: does the rule's code still find its parameters in the new text? */
  private checkParams(rule: GameObject): void {
    const code = rule.attrs.code;
    if (typeof code !== 'string' || !codeRuns(rule)) return;
    const mark = this.world.mark();
    const saved = { queue: this.queue.length, happenings: this.happenings.length, outputs: this.outputs.length };
    let stale: string | undefined;
    try {
      this.instantiate(rule, code);
    } catch (error) {
      if (!(error instanceof Fault)) throw error;
    }
    const last = this.happenings[this.happenings.length - 1];
    if (this.happenings.length > saved.happenings && last?.event === 'code-out-of-date') stale = String((last.payload as JsonObject).param);
    this.world.rollbackTo(mark);
    this.queue.length = saved.queue;
    this.happenings.length = saved.happenings;
    this.outputs.length = saved.outputs;
    if (stale !== undefined) {
      this.world.set(this.keyOf(rule), 'codeOutOfDate', true);
      this.happenings.push({ event: 'code-out-of-date', payload: { rule: String(rule.attrs.number), param: stale }, rule: rule.id });
    }
  }

  private repealRule(ref: string, cause: ChangeCause): void {
    const rule = this.requireRule(ref);
    const number = String(rule.attrs.number);
    this.checkRuleChange('repeal', number, cause);
    // Whatever the rule owns goes with it: objects, attributes, timers.
    for (const obj of Object.values(this.state.objects)) {
      const key = this.keyOf(obj);
      if (obj.owner === rule.id && key !== this.keyOf(rule)) {
        this.world.destroy(key);
        continue;
      }
      for (const [attr, owner] of Object.entries(obj.attrOwners ?? {})) {
        if (owner === rule.id) this.world.set(key, attr, undefined, { attrOwner: null });
      }
    }
    const archived = this.world.get(this.keyOf(rule))!;
    const history = [...((archived.attrs.history as Json[]) ?? []), { at: this.state.now, kind: 'repealed', cause: cause.cause }];
    const n = this.nextCounter('repealed-rule', 1);
    this.world.create({ type: 'repealed-rule', id: `${number}.${n}`, attrs: { ...cloneJson(archived.attrs), history, repealedAt: this.state.now } });
    this.world.destroy(this.keyOf(rule));
    this.ruleChanged('repeal', number, cause);
  }

  private setRuleAttr(ref: string, attr: string, value: Json, cause: ChangeCause, kind = 'attribute-set'): GameObject {
    const rule = this.requireRule(ref);
    const key = this.keyOf(rule);
    const before = rule.attrs[attr] ?? null;
    this.checkRuleChange(kind === 'attribute-set' ? 'set' : kind === 'transmuted' ? 'transmute' : kind === 'retitled' ? 'retitle' : kind === 'renumbered' ? 'renumber' : kind, String(rule.attrs.number), cause, { attribute: attr, value });
    if (attr === 'code') this.checkCompiles(String(rule.attrs.number), value as string);
    this.world.set(key, attr, value === null && attr !== 'title' ? undefined : value);
    this.addHistory(this.world.get(key)!, { kind, cause: cause.cause, attribute: attr, before, after: value });
    this.ruleChanged(kind, this.world.get(key)!, cause, { attribute: attr, before });
    return this.world.get(key)!;
  }

  private renumberRule(ref: string, number: string, cause: ChangeCause): GameObject {
    const existing = this.ruleObject(number);
    if (existing && String(existing.attrs.number) === number) throw new Refusal(`there is already a rule ${number}`);
    return this.setRuleAttr(ref, 'number', number, cause, 'renumbered');
  }

  private setPath(path: string, value: Json, cause: ChangeCause): void {
    const parsed = parsePath(path);
    const obj = findObject(this.state, parsed.type, parsed.ref);
    if (parsed.attr === undefined) {
      if (value === 'absent') {
        if (!obj) return;
        if (obj.type === 'rule') this.repealRule(String(obj.attrs.number), cause);
        else this.destroyObject(this.keyOf(obj));
        return;
      }
      if (value === 'present' && obj) return;
      if (!obj) {
        this.createObject({ type: parsed.type, id: parsed.ref, attrs: (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as JsonObject });
        return;
      }
      throw new Refusal(`${path} names an object; set one of its attributes`);
    }
    if (!obj) throw new Refusal(`there is no ${parsed.type === 'game' ? 'game' : `${parsed.type}/${parsed.ref}`}`);
    if (obj.type === 'rule') this.setRuleAttr(String(obj.attrs.number), parsed.attr, value, cause);
    else this.setAttr(this.keyOf(obj), parsed.attr, value);
  }

  /**
   * Rule-changes pass the checks rules register for "rule-change" (Suber's 112: who may change
   * the rules), in precedence order, before they happen.
   */
  private checkRuleChange(kind: string, rule: string | undefined, cause: ChangeCause, change: { attribute?: string; value?: Json } = {}): void {
    // The game's setup (its starting values) is the host's authority, before any rule governs.
    if (cause.cause === 'setup') return;
    this.ensureLoaded();
    const by = this.currentRule === undefined ? null : this.numberOf(this.currentRule);
    const args: JsonObject = { kind, rule: rule ?? null, cause: cause.cause, byRule: by, ...(change.attribute !== undefined ? { attribute: change.attribute, value: change.value ?? null } : {}) };
    const ctx = this.context('rule-change', args, { person: '', agent: by ?? '', invokedBy: 'rule', byRule: this.currentRule });
    for (const checker of this.loaded) {
      for (const check of checker.checks.get('rule-change') ?? []) {
        const v: Verdict = this.invoke(checker, () => check(ctx));
        if (v === true) return;
        if (typeof v === 'string') throw new Refusal(v, checker.id);
      }
    }
  }

  applyChange(change: Change, cause: ChangeCause, caller: Caller, entry: Loaded | undefined): Json {
    const c = change as Record<string, any>;
    if (c.enact) return String(this.enactRule(c.enact, cause).attrs.number);
    if (c.amend) return String(this.amendRule(String(c.amend.rule), c.amend, cause).attrs.number);
    if (c.repeal) return this.repealRule(String(c.repeal.rule), cause), null;
    if (c.transmute) {
      const rule = this.requireRule(String(c.transmute.rule));
      const to = c.transmute.mutable ?? !(rule.attrs.mutable === true);
      return this.setRuleAttr(String(c.transmute.rule), 'mutable', to, cause, 'transmuted'), null;
    }
    if (c.retitle) return this.setRuleAttr(String(c.retitle.rule), 'title', String(c.retitle.title), cause, 'retitled'), null;
    if (c.renumber) return this.renumberRule(String(c.renumber.rule), String(c.renumber.number), cause), null;
    if (c.set) {
      if (c.set.rule !== undefined) return this.setRuleAttr(String(c.set.rule), String(c.set.attribute), c.set.value, cause), null;
      return this.setPath(String(c.set.path), c.set.value, cause), null;
    }
    if (c.create) {
      const id = c.create.id ?? String(this.nextCounter(`id:${c.create.type}`, 1));
      this.createObject({ type: String(c.create.type), id: String(id), attrs: cloneJson(c.create.attrs ?? {}) });
      return `${c.create.type}/${id}`;
    }
    if (c.destroy) {
      const parsed = parsePath(String(c.destroy.path));
      const obj = findObject(this.state, parsed.type, parsed.ref);
      if (!obj) throw new Refusal(`there is no ${c.destroy.path}`);
      if (obj.type === 'rule') this.repealRule(String(obj.attrs.number), cause);
      else this.destroyObject(this.keyOf(obj));
      return null;
    }
    if (c.perform) {
      const agent = String(c.perform.as);
      return this.performAction(String(c.perform.action), c.perform.args ?? {}, { person: caller.person, agent, invokedBy: 'rule', byRule: entry?.id });
    }
    if (c.assert) {
      const parsed = parsePath(String(c.assert.path));
      const obj = findObject(this.state, parsed.type, parsed.ref);
      const actual = parsed.attr === undefined ? (obj ? 'present' : 'absent') : (obj?.attrs[parsed.attr] ?? null);
      if (JSON.stringify(actual) !== JSON.stringify(c.assert.equals)) throw new Refusal(`assertion failed: ${c.assert.path} is ${JSON.stringify(actual)}, not ${JSON.stringify(c.assert.equals)}`);
      return null;
    }
    if (c.run) {
      // One-shot code runs with the authority of the rule applying the change set.
      const host = entry ?? this.emptyEntry();
      const pseudo: GameObject = { type: 'rule', id: host.id, attrs: { number: host.number } };
      const main = this.moduleMain(pseudo, String(c.run.code));
      return (this.invoke(host, () => main(this.makeApi(host))) ?? null) as Json;
    }
    if (c.manual) {
      const n = this.nextCounter('manual', 1);
      this.world.create({ type: 'manual', id: String(n), attrs: { text: String(c.manual.text), reason: c.manual.reason ?? null, cause: cause.cause, status: 'pending', at: this.state.now } });
      this.happenings.push({ event: 'manual-change', payload: { id: String(n), text: String(c.manual.text), cause: cause.cause } });
      return `manual/${n}`;
    }
    throw new Refusal(`unknown change ${JSON.stringify(Object.keys(c))}`);
  }

  private emptyEntry(): Loaded {
    return { id: 'kernel', key: 'rule/kernel', number: 'kernel', actions: new Map(), checks: new Map(), handlers: new Map(), settles: [], exports: new Map(), comparators: [], agentResolvers: [], before: new Map() };
  }

  /** Savepoint: a refusal inside the block undoes only the block. */
  private attempt<T>(block: () => T): ApiOutcome<T> {
    const mark = this.world.mark();
    const queued = this.queue.length;
    try {
      return { ok: true, value: block() };
    } catch (error) {
      if (error instanceof CannotComplete) throw error;
      this.world.rollbackTo(mark);
      this.queue.length = queued;
      this.dirty = true;
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  private nextCounter(name: string, start: number): number {
    const value = (this.state.counters[name] ?? start - 1) + 1;
    this.world.counter(name, value);
    return value;
  }

  // ---------------------------------------------------------------- writes rule code makes, with before/after hooks

  /**
   * Before-handlers (api.before) see every write rule code makes and may veto it (a string) or,
   * for `set`, adjust the value ({ value }). After-events are raised only when some rule listens.
   */
  private beforeWrite(kind: 'set' | 'create' | 'destroy', key: string, attr: string | undefined, value: Json | undefined): Json | undefined {
    let current = value;
    for (const entry of this.loaded) {
      for (const hook of entry.before.get(kind) ?? []) {
        if (++this.steps > STEP_BUDGET) throw new CannotComplete(`more than ${STEP_BUDGET} rule steps in before-${kind} hooks`);
        const verdict = this.invoke(entry, () => hook({ kind, key, attr: attr ?? null, value: current === undefined ? null : cloneJson(current), by: this.currentRule ?? null }));
        if (typeof verdict === 'string') throw new Refusal(verdict, entry.id);
        if (kind === 'set' && verdict && typeof verdict === 'object' && 'value' in verdict) current = cloneJson((verdict as { value: Json }).value);
      }
    }
    return current;
  }

  private afterWrite(event: 'object-set' | 'object-created' | 'object-destroyed', payload: JsonObject): void {
    if (this.loaded.some((e) => e.handlers.has(event))) this.emit(event, payload, { invokedBy: 'rule', rule: this.currentRule });
  }

  private hooked(kind: string): boolean {
    return this.loaded.some((e) => e.before.has(kind));
  }

  /** Creates an object through the write hooks (rule code and change sets alike). */
  private createObject(obj: GameObject): void {
    const key = this.keyOf(obj);
    if (this.hooked('create')) this.beforeWrite('create', key, undefined, obj.attrs);
    this.world.create(obj);
    // Rules, and objects carrying code, change what is loaded.
    if (obj.type === 'rule' || typeof obj.attrs.code === 'string') this.dirty = true;
    this.afterWrite('object-created', { key });
  }

  /** Sets an attribute through the write hooks (rule code and change sets alike). */
  private setAttr(key: string, attr: string, value: Json | undefined): void {
    const before = this.world.get(key)!.attrs[attr];
    const final = this.hooked('set') ? this.beforeWrite('set', key, attr, value === undefined ? null : value) : value;
    this.world.set(key, attr, final === null && value === undefined ? undefined : final);
    if (key.startsWith('rule/') || attr === 'code') this.dirty = true;
    if (JSON.stringify(before) !== JSON.stringify(final)) this.afterWrite('object-set', { key, attr, before: before ?? null, after: final ?? null });
  }

  /** Destroys an object and everything its code owns (code on an object goes with its object). */
  private destroyObject(key: string): void {
    if (this.hooked('destroy')) this.beforeWrite('destroy', key, undefined, undefined);
    for (const obj of Object.values(this.state.objects)) if (obj.owner === key) this.destroyObject(this.keyOf(obj));
    this.world.destroy(key);
    if (key.startsWith('rule/')) this.dirty = true;
    this.afterWrite('object-destroyed', { key });
  }

  // ---------------------------------------------------------------- time bases

  private baseValue(name: string): number {
    const base = this.world.get(`timebase/${name}`);
    if (!base) throw new Refusal(`there is no time base "${name}"`);
    const a = base.attrs as { kind: string; value: number; rate: number; anchor: number };
    return a.kind === 'clock' ? a.value + (this.state.now - a.anchor) * a.rate : a.value;
  }

  private rescheduleBase(name: string): void {
    const base = this.world.get(`timebase/${name}`)!;
    const value = this.baseValue(name);
    for (const timer of Object.values(this.state.objects)) {
      if (timer.type !== 'timer' || timer.attrs.base !== name) continue;
      const target = Number(timer.attrs.baseValue);
      const rate = Number(base.attrs.rate);
      const at = base.attrs.kind === 'clock' && rate > 0 ? Math.ceil(this.state.now + (target - value) / rate) : null;
      this.world.set(this.keyOf(timer), 'at', at);
    }
  }

  private fireCounterTimers(name: string): void {
    const value = this.baseValue(name);
    const due = Object.values(this.state.objects)
      .filter((t) => t.type === 'timer' && t.attrs.base === name && Number(t.attrs.baseValue) <= value)
      .sort((a, b) => Number(a.attrs.baseValue) - Number(b.attrs.baseValue));
    for (const timer of due) {
      this.world.destroy(this.keyOf(timer));
      this.emit(String(timer.attrs.event), (timer.attrs.payload ?? null) as Json, { invokedBy: 'timer', rule: timer.owner });
    }
  }

  // ---------------------------------------------------------------- the API one rule sees

  private makeApi(entry: Loaded): RuleApi {
    const rt = this;
    const world = this.world;
    const caller = (): Caller => ({ person: '', agent: entry.number, invokedBy: 'rule', byRule: entry.id });
    const cause = (c: ChangeCause | string | undefined): ChangeCause => (typeof c === 'string' ? { cause: c } : c ?? { cause: `rule ${entry.number}` });
    const objectKey = (a: string, b?: string) => (b === undefined ? a : `${a}/${b}`);
    const api: RuleApi = {
      get self() {
        const obj = world.get(entry.key);
        return obj ? rt.ruleView(obj) : ({ type: 'rule', id: entry.id, key: entry.key, attrs: {}, number: entry.number, title: '', text: '' } as RuleView);
      },
      now: () => rt.state.now,
      get: ((a: string, b?: string) => {
        const obj = world.get(objectKey(a, b));
        return obj ? (obj.type === 'rule' ? rt.ruleView(obj) : rt.view(obj)) : undefined;
      }) as RuleApi['get'],
      all(type, where) {
        const views = Object.values(rt.state.objects).filter((o) => type === '*' || o.type === type).map((o) => (o.type === 'rule' ? rt.ruleView(o) : rt.view(o)));
        return where ? views.filter((v) => where(v)) : views;
      },
      create(type, attrs = {}, opts = {}) {
        const id = opts.id ?? String(rt.nextCounter(`id:${type}`, 1));
        const obj: GameObject = { type, id: String(id), attrs: cloneJson(attrs) };
        const owner = opts.owner === undefined ? entry.id : opts.owner;
        if (owner !== null) obj.owner = owner;
        rt.createObject(obj);
        return rt.view(world.get(`${type}/${id}`)!);
      },
      set(key, attr, value) {
        if (!world.get(key)) throw new Refusal(`there is no ${key}`);
        rt.setAttr(key, attr, value);
      },
      update(key, attrs) {
        for (const [attr, value] of Object.entries(attrs)) api.set(key, attr, value);
      },
      secret(key, attr, value, visibleTo) {
        if (!world.get(key)) throw new Refusal(`there is no ${key}`);
        world.set(key, attr, value, { secret: [...visibleTo] });
      },
      reveal(key, attr) {
        const obj = world.get(key);
        if (!obj) throw new Refusal(`there is no ${key}`);
        if (obj.secret?.[attr]) world.set(key, attr, obj.attrs[attr], { secret: null });
      },
      destroy(key) {
        if (!world.get(key)) throw new Refusal(`there is no ${key}`);
        rt.destroyObject(key);
      },
      host(key, opts = {}) {
        rt.host(entry, key, opts.allow);
      },
      runCode(key, ...args) {
        return cloneJson((rt.runObjectCode(entry, key, undefined, args) ?? null) as Json);
      },
      before(kind, hook) {
        entry.before.set(kind, [...(entry.before.get(kind) ?? []), hook]);
      },
      own(key, owner, attr) {
        if (!world.get(key)) throw new Refusal(`there is no ${key}`);
        if (attr === undefined) world.own(key, owner);
        else world.set(key, attr, world.get(key)!.attrs[attr], { attrOwner: owner });
      },
      nextNumber: (counter, start = 1) => rt.nextCounter(counter, start),
      peekNumber: (counter, start = 1) => rt.state.counters[counter] ?? start - 1,
      rules: () => {
        rt.ensureLoaded();
        const all = Object.values(rt.state.objects).filter((o) => o.type === 'rule');
        return all.map((o) => rt.ruleView(o)).sort((a, b) => compareRuleNumbers(a.number, b.number));
      },
      rule: (ref) => {
        const obj = rt.ruleObject(ref);
        return obj ? rt.ruleView(obj) : undefined;
      },
      change: {
        enact: (spec, c) => rt.ruleView(rt.enactRule(spec, cause(c))),
        amend: (rule, spec, c) => rt.ruleView(rt.amendRule(rule, spec, cause(c))),
        repeal: (rule, c) => rt.repealRule(rule, cause(c)),
        transmute: (rule, mutable, c) => {
          rt.applyChange({ transmute: { rule, ...(mutable === undefined ? {} : { mutable }) } }, cause(c), caller(), entry);
          return rt.ruleView(rt.requireRule(rule));
        },
        retitle: (rule, title, c) => rt.ruleView(rt.setRuleAttr(rule, 'title', title, cause(c), 'retitled')),
        renumber: (rule, number, c) => rt.ruleView(rt.renumberRule(rule, number, cause(c))),
        setAttr: (rule, attr, value, c) => rt.ruleView(rt.setRuleAttr(rule, attr, value, cause(c))),
        annotate: (rule, note, c) => rt.addHistory(rt.requireRule(rule), { kind: 'annotated', note, cause: cause(c).cause }),
      },
      applyChanges(changes: ChangeSet, c) {
        return rt.attempt(() => changes.map((change) => rt.applyChange(change, cause(c), caller(), entry)));
      },
      previewChanges(changes: ChangeSet, c) {
        const mark = world.mark();
        const saved = { queue: rt.queue.length, happenings: rt.happenings.length, outputs: rt.outputs.length };
        const result = rt.attempt(() => changes.map((change) => rt.applyChange(change, cause(c), caller(), entry)));
        const warnings = rt.happenings.slice(saved.happenings).filter((h) => h.event === 'code-out-of-date' || h.event === 'manual-change')
          .map((h) => (h.event === 'code-out-of-date' ? `rule ${(h.payload as JsonObject).rule}'s code would be out of date: enforced by people` : `needs people: ${(h.payload as JsonObject).text}`));
        const effects = world.effects.length - mark.effects;
        world.rollbackTo(mark);
        rt.queue.length = saved.queue;
        rt.happenings.length = saved.happenings;
        rt.outputs.length = saved.outputs;
        rt.dirty = true;
        return { ok: result.ok, ...(result.error ? { error: result.error } : {}), warnings, effects };
      },
      precedence(compare) {
        entry.comparators.push(compare);
      },
      action(name, spec) {
        if (typeof spec?.perform !== 'function') throw new Fault(`action "${name}" needs a perform function`, entry.id);
        entry.actions.set(name, spec);
      },
      check(name, legal) {
        entry.checks.set(name, [...(entry.checks.get(name) ?? []), legal]);
      },
      perform(name, args, as) {
        const caller: Caller = { person: as.person ?? '', agent: as.agent, invokedBy: 'rule', byRule: entry.id };
        if (as.medium) caller.medium = cloneJson(as.medium);
        return rt.attempt(() => rt.performAction(name, args, caller)) as ApiOutcome;
      },
      legal(name, args, as) {
        try {
          const v = rt.verdict(name, args, { person: as.person ?? '', agent: as.agent, invokedBy: 'rule', byRule: entry.id });
          return v.refusal ? v.refusal.message : true;
        } catch (error) {
          if (error instanceof Refusal) return error.message;
          throw error;
        }
      },
      refuse(reason): never {
        throw new Refusal(reason, entry.id);
      },
      attempt: (block) => rt.attempt(block),
      agents(resolve) {
        entry.agentResolvers.push(resolve);
      },
      on(event, handler) {
        entry.handlers.set(event, [...(entry.handlers.get(event) ?? []), handler]);
      },
      emit(event, payload) {
        rt.emit(event, payload, { invokedBy: 'rule', rule: entry.number });
      },
      settle(check) {
        entry.settles.push(check);
      },
      computed(type, attr, derive) {
        // A derived attribute is a settle check that writes it: it lives in state (readers need no
        // code), is recomputed after every input and timer, and is no change when the value is equal.
        entry.settles.push(() => {
          for (const o of api.all(type)) api.set(o.key, attr, derive(o, rt.state.now));
        });
      },
      timer(at: TimerAt, event, payload = null, opts = {}) {
        const id = opts.id ?? String(rt.nextCounter('timer', 1));
        const attrs: JsonObject = { event, payload: cloneJson(payload), rule: entry.number, order: opts.order ?? 0, created: rt.nextCounter('timer-created', 1) };
        if (typeof at === 'number') attrs.at = at;
        else if ('in' in at) attrs.at = rt.state.now + at.in;
        else {
          attrs.base = at.base;
          attrs.baseValue = at.value;
          attrs.at = null;
        }
        if (world.get(`timer/${id}`)) world.destroy(`timer/${id}`);
        world.create({ type: 'timer', id, attrs, owner: entry.id });
        if (typeof at === 'object' && 'base' in at) {
          rt.rescheduleBase(at.base);
          rt.fireCounterTimers(at.base);
        }
        return rt.view(world.get(`timer/${id}`) ?? { type: 'timer', id, attrs }) as TimerView;
      },
      cancelTimer(id) {
        if (world.get(`timer/${id}`)) world.destroy(`timer/${id}`);
      },
      moveTimer(id, at) {
        if (!world.get(`timer/${id}`)) throw new Refusal(`there is no timer ${id}`);
        world.set(`timer/${id}`, 'at', at);
        world.set(`timer/${id}`, 'suspended', undefined);
      },
      suspendTimer(id) {
        const timer = world.get(`timer/${id}`);
        if (!timer) throw new Refusal(`there is no timer ${id}`);
        if (typeof timer.attrs.at !== 'number') return;
        world.set(`timer/${id}`, 'suspended', { remaining: timer.attrs.at - rt.state.now });
        world.set(`timer/${id}`, 'at', null);
      },
      resumeTimer(id) {
        const timer = world.get(`timer/${id}`);
        const suspended = timer?.attrs.suspended as { remaining: number } | undefined;
        if (!timer || !suspended) return;
        world.set(`timer/${id}`, 'at', rt.state.now + suspended.remaining);
        world.set(`timer/${id}`, 'suspended', undefined);
      },
      stateAt(instant) {
        return rt.bridge.lib('stateAt', [instant]) as never;
      },
      rebase(spec) {
        if (typeof spec.at !== 'number' || spec.at > rt.state.now) throw new Refusal('a rebase patches a past moment');
        rt.happenings.push({ event: 'rebase-requested', payload: { at: spec.at, changes: cloneJson(spec.changes) as Json, cause: spec.cause }, rule: entry.id });
      },
      timers(event) {
        return Object.values(rt.state.objects)
          .filter((o) => o.type === 'timer' && (event === undefined || o.attrs.event === event))
          .map((o) => ({ ...rt.view(o), at: (o.attrs.at ?? null) as number | null, event: String(o.attrs.event), payload: (o.attrs.payload ?? null) as Json }));
      },
      timeBase(name, spec) {
        if (world.get(`timebase/${name}`)) return;
        world.create({ type: 'timebase', id: name, owner: entry.id, attrs: { kind: spec.kind, value: 0, rate: spec.kind === 'clock' ? spec.rate ?? 1 : 0, anchor: rt.state.now } });
      },
      advanceBase(name, by = 1) {
        const value = rt.baseValue(name);
        world.set(`timebase/${name}`, 'value', value + by);
        world.set(`timebase/${name}`, 'anchor', rt.state.now);
        rt.rescheduleBase(name);
        rt.fireCounterTimers(name);
      },
      setBaseRate(name, rate) {
        const value = rt.baseValue(name);
        world.set(`timebase/${name}`, 'value', value);
        world.set(`timebase/${name}`, 'anchor', rt.state.now);
        world.set(`timebase/${name}`, 'rate', rate);
        rt.rescheduleBase(name);
      },
      baseValue: (name) => rt.baseValue(name),
      param(name, spec) {
        const source = spec.rule === undefined ? world.get(entry.key) : rt.ruleObject(spec.rule);
        const text = String(source?.attrs.text ?? '');
        const match = text.match(spec.pattern);
        if (!match) throw new ParamMismatch(name, entry.number);
        return spec.parse ? spec.parse(match) : ((match[1] ?? match[0]) as never);
      },
      export(name, value) {
        entry.exports.set(name, value);
      },
      call(rule, name, ...args) {
        rt.ensureLoaded();
        const target = rt.loaded.find((l) => l.number === rule || l.id === rule);
        const fn = target?.exports.get(name);
        if (typeof fn !== 'function') throw new Refusal(`rule ${rule} exports no function "${name}"`);
        return rt.invoke(target, () => (fn as Fn)(...args));
      },
      imported(rule, name) {
        rt.ensureLoaded();
        return rt.loaded.find((l) => l.number === rule || l.id === rule)?.exports.get(name) as never;
      },
      message(to, text, opts = {}) {
        const out: Output = { to: to === 'all' ? 'all' : [...to], text: String(text) };
        if (opts.channel !== undefined) out.channel = opts.channel;
        if (opts.data !== undefined) out.data = cloneJson(opts.data);
        rt.outputs.push(out);
      },
      win(winners, reason) {
        const list = Array.isArray(winners) ? [...winners] : [winners];
        world.set(GAME_KEY, 'winner', list.length === 1 ? list[0]! : list);
        rt.happenings.push({ event: 'win', payload: { winners: list, reason }, rule: entry.id });
        rt.emit('win', { winners: list, reason }, { invokedBy: 'rule', rule: entry.number });
      },
      random: () => world.random(),
      pick(items) {
        if (items.length === 0) throw new Refusal('cannot pick from nothing');
        return items[Math.floor(world.random() * items.length)]!;
      },
      lib: {
        parseProposal: (text: string) => rt.bridge.lib('parseProposal', [text]) as never,
      },
      log(text, data) {
        rt.happenings.push({ event: 'note', payload: { text, ...(data === undefined ? {} : { data: cloneJson(data) }) }, rule: entry.id });
      },
    };
    return entry.allow ? restrict(api, entry.allow, entry.key) : api;
  }
}
