// Where rule code runs: a V8 isolate per game (isolated-vm) with a CPU limit per input and a memory
// limit, inside a sandbox process the host starts, so that what no isolate limit stops (a V8
// out-of-memory abort, a builtin that cannot be interrupted) ends that process, never the host.
// The host's calls stay synchronous: a helper thread talks to the process and the host waits on it.
import { createRequire } from 'node:module';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { buildSync } from 'esbuild';
import { IsolateSandbox, type IsolateResult } from './isolate.js';
import type { GameState, Input, Json, Outcome, RunOptions } from './types.js';

export interface SandboxLimits {
  /** CPU time one input may take, all rules together. */
  cpuMs: number;
  /**
   * CPU time the setup input may take: it compiles and loads every rule of a ruleset at once (B Nomic
   * has 68), and the limit is measured on the wall clock, so a busy machine needs the headroom.
   */
  setupCpuMs?: number;
  /** Heap of the isolate. */
  memoryMb: number;
  /** The largest outcome (effects and messages) one input may produce, in bytes of JSON. */
  maxOutcomeBytes: number;
  /**
   * "process" (the default): isolates live in a sandbox process, and the host survives anything
   * rule code does. "in-process": isolates live in the host (faster to start; a V8 out-of-memory
   * abort or an uninterruptible builtin then takes the host down or stalls it): for trusted code only.
   */
  isolation?: 'process' | 'in-process';
}

export const DEFAULT_LIMITS: SandboxLimits = { cpuMs: 1000, setupCpuMs: 10_000, memoryMb: 128, maxOutcomeBytes: 4 * 1024 * 1024, isolation: 'process' };

/** Pure host functions rule code may call through `api.lib` (the proposal parser, ...). */
export type HostLibrary = Record<string, (...args: any[]) => Json>;

export interface RuleCatalogEntry {
  rule: string;
  actions: { name: string; args: Record<string, string>; describe: string }[];
  checks: string[];
  events: string[];
  exports: string[];
  settles: number;
  precedence: boolean;
}

let runtimeScript: string | undefined;

/** The runtime bundled into one strict-mode script, built once per process. */
export function runtimeSource(): string {
  if (!runtimeScript) {
    const entry = fileURLToPath(new URL('./runtime/entry.ts', import.meta.url));
    const out = buildSync({
      entryPoints: [entry], bundle: true, format: 'iife', platform: 'neutral', target: 'es2022', write: false, logLevel: 'silent',
      banner: { js: '"use strict";' },
    });
    runtimeScript = out.outputFiles[0]!.text;
  }
  return runtimeScript;
}

/** What went wrong when an input could not run to an outcome. */
type Failure = { ok: false; kind: 'cpu' | 'memory' | 'error' | 'crash' | 'hang'; message: string; rule: string | null };
type RunResult = { ok: true; json: string } | Failure;

/** Hears which rule's code starts running (null: kernel code), while a run is traced. */
type Tracer = (rule: string | null) => void;

interface Backend {
  run(inputJson: string, optionsJson: string, state: GameState, cpuMs: number, trace?: Tracer): RunResult;
  catalog(state: GameState): RunResult;
  commit(): void;
  rollback(): void;
  reload(state: GameState): void;
  heapBytes(): number;
  dispose(): void;
}

export class Sandbox {
  private readonly backend: Backend;
  private readonly limits: SandboxLimits;
  private lastState: GameState;

  constructor(state: GameState, limits: SandboxLimits = DEFAULT_LIMITS, private readonly lib: HostLibrary = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.lastState = state;
    const callLib = (name: string, argsJson: string) => this.callLib(name, argsJson);
    this.backend = this.limits.isolation === 'in-process' ? new LocalBackend(state, this.limits, callLib) : new ProcessBackend(state, this.limits, callLib);
  }

  private callLib(name: string, argsJson: string): string {
    const fn = Object.hasOwn(this.lib, name) ? this.lib[name] : undefined;
    if (!fn) return JSON.stringify(null);
    return JSON.stringify(fn(...(JSON.parse(argsJson) as unknown[])) ?? null);
  }

  /** Runs one input; the effects stay pending until `commit` or `rollback`. Never throws for rule faults. */
  run(input: Input, state: GameState, options: RunOptions = {}): Outcome {
    this.lastState = state;
    const inputJson = JSON.stringify(input);
    const optionsJson = JSON.stringify(options);
    const cpuMs = this.cpuMsFor(input);
    const result = this.backend.run(inputJson, optionsJson, state, cpuMs);
    if (result.ok) return JSON.parse(result.json) as Outcome;
    if (result.rule === null) result.rule = this.attribute(inputJson, optionsJson, state, cpuMs);
    return this.fault(result, state, cpuMs);
  }

  /** The setup input compiles and loads a whole ruleset, so it has its own budget. */
  private cpuMsFor(input: Input): number {
    return input.kind === 'setup' ? Math.max(this.limits.cpuMs, this.limits.setupCpuMs ?? 0) : this.limits.cpuMs;
  }

  /**
   * A limit hit where the isolate could not say which rule was running (it ran out of memory, the
   * process died, a promise callback ran after the input): the same input runs once more, traced,
   * and the rule whose code ran last is named. Inputs are deterministic, so it fails the same way.
   */
  private attribute(inputJson: string, optionsJson: string, state: GameState, cpuMs: number): string | null {
    let running: string | null = null;
    let last: string | null = null;
    const again = this.backend.run(inputJson, optionsJson, state, cpuMs, (rule) => {
      running = rule;
      if (rule !== null) last = rule;
    });
    if (again.ok) {
      this.backend.rollback(); // it did not fail twice: undo, and keep what was learnt
      return last;
    }
    return again.rule ?? running ?? last;
  }

  /** A limit or a crash: the message says which limit and names the rule that was running. */
  private fault(failure: Failure, state: GameState, cpuMs: number): Outcome {
    const { memoryMb } = this.limits;
    const what = {
      cpu: `exceeded the CPU limit of ${cpuMs} ms for one input`,
      hang: `exceeded the CPU limit of ${cpuMs} ms for one input, in a builtin that could not be interrupted (${failure.message})`,
      memory: `ran out of memory (limit ${memoryMb} MB)`,
      crash: `crashed its sandbox (${failure.message})`,
      error: `failed outside its hooks: ${failure.message}`,
    }[failure.kind];
    const rule = failure.rule ?? undefined;
    const message = `${rule !== undefined ? labelOf(state, rule) : 'rule code'}: ${what}; nothing changed`;
    return { status: 'fault', message, ...(rule !== undefined ? { rule } : {}), effects: [], outputs: [], happenings: [] };
  }

  /** What each rule's code defines: actions with their arguments, checks, event handlers, exports. */
  catalog(): RuleCatalogEntry[] {
    const result = this.backend.catalog(this.lastState);
    if (!result.ok) throw new Error(this.fault(result, this.lastState, this.limits.cpuMs * 5).message);
    return JSON.parse(result.json) as RuleCatalogEntry[];
  }

  commit(): void {
    this.backend.commit();
  }

  rollback(): void {
    this.backend.rollback();
  }

  /** Replaces the isolate's state (after a failed append, or to rebuild). */
  reload(state: GameState): void {
    this.lastState = state;
    this.backend.reload(state);
  }

  heapBytes(): number {
    return this.backend.heapBytes();
  }

  dispose(): void {
    this.backend.dispose();
  }
}

/** "rule 203" for a rule's identity, "the code on device/3" for code on another object. */
function labelOf(state: GameState, id: string): string {
  if (id.includes('/')) return `the code on ${id}`;
  const rule = state.objects[`rule/${id}`];
  return `rule ${rule ? String(rule.attrs.number ?? id) : id}`;
}

// ---------------------------------------------------------------- isolates in this process

class LocalBackend implements Backend {
  private readonly isolate: IsolateSandbox;
  /** After a limit the isolate's state cannot be trusted: it is loaded again before the next input. */
  private stale = false;

  private tracer: Tracer | undefined;

  constructor(state: GameState, limits: SandboxLimits, lib: (name: string, argsJson: string) => string) {
    this.isolate = new IsolateSandbox(runtimeSource(), JSON.stringify(state), limits, { lib, trace: (rule) => this.tracer?.(rule === '' ? null : rule) });
  }

  private fresh(state: GameState): void {
    if (this.stale) this.isolate.load(JSON.stringify(state));
    this.stale = false;
  }

  private settle(result: IsolateResult): RunResult {
    if (!result.ok) this.stale = true;
    return result;
  }

  run(inputJson: string, optionsJson: string, state: GameState, cpuMs: number, trace?: Tracer): RunResult {
    this.fresh(state);
    this.tracer = trace;
    try {
      return this.settle(this.isolate.run(inputJson, optionsJson, trace !== undefined, cpuMs));
    } finally {
      this.tracer = undefined;
    }
  }

  catalog(state: GameState): RunResult {
    this.fresh(state);
    return this.settle(this.isolate.catalog());
  }

  commit(): void {
    if (!this.stale) this.isolate.commit();
  }

  rollback(): void {
    if (!this.stale) this.isolate.rollback();
  }

  reload(state: GameState): void {
    this.isolate.load(JSON.stringify(state));
    this.stale = false;
  }

  heapBytes(): number {
    return this.isolate.heapBytes();
  }

  dispose(): void {
    this.isolate.dispose();
  }
}

// ---------------------------------------------------------------- isolates in the sandbox process

/** A hard limit on a call: the isolate's own CPU limit plus this much, then the process is killed. */
const graceMs = (cpuMs: number) => Math.max(1000, cpuMs);
const BOOT_MS = 60_000;

let nextSandboxId = 1;

/** A sandbox dropped without dispose() still frees its isolate in the sandbox process. */
const forgotten = new FinalizationRegistry<{ id: number; generation: number }>(({ id, generation }) => {
  const proc = SandboxProcess.get();
  if (proc.alive && proc.generation === generation) proc.send({ op: 'dispose', id });
});

class ProcessBackend implements Backend {
  private readonly id = nextSandboxId++;
  /** The sandbox process generation this isolate was booted in (-1: not booted). */
  private generation = -1;
  private stale = false;
  private disposed = false;

  constructor(state: GameState, private readonly limits: SandboxLimits, private readonly lib: (name: string, argsJson: string) => string) {
    this.boot(state);
  }

  private boot(state: GameState): void {
    const proc = SandboxProcess.get();
    const { cpuMs, memoryMb, maxOutcomeBytes } = this.limits;
    const result = proc.call({ op: 'boot', id: this.id, limits: { cpuMs, memoryMb, maxOutcomeBytes } }, JSON.stringify(state), BOOT_MS, { lib: this.lib });
    if (result.kind !== 'reply' || !result.header.ok) {
      throw new Error(`the sandbox could not load the game: ${result.kind === 'reply' ? result.header.message : result.detail}`);
    }
    forgotten.unregister(this);
    this.generation = proc.generation;
    this.stale = false;
    forgotten.register(this, { id: this.id, generation: this.generation }, this);
  }

  /** Boots or reloads the isolate when the process was restarted or a limit left it untrustworthy. */
  private fresh(state: GameState): void {
    const proc = SandboxProcess.get();
    if (this.generation !== proc.generation || !proc.alive) this.boot(state);
    else if (this.stale) {
      proc.send({ op: 'load', id: this.id }, JSON.stringify(state));
      this.stale = false;
    }
  }

  private ready(): boolean {
    const proc = SandboxProcess.get();
    return !this.disposed && proc.alive && this.generation === proc.generation;
  }

  run(inputJson: string, optionsJson: string, state: GameState, cpuMs: number, trace?: Tracer): RunResult {
    return this.call('run', `${inputJson}\n${optionsJson}`, state, cpuMs + graceMs(cpuMs), trace, cpuMs);
  }

  catalog(state: GameState): RunResult {
    return this.call('catalog', '', state, this.limits.cpuMs * 5 + graceMs(this.limits.cpuMs));
  }

  private call(op: 'run' | 'catalog', payload: string, state: GameState, timeoutMs: number, trace?: Tracer, cpuMs?: number): RunResult {
    this.fresh(state);
    const proc = SandboxProcess.get();
    const header = { op, id: this.id, ...(trace ? { trace: true } : {}), ...(cpuMs !== undefined ? { cpuMs } : {}) };
    let result = proc.call(header, payload, timeoutMs, { lib: this.lib, trace });
    if (result.kind === 'reply' && result.header.kind === 'missing') {
      this.boot(state);
      result = proc.call(header, payload, timeoutMs, { lib: this.lib, trace });
    }
    if (result.kind === 'reply') {
      if (result.header.ok) return { ok: true, json: result.payload };
      this.stale = true;
      const h = result.header;
      return { ok: false, kind: h.kind as Failure['kind'], message: String(h.message), rule: (h.rule as string | null) ?? null };
    }
    // The process died (a V8 abort) or was killed (a call past its hard limit): every isolate in it
    // is gone and boots again from the host's state when next used.
    return { ok: false, kind: result.kind, message: result.detail, rule: null };
  }

  commit(): void {
    if (this.ready() && !this.stale) SandboxProcess.get().send({ op: 'commit', id: this.id });
  }

  rollback(): void {
    if (this.ready() && !this.stale) SandboxProcess.get().send({ op: 'rollback', id: this.id });
  }

  reload(state: GameState): void {
    if (this.ready()) {
      SandboxProcess.get().send({ op: 'load', id: this.id }, JSON.stringify(state));
      this.stale = false;
    } else this.generation = -1; // boots with the state of the next input
  }

  heapBytes(): number {
    if (!this.ready()) return 0;
    const result = SandboxProcess.get().call({ op: 'heap', id: this.id }, '', 5000, { lib: this.lib });
    return result.kind === 'reply' ? Number(result.payload) : 0;
  }

  dispose(): void {
    if (this.ready()) SandboxProcess.get().send({ op: 'dispose', id: this.id });
    this.disposed = true;
    forgotten.unregister(this);
  }
}

type CallResult =
  | { kind: 'reply'; header: Record<string, unknown>; payload: string }
  | { kind: 'crash' | 'hang'; detail: string };

type FromWorker =
  | { kind: 'spawned'; pid: number }
  | { kind: 'spawn-error'; message: string }
  | { kind: 'frame'; body: string }
  | { kind: 'exit'; code: number | null; signal: string | null; stderr: string };

/**
 * The helper thread: it owns the sandbox process and its pipes (asynchronous I/O), forwards frames
 * both ways, and wakes the host thread (blocked in Atomics.wait) whenever it posts something.
 */
const WORKER = `
const { workerData } = require('node:worker_threads');
const { spawn } = require('node:child_process');
const { port } = workerData;
const signal = new Int32Array(workerData.signal);
let child = null;
function post(message) {
  port.postMessage(message);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}
port.on('message', (m) => {
  if (m.cmd === 'spawn') {
    if (child) { try { child.kill('SIGKILL'); } catch {} }
    let c;
    try {
      c = spawn(m.exec, m.args, { stdio: ['pipe', 'ignore', 'pipe', 'pipe'], env: m.env });
    } catch (error) {
      post({ kind: 'spawn-error', message: String(error && error.message || error) });
      return;
    }
    child = c;
    let chunks = [], have = 0, stderr = '';
    c.stdio[3].on('data', (data) => {
      if (c !== child) return;
      chunks.push(data); have += data.length;
      for (;;) {
        if (have < 4) return;
        if (chunks.length > 1) chunks = [Buffer.concat(chunks, have)];
        const buf = chunks[0];
        const n = buf.readUInt32LE(0);
        if (have < 4 + n) return;
        post({ kind: 'frame', body: buf.toString('utf8', 4, 4 + n) });
        const rest = buf.subarray(4 + n);
        chunks = rest.length ? [rest] : []; have = rest.length;
      }
    });
    c.stderr.on('data', (d) => { stderr = (stderr + d.toString()).slice(-4000); });
    c.stdin.on('error', () => {});
    c.on('error', (error) => { if (c === child) post({ kind: 'spawn-error', message: String(error && error.message || error) }); });
    c.on('close', (code, sig) => { if (c === child) { child = null; post({ kind: 'exit', code, signal: sig, stderr }); } });
    post({ kind: 'spawned', pid: c.pid });
  } else if (m.cmd === 'write' && child) {
    const body = Buffer.from(m.body, 'utf8');
    const head = Buffer.alloc(4);
    head.writeUInt32LE(body.length, 0);
    child.stdin.write(head);
    child.stdin.write(body);
  }
});
`;

/** The one sandbox process of this host process, restarted when it dies or is killed. */
class SandboxProcess {
  private static instance: SandboxProcess | undefined;
  static get(): SandboxProcess {
    return (SandboxProcess.instance ??= new SandboxProcess());
  }

  /** Incremented at each start: isolates booted in an earlier generation are gone. */
  generation = 0;
  alive = false;
  private pid = 0;
  private calls = 0;
  private readonly port: MessagePort;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private program: { code: string; env: Record<string, string> } | undefined;

  private constructor() {
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(WORKER, { eval: true, workerData: { port: port2, signal: this.signal.buffer }, transferList: [port2] });
    worker.unref();
    this.port = port1;
  }

  /** The next message from the helper thread, or undefined when the deadline passes. */
  private next(deadline: number): FromWorker | undefined {
    for (;;) {
      const seen = Atomics.load(this.signal, 0);
      const message = receiveMessageOnPort(this.port);
      if (message) return message.message as FromWorker;
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      Atomics.wait(this.signal, 0, seen, left);
    }
  }

  /** Takes note of what arrived while nobody was waiting (the process may have died meanwhile). */
  private drain(): void {
    for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) {
      if ((m.message as FromWorker).kind === 'exit') this.alive = false;
    }
  }

  private start(): void {
    this.program ??= sandboxProgram();
    this.port.postMessage({ cmd: 'spawn', exec: process.execPath, args: ['-e', this.program.code], env: this.program.env });
    const deadline = Date.now() + BOOT_MS;
    for (;;) {
      const m = this.next(deadline);
      if (!m) throw new Error('the sandbox process did not start');
      if (m.kind === 'spawn-error') throw new Error(`the sandbox process did not start: ${m.message}`);
      if (m.kind === 'spawned') {
        this.pid = m.pid;
        break;
      }
    }
    this.alive = true;
    this.generation++;
    this.send({ op: 'init' }, runtimeSource());
  }

  send(header: Record<string, unknown>, payload = ''): void {
    this.drain();
    if (!this.alive) return;
    this.port.postMessage({ cmd: 'write', body: `${JSON.stringify(header)}\n${payload}` });
  }

  /** A call that expects a reply; `lib` answers the isolate's host-library calls meanwhile. */
  call(header: Record<string, unknown>, payload: string, timeoutMs: number, hooks: { lib: (name: string, argsJson: string) => string; trace?: (rule: string | null) => void }): CallResult {
    this.drain();
    if (!this.alive) this.start();
    const call = ++this.calls;
    this.send({ ...header, call }, payload);
    let deadline = Date.now() + timeoutMs;
    for (;;) {
      const m = this.next(deadline);
      if (!m) return this.kill(timeoutMs);
      if (m.kind === 'exit') {
        this.alive = false;
        return { kind: 'crash', detail: describeExit(m) };
      }
      if (m.kind !== 'frame') continue;
      const nl = m.body.indexOf('\n');
      const h = JSON.parse(m.body.slice(0, nl)) as Record<string, unknown>;
      const body = m.body.slice(nl + 1);
      if (h.type === 'trace') hooks.trace?.((h.rule as string | null) ?? null);
      else if (h.type === 'lib') {
        // The host's own time does not count against the rules' limit.
        const started = Date.now();
        let ok = true;
        let answer: string;
        try {
          answer = hooks.lib(String(h.name), body);
        } catch (error) {
          ok = false;
          answer = error instanceof Error ? error.message : String(error);
        }
        this.send({ op: 'lib-reply', ok }, answer);
        deadline += Date.now() - started;
      } else if (h.type === 'reply' && h.call === call) return { kind: 'reply', header: h, payload: body };
    }
  }

  /** A call ran past its hard limit: the process is stuck in code that cannot be interrupted. */
  private kill(timeoutMs: number): CallResult {
    try {
      process.kill(this.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    const deadline = Date.now() + 5000;
    for (let m = this.next(deadline); m; m = this.next(deadline)) if (m.kind === 'exit') break;
    this.alive = false;
    return { kind: 'hang', detail: `it ran for more than ${timeoutMs} ms and its sandbox process was restarted` };
  }
}

function describeExit(m: Extract<FromWorker, { kind: 'exit' }>): string {
  if (/out of memory|heap_oom|Allocation failed|CALL_AND_RETRY|invalid table size|invalid array length/i.test(m.stderr)) return 'V8 ran out of memory; the sandbox process was restarted';
  return `the sandbox process ended (${m.signal ?? `exit code ${m.code}`}); it was restarted`;
}

/** The sandbox process's program (bundled once per host process) and its environment. */
function sandboxProgram(): { code: string; env: Record<string, string> } {
  const file = fileURLToPath(new URL('./sandbox-host.ts', import.meta.url));
  const out = buildSync({
    entryPoints: [file], bundle: true, format: 'cjs', platform: 'node', target: 'node20', write: false, logLevel: 'silent',
    external: ['isolated-vm', 'esbuild'],
  });
  const require = createRequire(import.meta.url);
  const nodeModules = (resolved: string) => resolved.slice(0, resolved.lastIndexOf(`${sep}node_modules${sep}`) + `${sep}node_modules`.length);
  const paths = [...new Set([nodeModules(require.resolve('isolated-vm')), nodeModules(require.resolve('esbuild'))])];
  // The host's environment (database URLs, tokens) is none of the sandbox's business.
  const env: Record<string, string> = {};
  for (const k of ['PATH', 'HOME', 'TMPDIR', 'TEMP', 'TMP', 'SYSTEMROOT', 'ESBUILD_BINARY_PATH']) if (process.env[k] !== undefined) env[k] = process.env[k]!;
  Object.assign(env, {
    NODE_PATH: paths.join(process.platform === 'win32' ? ';' : ':'),
    // Belt and braces: the runtime already makes local time UTC and the locale en-US.
    TZ: 'UTC', LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8',
  });
  return { code: out.outputFiles[0]!.text, env };
}
