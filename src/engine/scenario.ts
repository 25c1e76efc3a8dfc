// Runs game scenarios (docs/SCENARIOS.md): start a game from a known state, play it step by
// step on a virtual clock, and check what the rules made of it. Same file, same result, anywhere.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseDocument, visit } from 'yaml';
import { z } from 'zod';
import { findObject, parsePath } from '../kernel/paths.js';
import type { GameState, Json, JsonObject, LogEntry } from '../kernel/types.js';
import { MemoryEventStore } from '../storage/memory-store.js';
import { GameService } from './games.js';

const DEFAULT_START = '2026-01-05T00:00:00Z';

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const step = z.union([
  z.object({ as: z.string(), do: z.string(), args: z.record(z.string(), z.any()).optional(), ref: z.string().optional(), expect: z.any().optional(), in: z.string().optional() }).strict(),
  z.object({ say: z.object({ as: z.string(), in: z.string().optional(), subject: z.string().optional(), text: z.string() }).strict() }).strict(),
  z.object({ advance: z.union([z.string(), z.number()]) }).strict(),
  z.object({ until: z.string() }).strict(),
  z.object({ check: z.record(z.string(), z.any()) }).strict(),
]);
export const scenarioSchema = z.object({
  name: z.string().optional(),
  game: z.object({
    preset: z.string().optional(),
    ruleset: z.string().optional(),
    start: z.string().optional(),
    seed: z.number().int().optional(),
    players: z.array(z.union([z.string(), z.number()]).transform(String)).optional(),
    // `{Doc: doc}` is read as `{Doc: [doc]}`: one holder written without a list.
    roles: z.record(z.string(), z.union([z.array(z.union([z.string(), z.number()]).transform(String)), z.union([z.string(), z.number()]).transform((name) => [String(name)])])).optional(),
    set: z.record(z.string(), z.union([scalar, z.array(z.any()), z.record(z.string(), z.any())])).optional(),
  }).strict().refine((g) => Boolean(g.preset) !== Boolean(g.ruleset), { message: 'game needs exactly one of preset or ruleset' }),
  steps: z.array(step).default([]),
});
export type Scenario = z.infer<typeof scenarioSchema>;

export interface StepFailure {
  step: number;
  message: string;
}

export interface ScenarioResult {
  file: string;
  name: string;
  passed: boolean;
  failures: StepFailure[];
  steps: number;
}

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** "24h", "1d 12h", "90m", or a number of seconds. */
export function parseDuration(value: string | number): number {
  if (typeof value === 'number') return value * 1000;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)\s*([smhdw])/g)];
  const consumed = parts.map((p) => p[0]).join('').replace(/\s/g, '');
  if (parts.length === 0 || consumed !== value.replace(/\s/g, '')) throw new Error(`"${value}" is not a duration (use s, m, h, d, w: "24h", "1d 12h")`);
  return parts.reduce((ms, p) => ms + Number(p[1]) * UNITS[p[2]!]!, 0);
}

function parseInstant(value: string): number {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new Error(`"${value}" is not an instant (use ISO 8601, e.g. 2026-01-05T00:00:00Z)`);
  return ms;
}

/**
 * YAML, except that a plain scalar like 4E36 stays the text it is: rule numbers in B Nomic's
 * notation read as floats (4×10³⁶) otherwise, and no scenario means a number that way.
 */
export function readYaml(text: string): unknown {
  const doc = parseDocument(text, { keepSourceTokens: true });
  visit(doc, {
    Scalar(_key, node) {
      const source = (node.srcToken as { source?: string } | undefined)?.source;
      if (typeof node.value === 'number' && source && /^\d+[eE]\d+$/.test(source)) node.value = source;
    },
  });
  if (doc.errors.length) throw new Error(doc.errors.map((e) => e.message).join('; '));
  return doc.toJS();
}

export function loadScenario(file: string): Scenario {
  const text = readFileSync(file, 'utf8');
  const raw = file.endsWith('.json') ? JSON.parse(text) : readYaml(text);
  const parsed = scenarioSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; '));
  }
  return parsed.data;
}

function same(expected: Json, actual: Json | undefined): boolean {
  if (actual === undefined) return expected === null;
  if (typeof expected === 'number' || typeof actual === 'number') {
    return actual !== null && expected !== null && typeof actual !== 'object' && typeof expected !== 'object' && actual !== '' && Number(actual) === Number(expected) && typeof actual !== 'boolean' && typeof expected !== 'boolean';
  }
  // One winner is a name or a list of one name (docs/SCENARIOS.md: `game.winner`): either spelling matches.
  if (Array.isArray(expected) !== Array.isArray(actual) && typeof (Array.isArray(expected) ? actual : expected) === 'string') {
    const list = (Array.isArray(expected) ? expected : actual) as Json[];
    return list.length === 1 && list[0] === (Array.isArray(expected) ? actual : expected);
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) return false;
    if (expected.every((e, i) => same(e, actual[i]))) return true;
    // Lists of names (several winners) are sets: their order is not part of the expectation.
    const rest = [...actual];
    return expected.every((e) => {
      const i = rest.findIndex((a) => same(e, a));
      return i >= 0 && rest.splice(i, 1).length === 1;
    });
  }
  if (expected !== null && typeof expected === 'object') return JSON.stringify(expected) === JSON.stringify(actual);
  return expected === actual;
}

/** Whitespace runs as one space: a phrase quoted from a rule may cross one of its hard line breaks. */
const squash = (text: string) => text.replace(/\s+/g, ' ');

const MATCHERS = new Set(['contains', 'matches', 'gte', 'gt', 'lte', 'lt', 'in', 'not']);

/** Whether a found value meets an expectation: a plain value, or one of the matcher objects. */
export function meets(expected: unknown, found: Json | undefined, present: boolean): boolean {
  if (expected === 'present') return present;
  if (expected === 'absent') return !present;
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    const entries = Object.entries(expected as Record<string, unknown>);
    // Several matchers in one object ({gte: 1, lte: 5}) must all hold.
    if (entries.length > 1 && entries.every(([op]) => MATCHERS.has(op))) return entries.every(([op, arg]) => meets({ [op]: arg }, found, present));
    if (entries.length === 1) {
      const [op, arg] = entries[0]!;
      const n = typeof found === 'number' ? found : Number.NaN;
      switch (op) {
        case 'contains': return Array.isArray(found) ? found.some((f) => same(arg as Json, f)) : typeof found === 'string' && (found.includes(String(arg)) || squash(found).includes(squash(String(arg))));
        case 'matches': return typeof found === 'string' && new RegExp(String(arg)).test(found);
        case 'gte': return n >= Number(arg);
        case 'gt': return n > Number(arg);
        case 'lte': return n <= Number(arg);
        case 'lt': return n < Number(arg);
        case 'in': return Array.isArray(arg) && arg.some((a) => same(a as Json, found));
        case 'not': return !meets(arg, found, present);
      }
    }
  }
  return same(expected as Json, found);
}

export class ScenarioRunner {
  private refs = new Map<string, string>();
  private service!: GameService;
  private gameId = 'scenario';
  private now = 0;
  private messages = 0;

  constructor(private readonly scenario: Scenario, private readonly baseDir: string) {}

  private substitute(value: unknown): unknown {
    if (typeof value === 'string') {
      // A ref may contain hyphens, but "$p-bob" with only "p" defined is "p" followed by "-bob".
      return value.replace(/\$([A-Za-z_][\w-]*)/g, (whole, name: string) => {
        for (let n = name; n; n = n.includes('-') ? n.slice(0, n.lastIndexOf('-')) : '') {
          const id = this.refs.get(n);
          if (id !== undefined) return id + name.slice(n.length);
        }
        return whole;
      });
    }
    if (Array.isArray(value)) return value.map((v) => this.substitute(v));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.substitute(v)]));
    return value;
  }

  async run(): Promise<StepFailure[]> {
    const g = this.scenario.game;
    this.now = parseInstant(g.start ?? DEFAULT_START);
    this.service = new GameService(new MemoryEventStore(), {}, () => this.now);
    const failures: StepFailure[] = [];
    try {
      await this.service.create({
        id: this.gameId,
        ...(g.preset ? { preset: g.preset } : { ruleset: readFileSync(resolve(this.baseDir, g.ruleset!), 'utf8') }),
        start: this.now, seed: g.seed ?? 1, players: g.players ?? [], roles: g.roles ?? {}, set: (g.set ?? {}) as JsonObject,
      });
    } catch (error) {
      return [{ step: -1, message: `the game could not start: ${(error as Error).message}` }];
    }
    try {
      for (const [index, raw] of this.scenario.steps.entries()) {
        try {
          const failure = await this.step(raw as Record<string, unknown>);
          if (failure) failures.push({ step: index, message: failure });
        } catch (error) {
          failures.push({ step: index, message: (error as Error).message });
        }
      }
    } finally {
      await this.service.close();
    }
    return failures;
  }

  private async state(): Promise<GameState> {
    return (await this.service.get(this.gameId)).state;
  }

  private async step(s: Record<string, unknown>): Promise<string | undefined> {
    if ('do' in s) return this.act(s);
    if ('say' in s) {
      const say = s.say as { as: string; in?: string; subject?: string; text: string };
      // A subject line travels with the message, as an e-mail adapter delivers it.
      const medium = { ...(say.in ? { channel: say.in } : {}), ...(say.subject !== undefined ? { subject: say.subject } : {}), messageId: `m${++this.messages}`, timestamp: this.now };
      const entry = await this.service.say(this.gameId, say.as, say.text, medium, this.now);
      return entry.outcome.status === 'fault' ? `saying "${say.text}" faulted: ${entry.outcome.message}` : undefined;
    }
    if ('advance' in s) {
      this.now += parseDuration(s.advance as string);
      return this.fire();
    }
    if ('until' in s) {
      const to = parseInstant(String(s.until));
      if (to < this.now) return `until ${s.until} is in the past`;
      this.now = to;
      return this.fire();
    }
    if ('check' in s) return this.check(s.check as Record<string, unknown>);
    return 'unknown step';
  }

  private async fire(): Promise<string | undefined> {
    const entries = await this.service.advance(this.gameId, this.now);
    const faults = entries.filter((e) => e.outcome.status === 'fault');
    return faults.length ? `a timer faulted: ${faults[0]!.outcome.message}` : undefined;
  }

  private async act(s: Record<string, unknown>): Promise<string | undefined> {
    const args = this.substitute(s.args ?? {}) as JsonObject;
    const medium = typeof s.in === 'string' ? { channel: s.in } : undefined;
    const entry = await this.service.act(this.gameId, String(s.as), String(s.do), args, { at: this.now, ...(medium ? { medium } : {}) });
    const outcome = entry.outcome;
    const expect = s.expect ?? 'ok';
    if (typeof s.ref === 'string') this.remember(s.ref, entry);
    const what = `${s.as} ${s.do} ${JSON.stringify(args)}`;
    if (expect === 'any') return undefined;
    if (expect === 'ok') {
      return outcome.status === 'ok' ? undefined : `${what}: expected ok, found ${outcome.status}: ${outcome.message}`;
    }
    if (expect && typeof expect === 'object' && 'error' in expect) {
      const want = String((expect as { error: unknown }).error ?? '').toLowerCase();
      if (outcome.status === 'ok') return `${what}: expected a refusal containing "${want}", but it was performed`;
      if (outcome.status === 'fault') return `${what}: expected a refusal containing "${want}", found a fault: ${outcome.message}`;
      return (outcome.message ?? '').toLowerCase().includes(want) ? undefined : `${what}: expected a refusal containing "${want}", found "${outcome.message}"`;
    }
    return `unknown expect ${JSON.stringify(expect)}`;
  }

  /** The object an action created: its result when that names an object, else the first created. */
  private remember(ref: string, entry: LogEntry): void {
    const result = entry.outcome.result;
    let key: string | undefined;
    if (typeof result === 'string' && result.includes('/')) key = result;
    else key = entry.outcome.effects.find((e): e is Extract<typeof e, { op: 'create' }> => e.op === 'create' && !e.key.startsWith('timer/'))?.key;
    if (key) this.refs.set(ref, key.slice(key.indexOf('/') + 1));
    else if (typeof result === 'string' || typeof result === 'number') this.refs.set(ref, String(result));
  }

  private async check(entries: Record<string, unknown>): Promise<string | undefined> {
    const state = await this.state();
    const problems: string[] = [];
    for (const [rawPath, expected] of Object.entries(entries)) {
      const path = this.substitute(rawPath) as string;
      const { found, present } = this.read(state, path);
      const want = this.substitute(expected);
      if (!meets(want, found, present)) {
        problems.push(`${rawPath}: expected ${JSON.stringify(expected)}, found ${present ? JSON.stringify(found ?? null) : 'absent'}`);
      }
    }
    return problems.length ? problems.join('; ') : undefined;
  }

  private read(state: GameState, path: string): { found: Json | undefined; present: boolean } {
    const count = path.match(/^count\(\s*([\w-]+)(?:\s+where\s+([\w-]+)\s*=\s*(.+?))?\s*\)$/);
    if (count) {
      const [, type, attr, raw] = count;
      let value: Json | undefined;
      if (raw !== undefined) {
        try {
          value = readYaml(raw) as Json;
        } catch {
          value = raw;
        }
      }
      const n = Object.values(state.objects).filter((o) => o.type === type && (attr === undefined || same(value as Json, o.attrs[attr!]))).length;
      return { found: n, present: true };
    }
    const parsed = parsePath(path);
    const obj = findObject(state, parsed.type, parsed.ref);
    if (parsed.attr === undefined) return { found: obj ? 'present' : 'absent', present: Boolean(obj) };
    if (!obj) return this.nested(state, parsed.type, `${parsed.ref}.${parsed.attr}`) ?? { found: undefined, present: false };
    const value = obj.attrs[parsed.attr];
    return { found: value === undefined ? null : value, present: true };
  }

  /** `player/alice.items.dynamite`: the first dot that names an object starts a path into its attributes. */
  private nested(state: GameState, type: string, rest: string): { found: Json | undefined; present: boolean } | undefined {
    const parts = rest.split('.');
    for (let i = 1; i < parts.length - 1; i++) {
      const obj = findObject(state, type, parts.slice(0, i).join('.'));
      if (!obj) continue;
      let value: Json | undefined = obj.attrs[parts[i]!];
      for (const key of parts.slice(i + 1)) {
        value = value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, key) ? (value as Record<string, Json>)[key] : undefined;
      }
      return { found: value === undefined ? null : value, present: true };
    }
    return undefined;
  }
}

export async function runScenarioFile(file: string): Promise<ScenarioResult> {
  let scenario: Scenario;
  try {
    scenario = loadScenario(file);
  } catch (error) {
    return { file, name: file, passed: false, steps: 0, failures: [{ step: -1, message: `not a scenario: ${(error as Error).message}` }] };
  }
  const failures = await new ScenarioRunner(scenario, dirname(resolve(file))).run();
  return { file, name: scenario.name ?? file, passed: failures.length === 0, failures, steps: scenario.steps.length };
}
