// The sandbox process: a child of the host that holds every game's isolate, so that what no isolate
// limit stops (a V8 out-of-memory abort, a builtin that cannot be interrupted) ends this process and
// never the host. It is one synchronous loop: frames in on fd 0, frames out on fd 3, each a 4-byte
// length and a body "header JSON \n payload". The host bundles and starts it (see sandbox.ts).
import { readSync, writeSync } from 'node:fs';
import { IsolateSandbox, type IsolateLimits } from './isolate.js';

interface Header {
  op: 'init' | 'boot' | 'load' | 'run' | 'catalog' | 'commit' | 'rollback' | 'dispose' | 'heap' | 'lib-reply';
  id?: number;
  call?: number;
  limits?: IsolateLimits;
  trace?: boolean;
  /** A run's own CPU limit (the setup input's is larger). */
  cpuMs?: number;
  ok?: boolean;
}

const IN = 0;
const OUT = 3;
const pause = new Int32Array(new SharedArrayBuffer(4));
let pending: Buffer = Buffer.alloc(0);
const chunk = Buffer.alloc(1 << 16);

function readBytes(n: number): Buffer {
  const parts: Buffer[] = [pending];
  let have = pending.length;
  while (have < n) {
    let read: number;
    try {
      read = readSync(IN, chunk, 0, chunk.length, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
        Atomics.wait(pause, 0, 0, 1);
        continue;
      }
      throw error;
    }
    if (read === 0) process.exit(0); // the host is gone
    parts.push(Buffer.from(chunk.subarray(0, read)));
    have += read;
  }
  const all = parts.length === 1 ? parts[0]! : Buffer.concat(parts, have);
  pending = all.subarray(n);
  return all.subarray(0, n);
}

function readFrame(): { header: Header; payload: string } {
  const length = readBytes(4).readUInt32LE(0);
  const body = readBytes(length).toString('utf8');
  const nl = body.indexOf('\n');
  return { header: JSON.parse(nl < 0 ? body : body.slice(0, nl)) as Header, payload: nl < 0 ? '' : body.slice(nl + 1) };
}

function writeFrame(header: object, payload = ''): void {
  const body = Buffer.from(`${JSON.stringify(header)}\n${payload}`, 'utf8');
  const frame = Buffer.alloc(4 + body.length);
  frame.writeUInt32LE(body.length, 0);
  body.copy(frame, 4);
  for (let off = 0; off < frame.length;) {
    try {
      off += writeSync(OUT, frame, off, frame.length - off);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

let runtime = '';
let tracing = false;
const sandboxes = new Map<number, IsolateSandbox>();

function hooks() {
  return {
    lib(name: string, argsJson: string): string {
      writeFrame({ type: 'lib', name }, argsJson);
      for (;;) {
        const { header, payload } = readFrame();
        if (header.op !== 'lib-reply') continue; // nothing else is sent while the host answers a call
        if (header.ok) return payload;
        throw new Error(payload);
      }
    },
    trace(rule: string): void {
      if (tracing) writeFrame({ type: 'trace', rule: rule === '' ? null : rule });
    },
  };
}

function reply(header: Header, extra: object, payload = ''): void {
  writeFrame({ type: 'reply', call: header.call, ...extra }, payload);
}

function handle(header: Header, payload: string): void {
  const sandbox = header.id === undefined ? undefined : sandboxes.get(header.id);
  switch (header.op) {
    case 'init':
      runtime = payload;
      return;
    case 'boot':
      sandbox?.dispose();
      sandboxes.delete(header.id!);
      sandboxes.set(header.id!, new IsolateSandbox(runtime, payload, header.limits!, hooks()));
      return reply(header, { ok: true });
    case 'load':
      sandbox?.load(payload);
      return;
    case 'run': {
      if (!sandbox) return reply(header, { ok: false, kind: 'missing', message: 'no such sandbox', rule: null });
      const nl = payload.indexOf('\n');
      tracing = header.trace === true;
      try {
        const result = sandbox.run(payload.slice(0, nl), payload.slice(nl + 1), tracing, typeof header.cpuMs === 'number' ? header.cpuMs : undefined);
        return result.ok ? reply(header, { ok: true }, result.json) : reply(header, { ok: false, kind: result.kind, message: result.message, rule: result.rule });
      } finally {
        tracing = false;
      }
    }
    case 'catalog': {
      if (!sandbox) return reply(header, { ok: false, kind: 'missing', message: 'no such sandbox', rule: null });
      const result = sandbox.catalog();
      return result.ok ? reply(header, { ok: true }, result.json) : reply(header, { ok: false, kind: result.kind, message: result.message, rule: result.rule });
    }
    case 'commit':
      return sandbox?.commit();
    case 'rollback':
      return sandbox?.rollback();
    case 'dispose':
      sandbox?.dispose();
      sandboxes.delete(header.id!);
      return;
    case 'heap':
      return reply(header, { ok: true }, String(sandbox?.heapBytes() ?? 0));
    case 'lib-reply':
      return; // a late answer to a call that ended
  }
}

// Nothing may write to stdout: the host does not read it, and the protocol has its own descriptor.
console.log = console.info = console.debug = console.error;

for (;;) {
  const { header, payload } = readFrame();
  try {
    handle(header, payload);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (header.call !== undefined) reply(header, { ok: false, kind: 'error', message, rule: null });
  }
}
