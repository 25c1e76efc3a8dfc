// One V8 isolate (isolated-vm) in this process, holding the runtime and one game's rule code, with
// a CPU limit per call and a memory limit. The sandbox runs these inside a child process (see
// sandbox.ts); this class knows nothing of processes: it turns calls and limits into results.
import ivm from 'isolated-vm';
import { compileRuleCode } from './compile.js';

export interface IsolateLimits {
  cpuMs: number;
  memoryMb: number;
  maxOutcomeBytes: number;
}

/** What the isolate may ask of whoever hosts it. */
export interface IsolateHooks {
  /** A host library call (`api.lib`): arguments and result as JSON. */
  lib(name: string, argsJson: string): string;
  /** While tracing: the rule whose code starts running. */
  trace?(rule: string): void;
}

export type IsolateResult =
  | { ok: true; json: string }
  /** A limit or an error outside the rules' reach; the isolate must be loaded again before its next run. */
  | { ok: false; kind: 'cpu' | 'memory' | 'error'; message: string; rule: string | null };

/** The largest arguments rule code may hand a host library function, in bytes of JSON (host code runs outside the isolate). */
export const MAX_LIB_ARGS = 256 * 1024;

interface Entry {
  run: ivm.Reference;
  load: ivm.Reference;
  commit: ivm.Reference;
  rollback: ivm.Reference;
  currentRule: ivm.Reference;
  catalog: ivm.Reference;
}

export class IsolateSandbox {
  private isolate!: ivm.Isolate;
  private entry!: Entry;

  constructor(private readonly runtime: string, stateJson: string, private readonly limits: IsolateLimits, private readonly hooks: IsolateHooks) {
    this.boot(stateJson);
  }

  private boot(stateJson: string): void {
    this.isolate = new ivm.Isolate({ memoryLimit: this.limits.memoryMb });
    const context = this.isolate.createContextSync();
    const jail = context.global;
    jail.setSync('__hostCompile', new ivm.Callback((source: string) => JSON.stringify(compileRuleCode(String(source)))));
    jail.setSync('__hostLib', new ivm.Callback((name: string, argsJson: string) => {
      const args = String(argsJson);
      if (args.length > MAX_LIB_ARGS) throw new Error(`api.lib.${String(name)}: its arguments are limited to ${MAX_LIB_ARGS / 1024} KiB`);
      return this.hooks.lib(String(name), args);
    }));
    jail.setSync('__hostTrace', new ivm.Callback((rule: string) => this.hooks.trace?.(String(rule))));
    this.isolate.compileScriptSync(this.runtime).runSync(context);
    const entry = jail.getSync('__nomiconEntry', { reference: true }) as ivm.Reference;
    jail.deleteSync('__nomiconEntry');
    context.evalSync('Object.freeze(globalThis)');
    const get = (name: keyof Entry) => entry.getSync(name, { reference: true }) as ivm.Reference;
    this.entry = { run: get('run'), load: get('load'), commit: get('commit'), rollback: get('rollback'), currentRule: get('currentRule'), catalog: get('catalog') };
    this.entry.load.applySync(undefined, [stateJson, this.loadOptions()], { timeout: 60_000 });
  }

  private loadOptions(): string {
    return JSON.stringify({ maxOutcomeBytes: this.limits.maxOutcomeBytes });
  }

  get disposed(): boolean {
    return this.isolate.isDisposed;
  }

  /** Replaces the isolate's state (booting a new isolate if the old one is gone). */
  load(stateJson: string): void {
    if (this.isolate.isDisposed) return this.boot(stateJson);
    try {
      this.entry.load.applySync(undefined, [stateJson, this.loadOptions()], { timeout: 60_000 });
    } catch {
      this.dispose();
      this.boot(stateJson);
    }
  }

  /** Runs one input; its effects stay pending until commit or rollback. */
  run(inputJson: string, optionsJson: string, trace = false, cpuMs = this.limits.cpuMs): IsolateResult {
    return this.call(this.entry.run, [inputJson, optionsJson, trace], cpuMs);
  }

  catalog(): IsolateResult {
    return this.call(this.entry.catalog, [], this.limits.cpuMs * 5);
  }

  private call(fn: ivm.Reference, args: unknown[], timeout: number): IsolateResult {
    if (this.isolate.isDisposed) return { ok: false, kind: 'error', message: 'the sandbox was not loaded', rule: null };
    try {
      return { ok: true, json: fn.applySync(undefined, args, { timeout }) as string };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (this.isolate.isDisposed || /memory limit/i.test(message)) {
        this.dispose();
        return { ok: false, kind: 'memory', message, rule: null };
      }
      let rule: string | null = null;
      try {
        rule = this.entry.currentRule.applySync(undefined, [], { timeout: 100 }) as string | null;
        this.entry.rollback.applySync(undefined, [], { timeout: 1000 });
      } catch {
        this.dispose();
      }
      return { ok: false, kind: /timed out/i.test(message) ? 'cpu' : 'error', message, rule };
    }
  }

  commit(): void {
    if (!this.isolate.isDisposed) this.entry.commit.applySync(undefined, [], { timeout: 1000 });
  }

  rollback(): void {
    if (!this.isolate.isDisposed) this.entry.rollback.applySync(undefined, [], { timeout: 1000 });
  }

  heapBytes(): number {
    return this.isolate.isDisposed ? 0 : this.isolate.getHeapStatisticsSync().used_heap_size;
  }

  dispose(): void {
    if (!this.isolate.isDisposed) this.isolate.dispose();
  }
}
