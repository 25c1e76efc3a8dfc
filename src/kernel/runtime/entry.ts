// The sandbox's entry point, bundled by esbuild into one strict-mode script that runs in the isolate.
// It takes the host's bridge functions, makes the isolate deterministic (the game's clock, random
// stream, UTC and one locale replace the machine's), removes what escapes the memory limit or
// measures the machine, freezes every intrinsic so rule code cannot leave anything behind between
// inputs, shuts the game to code that runs after its input ended, and hands the host one entry object.
import type { Effect, GameState, Input, Outcome, RunOptions } from '../types.js';
import { Runtime, type HostBridge } from './runtime.js';
import { World } from './world.js';

declare const __hostCompile: (source: string) => string;
declare const __hostLib: (name: string, argsJson: string) => string;

/** What the host tells the runtime when it loads a game. */
export interface LoadOptions {
  /** The largest outcome of one input, in bytes of JSON (default 4 MiB). */
  maxOutcomeBytes?: number;
}

/** How deep a value rule code stores may nest (the host folds and hashes values recursively). */
export const MAX_DEPTH = 64;

const g = globalThis as any;
const hostCompile = __hostCompile;
const hostLib = __hostLib;
const hostTrace = typeof g.__hostTrace === 'function' ? (g.__hostTrace as (rule: string) => void) : undefined;
delete g.__hostCompile;
delete g.__hostLib;
delete g.__hostTrace;

const bridge: HostBridge = {
  compile: (source) => JSON.parse(hostCompile(source)),
  lib: (name, args) => JSON.parse(hostLib(name, JSON.stringify(args))),
};

let runtime: Runtime | undefined;
let maxOutcomeBytes = 4 * 1024 * 1024;
/** True while the host is running an input (or a catalog): only then may the game change. */
let open = false;
/** While the host traces a run (to name the rule behind a crash), every change of rule is reported. */
let tracing = false;

const current = (): Runtime => {
  if (!runtime) throw new Error('no game loaded');
  return runtime;
};
const gameNow = (): number => current().state.now;

// ---------------------------------------------------------------- determinism: the game's clock, UTC

const RealDate = Date;
const dateProto = RealDate.prototype as any;
const realTimezoneOffset = dateProto.getTimezoneOffset as (this: Date) => number;
const realParse = RealDate.parse;
const realUtc = RealDate.UTC;

/** A date string with an explicit zone (Z, +01:00, GMT, EST, ...) or an ISO date alone (UTC by spec). */
const EXPLICIT_ZONE = /(?:\dZ|[+-]\d\d:?\d\d|\b(?:UTC|GMT|UT|[ECMP][SD]T)\b(?:[+-]\d{1,4}(?::?\d\d)?)?)\s*(?:\([^)]*\))?\s*$/i;
const ISO_DATE_ONLY = /^\s*[+-]?\d{4,6}(?:-\d\d(?:-\d\d)?)?\s*$/;

/** Date.parse as if the machine ran on UTC: strings without a zone are UTC wall time. */
function parseUtc(text: string): number {
  const s = String(text);
  const t = realParse(s);
  if (Number.isNaN(t) || EXPLICIT_ZONE.test(s) || ISO_DATE_ONLY.test(s)) return t;
  // Parsed as the machine's local time: shift it back by the machine's offset at that instant.
  return t - realTimezoneOffset.call(new RealDate(t)) * 60_000;
}

function toPrimitive(v: Record<PropertyKey, unknown>): unknown {
  const exotic = v[Symbol.toPrimitive];
  if (typeof exotic === 'function') return exotic.call(v, 'default');
  for (const method of ['valueOf', 'toString']) {
    const f = v[method];
    if (typeof f !== 'function') continue;
    const r = f.call(v);
    if (r === null || (typeof r !== 'object' && typeof r !== 'function')) return r;
  }
  throw new TypeError('Cannot convert object to primitive value');
}

function GameDate(this: unknown, ...args: unknown[]): unknown {
  if (!new.target) return dateToString.call(new RealDate(gameNow()));
  let time: number;
  if (args.length === 0) time = gameNow();
  else if (args.length === 1) {
    let v = args[0];
    if (v instanceof RealDate) time = v.getTime();
    else {
      if (v !== null && (typeof v === 'object' || typeof v === 'function')) v = toPrimitive(v as Record<PropertyKey, unknown>);
      time = typeof v === 'string' ? parseUtc(v) : new RealDate(v as number).getTime();
    }
  } else time = (realUtc as (...a: unknown[]) => number)(...args);
  return Reflect.construct(RealDate, [time], new.target);
}
GameDate.prototype = RealDate.prototype;
Object.defineProperty(GameDate, 'length', { value: 7 });
Object.defineProperty(GameDate, 'name', { value: 'Date' });
(GameDate as any).now = function now() {
  return gameNow();
};
(GameDate as any).parse = function parse(text: string) {
  return parseUtc(text);
};
(GameDate as any).UTC = realUtc;
// `new Date().constructor` must not lead back to the machine's clock.
Object.defineProperty(dateProto, 'constructor', { value: GameDate, writable: true, configurable: true });
g.Date = GameDate;

// Local time is UTC, whatever the machine's time zone.
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const yearText = (y: number) => (y < 0 ? `-${pad(-y, 6)}` : pad(y, 4));
const dateText = (d: Date) => `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate())} ${yearText(d.getUTCFullYear())}`;
const timeText = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} GMT+0000 (Coordinated Universal Time)`;
const valid = (d: Date) => !Number.isNaN(RealDate.prototype.getTime.call(d));
function dateToString(this: Date): string {
  return valid(this) ? `${dateText(this)} ${timeText(this)}` : 'Invalid Date';
}
for (const name of ['FullYear', 'Month', 'Date', 'Day', 'Hours', 'Minutes', 'Seconds', 'Milliseconds']) {
  dateProto[`get${name}`] = dateProto[`getUTC${name}`];
  if (name !== 'Day') dateProto[`set${name}`] = dateProto[`setUTC${name}`];
}
dateProto.getYear = function getYear(this: Date) {
  return this.getUTCFullYear() - 1900;
};
dateProto.setYear = function setYear(this: Date, y: number) {
  const n = Number(y);
  return this.setUTCFullYear(n >= 0 && n <= 99 ? 1900 + n : n);
};
dateProto.getTimezoneOffset = function getTimezoneOffset(this: Date) {
  return valid(this) ? 0 : NaN;
};
dateProto.toString = dateToString;
dateProto.toDateString = function toDateString(this: Date) {
  return valid(this) ? dateText(this) : 'Invalid Date';
};
dateProto.toTimeString = function toTimeString(this: Date) {
  return valid(this) ? timeText(this) : 'Invalid Date';
};

// Intl and the toLocale* methods: one locale (en-US) and UTC unless the code names others, and
// the game's clock where they would read the machine's.
const LOCALE = 'en-US';
function withZone(options: unknown): object {
  const o: Record<string, unknown> = { ...(options && typeof options === 'object' ? options : {}) };
  if (o.timeZone === undefined) o.timeZone = 'UTC';
  return o;
}
function localized(target: any, name: string, zoned = false): void {
  const real = target[name] as (...a: unknown[]) => unknown;
  target[name] = {
    [name](this: unknown, ...args: unknown[]) {
      const at = name === 'localeCompare' ? 1 : 0;
      const a = [...args];
      if (a[at] === undefined) a[at] = LOCALE;
      if (zoned) a[at + 1] = withZone(a[at + 1]);
      return real.apply(this, a);
    },
  }[name];
}
localized(dateProto, 'toLocaleString', true);
localized(dateProto, 'toLocaleDateString', true);
localized(dateProto, 'toLocaleTimeString', true);
localized(String.prototype, 'localeCompare');
localized(String.prototype, 'toLocaleUpperCase');
localized(String.prototype, 'toLocaleLowerCase');
localized(Number.prototype, 'toLocaleString');
localized(Array.prototype, 'toLocaleString');
localized(Object.getPrototypeOf(Int8Array.prototype), 'toLocaleString');
if (typeof BigInt === 'function') localized(BigInt.prototype, 'toLocaleString');
const intl = g.Intl as Record<string, any> | undefined;
if (intl) {
  for (const name of ['DateTimeFormat', 'NumberFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Segmenter', 'DisplayNames']) {
    const Real = intl[name];
    if (typeof Real !== 'function') continue;
    const zoned = name === 'DateTimeFormat';
    const Wrapped = function (this: unknown, locales?: unknown, options?: unknown) {
      return new Real(locales === undefined ? LOCALE : locales, zoned ? withZone(options) : options);
    } as unknown as Record<string, unknown>;
    Object.defineProperty(Wrapped, 'name', { value: name });
    Object.defineProperty(Wrapped, 'prototype', { value: Real.prototype });
    Wrapped.supportedLocalesOf = Real.supportedLocalesOf;
    Object.defineProperty(Real.prototype, 'constructor', { value: Wrapped, writable: true, configurable: true });
    intl[name] = Wrapped;
  }
  // format() and formatToParts() without a date read the clock: the game's.
  const dtf = intl.DateTimeFormat.prototype;
  const formatGetter = Object.getOwnPropertyDescriptor(dtf, 'format')!.get!;
  Object.defineProperty(dtf, 'format', {
    configurable: true,
    get(this: unknown) {
      const format = formatGetter.call(this) as (d?: unknown) => string;
      return (d?: unknown) => format(d === undefined ? gameNow() : d);
    },
  });
  const formatToParts = dtf.formatToParts as (d?: unknown) => unknown;
  dtf.formatToParts = function (this: unknown, d?: unknown) {
    return formatToParts.call(this, d === undefined ? gameNow() : d);
  };
}

Math.random = function random() {
  return current().world.random();
};

// ---------------------------------------------------------------- what escapes limits or measures the machine

// Garbage collection is the machine's business; shared memory, atomics and WebAssembly memory
// are allocated outside the isolate's memory limit.
for (const name of ['WeakRef', 'FinalizationRegistry', 'SharedArrayBuffer', 'Atomics', 'WebAssembly']) delete g[name];

// Resizable ArrayBuffers reserve and commit memory outside the isolate's limit: only fixed-length ones.
const RealArrayBuffer = ArrayBuffer;
const SafeArrayBuffer = {
  ArrayBuffer: function (this: unknown, length: unknown): ArrayBuffer {
    if (!new.target) throw new TypeError("Constructor ArrayBuffer requires 'new'");
    return Reflect.construct(RealArrayBuffer, [length], new.target) as ArrayBuffer;
  },
}.ArrayBuffer;
Object.defineProperty(SafeArrayBuffer, 'prototype', { value: RealArrayBuffer.prototype });
(SafeArrayBuffer as any).isView = RealArrayBuffer.isView;
Object.defineProperty(SafeArrayBuffer, Symbol.species, { get(this: unknown) { return this; }, configurable: true });
Object.defineProperty(RealArrayBuffer.prototype, 'constructor', { value: SafeArrayBuffer, writable: true, configurable: true });
g.ArrayBuffer = SafeArrayBuffer;

// RegExp.$1, RegExp.lastMatch and kin remember the last match across inputs and rules.
for (const key of ['$1', '$2', '$3', '$4', '$5', '$6', '$7', '$8', '$9', 'input', '$_', 'lastMatch', '$&', 'lastParen', '$+', 'leftContext', '$`', 'rightContext', "$'"]) {
  delete (RegExp as any)[key];
}

// ---------------------------------------------------------------- the game is open only during an input

function depthOf(value: unknown, limit: number): number {
  if (value === null || typeof value !== 'object') return 0;
  if (limit <= 0) return 1;
  let deepest = 0;
  for (const v of Array.isArray(value) ? value : Object.values(value as object)) {
    const d = depthOf(v, limit - 1);
    if (d > deepest) deepest = d;
    if (deepest >= limit) break;
  }
  return deepest + 1;
}

// The outcome's size is counted as it grows, so the rule that makes it too big is the one named:
// bytes[i] is the size of the first i items of the world's effects, the outputs, the happenings.
const effectBytes = [0];
const outputBytes = [0];
const happeningBytes = [0];
let outputs: unknown[] = [];
let happenings: unknown[] = [];

function budget(extra: number, effects: number): void {
  const total = effectBytes[effects]! + outputBytes[outputs.length]! + happeningBytes[happenings.length]! + extra;
  if (total > maxOutcomeBytes) {
    throw new Error(`one input may produce at most ${Math.round(maxOutcomeBytes / 1024)} KiB of changes and messages, and this one would produce more`);
  }
}

const worldApply = (World.prototype as any).apply as (this: World, effect: Effect, undo: () => void) => void;
(World.prototype as any).apply = function apply(this: World, effect: Effect, undo: () => void): void {
  if (!open) throw new Error('it changed the game after its input had ended (from async code or a promise callback): rule code must be synchronous');
  if ((effect.op === 'set' && effect.attr === '__proto__') || (effect.op === 'counter' && effect.name === '__proto__')) {
    throw new Error('"__proto__" cannot name an attribute or a counter');
  }
  const value = effect.op === 'set' ? effect.value : effect.op === 'create' ? effect.object.attrs : undefined;
  if (value !== undefined && depthOf(value, MAX_DEPTH + 1) > MAX_DEPTH) throw new Error(`values nest at most ${MAX_DEPTH} levels deep`);
  const n = this.effects.length;
  const size = JSON.stringify(effect).length + 1;
  budget(size, n);
  worldApply.call(this, effect, undo);
  effectBytes[n + 1] = effectBytes[n]! + size;
};

/** Counts what is pushed onto one of the runtime's output lists against the outcome's budget. */
function counted(list: unknown[], bytes: number[]): unknown[] {
  bytes.length = 1;
  for (const item of list) bytes.push(bytes[bytes.length - 1]! + JSON.stringify(item).length + 1);
  Object.defineProperty(list, 'push', {
    value(...items: unknown[]) {
      for (const item of items) {
        const n = list.length;
        const size = JSON.stringify(item).length + 1;
        budget(size, runtime?.world.effects.length ?? 0);
        Array.prototype.push.call(list, item);
        bytes[n + 1] = bytes[n]! + size;
      }
      return list.length;
    },
  });
  return list;
}

/** Watches the runtime's `outputs` and `happenings` lists (whatever arrays it assigns to them). */
function countOutputs(rt: Runtime): void {
  const target = rt as unknown as { outputs: unknown[]; happenings: unknown[] };
  if (!Array.isArray(target.outputs) || !Array.isArray(target.happenings)) return;
  outputs = counted(target.outputs, outputBytes);
  happenings = counted(target.happenings, happeningBytes);
  Object.defineProperty(rt, 'outputs', {
    enumerable: true,
    get: () => outputs,
    set: (list: unknown[]) => {
      outputs = Array.isArray(list) ? counted(list, outputBytes) : list;
    },
  });
  Object.defineProperty(rt, 'happenings', {
    enumerable: true,
    get: () => happenings,
    set: (list: unknown[]) => {
      happenings = Array.isArray(list) ? counted(list, happeningBytes) : list;
    },
  });
}

/** An outcome the host can take: small enough, and no deeper than the host folds and hashes. */
function checkedOutcome(rt: Runtime, outcome: Outcome): string {
  const json = JSON.stringify(outcome);
  let problem: string | undefined;
  if (json.length > maxOutcomeBytes) {
    problem = `the rules produced ${Math.round(json.length / 1024)} KiB of changes and messages for one input, more than the limit of ${Math.round(maxOutcomeBytes / 1024)} KiB`;
  } else if (depthOf(outcome, MAX_DEPTH + 9) > MAX_DEPTH + 8) {
    problem = `the rules produced values nested more than ${MAX_DEPTH} levels deep`;
  }
  if (problem === undefined) return json;
  rt.world.rollbackAll();
  const rule = outcome.rule;
  const fault: Outcome = { status: 'fault', message: rule ? `${rt.label(rule)}: ${problem}; nothing changed` : `${problem}; nothing changed`, effects: [], outputs: [], happenings: [] };
  if (rule) fault.rule = rule;
  return JSON.stringify(fault);
}

/** Reports every change of the running rule to the host while it traces (see the host's sandbox). */
function watchCurrentRule(rt: Runtime): void {
  let value: string | undefined = rt.currentRule;
  Object.defineProperty(rt, 'currentRule', {
    configurable: false,
    enumerable: true,
    get: () => value,
    set: (next: string | undefined) => {
      if (tracing && hostTrace && next !== value) hostTrace(next ?? '');
      value = next;
    },
  });
}

// ---------------------------------------------------------------- lockdown: nothing a rule does to a builtin outlives the input

const seen = new Set<unknown>();
function freeze(value: unknown): void {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) return;
  seen.add(value);
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value as object)) {
    const desc = Object.getOwnPropertyDescriptor(value as object, key);
    if (!desc) continue;
    if ('value' in desc) freeze(desc.value);
    else {
      freeze(desc.get);
      freeze(desc.set);
    }
  }
  freeze(Object.getPrototypeOf(value));
}

const entry = {
  load(stateJson: string, optionsJson?: string): void {
    const options = (optionsJson ? JSON.parse(optionsJson) : {}) as LoadOptions;
    if (typeof options.maxOutcomeBytes === 'number') maxOutcomeBytes = options.maxOutcomeBytes;
    runtime = undefined;
    const rt = new Runtime(JSON.parse(stateJson) as GameState, bridge);
    watchCurrentRule(rt);
    countOutputs(rt);
    runtime = rt;
  },
  run(inputJson: string, optionsJson?: string, trace?: boolean): string {
    const rt = current();
    const input = JSON.parse(inputJson) as Input;
    const options = optionsJson ? (JSON.parse(optionsJson) as RunOptions) : {};
    open = true;
    tracing = trace === true;
    try {
      return checkedOutcome(rt, rt.run(input, options));
    } finally {
      open = false;
      tracing = false;
    }
  },
  commit(): void {
    current().world.commit();
  },
  rollback(): void {
    current().world.rollbackAll();
  },
  catalog(): string {
    open = true;
    try {
      return JSON.stringify(current().catalog());
    } finally {
      open = false;
    }
  },
  currentRule(): string | null {
    return runtime?.currentRule ?? null;
  },
};

// Prototypes not reachable from any global: generators, async functions, iterators of every kind.
freeze(Object.getPrototypeOf(function* () {}));
freeze(Object.getPrototypeOf(async function () {}));
freeze(Object.getPrototypeOf(async function* () {}));
freeze(Object.getPrototypeOf([][Symbol.iterator]()));
freeze(Object.getPrototypeOf(new Map().entries()));
freeze(Object.getPrototypeOf(new Set().values()));
freeze(Object.getPrototypeOf(''[Symbol.iterator]()));
freeze(Object.getPrototypeOf(/x/[Symbol.matchAll]('')));
if (intl?.Segmenter) {
  const segments = new intl.Segmenter(LOCALE).segment('');
  freeze(Object.getPrototypeOf(segments));
  freeze(Object.getPrototypeOf(segments[Symbol.iterator]()));
}
freeze(World.prototype);
seen.add(g); // the global object itself is frozen by the host, after it took the entry
for (const key of Reflect.ownKeys(g)) freeze(g[key]);
Object.freeze(entry);
g.__nomiconEntry = entry;
