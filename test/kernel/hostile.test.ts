// Hostile rule code: programs that try to escape the sandbox, hang or crash the host, leak between inputs or corrupt state; each is refused or faulted naming the rule, and nothing else is harmed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Game, stateHash, verifyReplay } from '../../src/kernel/game.js';
import { MemoryEventStore } from '../../src/storage/memory-store.js';
import type { GameState, JsonObject } from '../../src/kernel/types.js';
import { T0, testGame } from '../support/kernel.js';

const LIMITS = { cpuMs: 200, memoryMb: 64 };

/** Rule 1, a well-behaved rule: a counter, a probe of the builtins, and an action that enacts rule 66. */
const HOME = String.raw`export default (api) => {
  api.action('ping', { perform() { return api.nextNumber('ping'); } });
  api.action('probe', {
    perform() {
      const g = Function('return this')();
      const a = [];
      a.push(1);
      return {
        prototypes: ({}).polluted === undefined && [].polluted === undefined && ({}).isAdmin === undefined && typeof ({}).toJSON === 'undefined',
        json: JSON.stringify(JSON.parse('{"a":[1,{"b":null}]}')) === '{"a":[1,{"b":null}]}',
        push: a.length === 1,
        iterators: [...new Map([[1, 2]]).entries()].length === 1 && [...'ab'].length === 2 && [...new Set([1])].length === 1,
        stash: g.stash === undefined && g.stolen === undefined,
        regexpStatics: !('$1' in RegExp) && !('lastMatch' in RegExp),
        clock: Date.now() === api.now() && new Date().getTime() === api.now(),
        globals: Object.getOwnPropertyNames(g).sort().join(','),
        rules: api.rules().map((r) => r.number).join(','),
      };
    },
  });
  api.action('enact', {
    args: { code: 'string', text: 'string?' },
    perform(ctx) { api.change.enact({ number: '66', text: ctx.args.text ?? 'Hostile.', code: ctx.args.code }, 'test'); },
  });
}`;

/** A rule 66 whose action "attack" runs the body. */
const attack = (body: string) => `export default (api) => api.action('attack', { perform(ctx) { ${body} } });`;

interface Case {
  name: string;
  /** Rule 66's code. Unless `enact`, it is in the game from the start and "attack" is performed. */
  code: string;
  /** The code is enacted as rule 66 during the hostile input (so its load runs inside it). */
  enact?: boolean;
  /** The enacted rule's text. */
  text?: string;
  status?: 'fault' | 'refused';
  message: RegExp;
  /** The message names rule 66 (false: the message names something else, said why in the case). */
  names?: boolean;
  /** Hits a CPU, memory or process limit: slow to repeat, so its replay is checked once, below. */
  limit?: boolean;
  /** Attack this many times (state must not leak from one input to the next). */
  times?: number;
}

const cases: Case[] = [
  // ---- escaping the sandbox
  { name: 'this.constructor.constructor reaches Function, which reaches no process', code: attack(`return this.constructor.constructor('return process')();`), message: /rule 66: process is not defined/ },
  {
    name: "Function('return this')() reaches only the sandbox's frozen global",
    code: attack(`const g = Function('return this')();
      const found = ['process', 'require', 'module', 'global', 'Buffer', '__hostLib', '__hostCompile', '__hostTrace', '__nomiconEntry', 'setTimeout',
        'setInterval', 'setImmediate', 'queueMicrotask', 'fetch', 'performance', 'WebAssembly', 'SharedArrayBuffer', 'Atomics', 'WeakRef',
        'FinalizationRegistry'].filter((k) => k in g);
      throw new Error('reached ' + JSON.stringify(found) + ', frozen ' + Object.isFrozen(g));`),
    message: /rule 66: reached \[\], frozen true/,
  },
  {
    name: 'indirect eval and new Function see the same nothing',
    code: attack(`const seen = [(0, eval)('typeof process'), (0, eval)('typeof require'), new Function('return typeof module')(), (0, eval)('Object.isFrozen(this)')];
      throw new Error('saw ' + seen.join(','));`),
    message: /rule 66: saw undefined,undefined,undefined,true/,
  },
  {
    name: "a sloppy function's caller chain stops at rule code",
    code: attack(`throw new Error('caller ' + Function('return arguments.callee.caller')());`),
    message: /rule 66: caller null/,
  },
  { name: 'Error.prepareStackTrace cannot be installed to reach call sites', code: attack(`Error.prepareStackTrace = (e, frames) => frames.map((f) => f.getThis());`), message: /rule 66: Cannot add property prepareStackTrace, object is not extensible/ },
  { name: 'require is refused', code: `import fs from 'node:fs';\nexport default (api) => { fs.readFileSync('/etc/passwd'); };`, enact: true, message: /rule 66: rule code cannot import "node:fs"/ },
  { name: 'dynamic import() is refused', code: attack(`import('node:fs').then((fs) => api.create('leak', { text: String(fs.readFileSync) }));`), message: /rule 66: .*(import|Not supported)/ },
  { name: 'setTimeout does not exist', code: attack(`setTimeout(() => api.create('later'), 0);`), message: /rule 66: setTimeout is not defined/ },
  {
    name: "mutating the API's objects and views changes nothing",
    code: attack(`const self = api.self;
      self.attrs.text = 'pwned';
      api.get('rule/66').attrs.title = 'pwned';
      api.lib.parseProposal = () => 'pwned';
      api.refuse = () => {};
      throw new Error('rule 66 still says ' + api.rule('66').text);`),
    message: /rule 66: Cannot assign to read only property 'text'/, // views are frozen copies
  },

  // ---- prototype pollution and state that outlives an input
  { name: 'Object.prototype pollution', code: attack(`Object.prototype.isAdmin = true;`), message: /rule 66: Cannot add property isAdmin, object is not extensible/ },
  { name: 'Array.prototype.push replaced', code: attack(`Array.prototype.push = function () { return 0; };`), message: /rule 66: Cannot assign to read only property 'push'/ },
  { name: 'JSON.parse replaced', code: attack(`JSON.parse = () => ({ winner: 'mallory' });`), message: /rule 66: Cannot assign to read only property 'parse'/ },
  { name: 'a toJSON getter defined on Object.prototype', code: attack(`Object.defineProperty(Object.prototype, 'toJSON', { get() { return () => 'pwned'; } });`), message: /rule 66: Cannot define property toJSON, object is not extensible/ },
  {
    name: 'sloppy-mode pollution fails silently and leaves nothing',
    code: attack(`const seen = Function('Object.prototype.polluted = 1; Array.prototype.polluted = 1; JSON.parse = null; Math.random = () => 0; String.prototype.trim = null; stash = 1;' +
      'return [({}).polluted, [].polluted, typeof JSON.parse, Math.random() === 0, typeof "".trim, typeof stash].join()')();
      throw new Error('after sloppy pollution: ' + seen);`),
    message: /rule 66: after sloppy pollution: ,,function,false,function,undefined/,
  },
  {
    name: 'prototypes no global reaches (iterators, generators) are frozen too',
    code: attack(`const protos = [new Map().entries(), new Set().values(), ''[Symbol.iterator](), /x/[Symbol.matchAll](''), [][Symbol.iterator](), Object.getPrototypeOf((function* () {})()),
        new Intl.Segmenter().segment(''), new Intl.Segmenter().segment('')[Symbol.iterator]()].map((o) => Object.getPrototypeOf(o));
      const open = protos.filter((p) => !Object.isFrozen(p));
      if (open.length) throw new Error(open.length + ' prototypes are open');
      Object.getPrototypeOf(new Map().entries()).next = () => ({ done: true });`),
    message: /rule 66: Cannot assign to read only property 'next'/,
  },
  { name: 'a stash on globalThis', code: attack(`globalThis.stash = { person: ctx.person };`), message: /rule 66: Cannot add property stash, object is not extensible/ },
  {
    name: 'a stash in RegExp.$1 and RegExp.lastMatch',
    code: attack(String.raw`/secret-(\w+)/.exec('secret-' + ctx.person);
      throw new Error('RegExp.$1 is ' + RegExp.$1 + ', lastMatch is ' + RegExp.lastMatch);`),
    message: /rule 66: RegExp\.\$1 is undefined, lastMatch is undefined/,
  },
  {
    name: 'a stash on the api and module objects does not survive to the next input',
    code: `export default (api) => api.action('attack', { perform() {
      if (api.stash || module.stash) throw new Error('the stash survived');
      api.stash = 1;
      module.stash = 1;
      throw new Error('stashed');
    } });`,
    message: /rule 66: stashed/,
    times: 2,
  },

  // ---- loops, builtins and recursion
  { name: 'an infinite loop', code: attack(`for (;;) {}`), message: /rule 66: exceeded the CPU limit of 200 ms/, limit: true },
  { name: "a builtin-heavy loop ('x'.repeat)", code: attack(`let n = 0; for (;;) n += 'x'.repeat(1e5).length;`), message: /rule 66: exceeded the CPU limit of 200 ms/, limit: true },
  { name: 'Array(1e9).fill(0): V8 aborts its process on the allocation', code: attack(`return Array(1e9).fill(0).length;`), message: /rule 66: (crashed its sandbox \(V8 ran out of memory|exceeded the CPU limit)/, limit: true },
  { name: 'a dense array of 1e8 elements grown in place', code: attack(`const a = new Array(1e8); for (let i = 0; i < 1e8; i++) a[i] = i;`), message: /rule 66: (crashed its sandbox|ran out of memory|exceeded the CPU limit)/, limit: true },
  { name: 'sorting four million numbers', code: attack(`const a = Array.from({ length: 4e6 }, (_, i) => (i * 7919) % 4e6); a.sort((x, y) => x - y); return a[0];`), message: /rule 66: (exceeded the CPU limit|ran out of memory|crashed its sandbox)/, limit: true },
  { name: 'BigInt multiplication that cannot be interrupted', code: attack(`let x = 3n ** 3000000n; for (;;) x = x * x;`), message: /rule 66: exceeded the CPU limit of 200 ms for one input, in a builtin that could not be interrupted/, limit: true },
  { name: 'deep recursion', code: attack(`const f = (n) => f(n + 1) + 1; return f(0);`), message: /rule 66: Maximum call stack size exceeded/ },

  // ---- memory bombs
  { name: 'a string doubled without end', code: attack(`let s = 'x'; for (;;) s += s;`), message: /rule 66: Invalid string length/ },
  { name: 'a 256 MB string flattened', code: attack(`return ('ab'.repeat(2 ** 27)).toUpperCase().length;`), message: /rule 66: (ran out of memory|crashed its sandbox|exceeded the CPU limit)/, limit: true },
  { name: 'objects without end', code: attack(`const a = []; for (;;) a.push({ a: [1, 2, 3], b: 'x' + a.length });`), message: /rule 66: (ran out of memory|exceeded the CPU limit|crashed its sandbox)/, limit: true },
  { name: 'a Map without end', code: attack(`const m = new Map(); for (let i = 0; ; i++) m.set(i, { i });`), message: /rule 66: (ran out of memory|exceeded the CPU limit|crashed its sandbox)/, limit: true },
  { name: 'ArrayBuffers beyond the memory limit', code: attack(`const keep = []; for (;;) keep.push(new ArrayBuffer(16 * 1024 * 1024));`), message: /rule 66: Array buffer allocation failed/ },
  { name: 'a resizable ArrayBuffer, which would commit memory outside the limit', code: attack(`const b = new ArrayBuffer(8, { maxByteLength: 2 ** 32 }); b.resize(2 ** 30); new Uint8Array(b).fill(1);`), message: /rule 66: .*(resize|resizable|incompatible receiver)/ },
  { name: 'WebAssembly memory, which is outside the limit', code: attack(`const m = new WebAssembly.Memory({ initial: 16000 }); new Uint8Array(m.buffer).fill(1);`), message: /rule 66: WebAssembly is not defined/ },

  // ---- huge outputs
  { name: 'a 100 MB message', code: attack(`api.message('all', 'x'.repeat(100 * 2 ** 20));`), message: /rule 66: (ran out of memory|one input may produce at most 4096 KiB|exceeded the CPU limit)/, limit: true },
  { name: 'a 5 MB message', code: attack(`api.message('all', 'x'.repeat(5 * 2 ** 20));`), message: /rule 66: one input may produce at most 4096 KiB of changes and messages/ },
  { name: 'a 5 MB log note', code: attack(`api.log('x'.repeat(5 * 2 ** 20));`), message: /rule 66: one input may produce at most 4096 KiB/ },
  { name: 'a million objects', code: attack(`for (let i = 0; i < 1e6; i++) api.create('junk', { i });`), message: /rule 66: (one input may produce at most 4096 KiB|exceeded the CPU limit)/ },
  { name: 'a hundred thousand timers', code: attack(`for (let i = 0; i < 1e5; i++) api.timer({ in: i + 1 }, 'tick');`), message: /rule 66: (one input may produce at most 4096 KiB|exceeded the CPU limit)/ },
  { name: 'a value nested too deep for the host to fold', code: attack(`let v = []; for (let i = 0; i < 200; i++) v = [v]; api.create('deep', { v });`), message: /rule 66: values nest at most 64 levels deep/ },
  { name: 'a cyclic value', code: attack(`const o = {}; o.self = o; api.create('cycle', { o });`), message: /rule 66: Converting circular structure to JSON/ },
  { name: '"__proto__" as an attribute name', code: attack(`api.set('game/game', '__proto__', { winner: 'mallory' });`), message: /rule 66: "__proto__" cannot name an attribute/ },
  { name: 'host library arguments of 2 MB (host code runs outside the isolate)', code: attack(`api.lib.parseProposal('x'.repeat(2 * 2 ** 20));`), message: /rule 66: api\.lib\.parseProposal: its arguments are limited to 256 KiB/ },

  // ---- catastrophic regular expressions
  { name: 'a catastrophic regular expression', code: attack(`return /(a+)+$/.test('a'.repeat(40) + 'b');`), message: /rule 66: exceeded the CPU limit of 200 ms/, limit: true },
  {
    name: 'a catastrophic text parameter, read while the rule loads',
    code: `export default (api) => { api.param('n', { pattern: /^(a+)+$/ }); };`,
    enact: true,
    text: `${'a'.repeat(40)}b`,
    message: /rule 66: exceeded the CPU limit of 200 ms/,
    limit: true,
  },

  // ---- promises, async code, timers
  { name: 'a microtask flood', code: attack(`const f = () => Promise.resolve().then(f); f();`), message: /rule 66: exceeded the CPU limit of 200 ms/, limit: true },
  { name: 'an async perform that writes after its input ended', code: `export default (api) => api.action('attack', { async perform() { await null; api.create('late'); } });`, message: /rule 66: .*rule code must be synchronous/ },
  { name: 'an unhandled rejection with a symbol', code: attack(`Promise.reject(Symbol('boom'));`), message: /rule 66: failed outside its hooks/ },

  // ---- timing
  {
    name: "the clocks are the game's, and nothing measures the machine",
    code: attack(`const Real = new Date().constructor;
      const t0 = Date.now();
      let n = 0;
      for (let i = 0; i < 1e6; i++) n += i;
      const report = [Date.now() - t0, new Real().getTime() === api.now(), Real.now() === api.now(), new Date().getTime() === api.now(),
        new Intl.DateTimeFormat().format() === new Intl.DateTimeFormat().format(api.now()), typeof performance, typeof SharedArrayBuffer, typeof Atomics];
      throw new Error('clocks ' + report.join(','));`),
    message: /rule 66: clocks 0,true,true,true,true,undefined,undefined,undefined/,
  },

  // ---- throwing what is not an Error
  { name: 'throw null', code: attack(`throw null;`), message: /rule 66: null/ },
  { name: 'throw a symbol', code: attack(`throw Symbol('boom');`), message: /rule 66: Symbol\(boom\)/ },
  { name: 'throw an object whose message getter throws', code: attack(`throw Object.create(Error.prototype, { message: { get() { throw new Error('gotcha'); } } });`), message: /rule 66: it threw a value whose message cannot be read/ },
  { name: 'throw an object whose toString never returns', code: attack(`throw { toString() { for (;;) {} } };`), message: /rule 66: exceeded the CPU limit/, limit: true },
  { name: 'throw a Proxy whose traps never return', code: attack(`throw new Proxy({}, { getPrototypeOf() { for (;;) {} } });`), message: /rule 66: exceeded the CPU limit/, limit: true },

  // ---- values handed back to the kernel
  { name: 'a returned value whose getter throws', code: attack(`return { get x() { throw new Error('gotcha'); } };`), message: /rule 66: gotcha/ },
  { name: 'a Proxy returned as the result', code: attack(`return new Proxy({}, { ownKeys() { for (;;) {} } });`), message: /rule 66: exceeded the CPU limit/, limit: true },
  { name: 'a toJSON that throws', code: attack(`return { toJSON() { throw new Error('toJSON says no'); } };`), message: /rule 66: toJSON says no/ },
  { name: 'a toJSON on a stored value', code: attack(`api.create('trick', { v: { toJSON() { for (;;) {} } } });`), message: /rule 66: exceeded the CPU limit/, limit: true },

  // ---- code that should never load
  { name: 'code that does not compile', code: 'export default (api) => { api.action( }', enact: true, status: 'refused', message: /the code for rule 66 does not compile: line 1/ },
  { name: 'rule code of 300 KiB', code: `// ${'x'.repeat(300 * 1024)}\nexport default () => {};`, enact: true, status: 'refused', message: /the code for rule 66 does not compile: rule code is limited to 256 KiB/ },
  { name: 'code nested too deep to parse', code: `export default () => ${'['.repeat(60000)}${']'.repeat(60000)};`, enact: true, status: 'refused', message: /the code for rule 66 does not compile: rule code nests brackets at most 256 levels deep/ },
  { name: 'code that throws while it loads', code: `throw new Error('at load');\nexport default () => {};`, enact: true, message: /rule 66: at load/ },
  { name: 'an infinite loop while it loads', code: `for (;;) {}\nexport default () => {};`, enact: true, message: /rule 66: exceeded the CPU limit of 200 ms/, limit: true },
  { name: 'no default export', code: `export const x = 1;`, enact: true, message: /rule 66: its code must export a default function/ },

  // ---- cascades the kernel stops (refused: the rules themselves cannot complete the input)
  {
    name: 'an event that raises itself forever',
    code: `export default (api) => { api.on('again', () => api.emit('again')); api.action('attack', { perform() { api.emit('again'); } }); };`,
    status: 'refused',
    message: /the rules cannot complete this: more than 5000 rule steps \(last event "again"\)/,
    names: false, // the message names the event that never settles, which rules can react to
  },
  {
    name: 'a settle check that never settles',
    code: `export default (api) => {
      api.settle(() => { if (api.get('game/game').attrs.go) api.set('game/game', 'n', api.random()); });
      api.action('attack', { perform() { api.set('game/game', 'go', true); } });
    };`,
    status: 'refused',
    message: /the rules cannot complete this/,
    names: false,
  },
  // ---- rules calling rules, and code on objects
  {
    name: 'exports that call each other in a loop',
    code: `export default (api) => {
      api.export('ping', (n) => api.call('66', 'pong', n + 1));
      api.export('pong', (n) => api.call('66', 'ping', n + 1));
      api.action('attack', { perform() { return api.call('66', 'ping', 0); } });
    };`,
    message: /rule 66: .*(call stack|too much recursion|CPU limit)/i,
  },
  {
    name: 'code on an object that never returns',
    code: attack(`api.create('device', { code: 'export default () => { for (;;) {} }' }, { id: '1' }); return api.runCode('device/1');`),
    message: /CPU limit/,
    names: false, // the hosted code on device/1 is named, not the rule that ran it
    limit: true,
  },
  {
    name: 'code on an object reaching for an API its host rule did not allow',
    code: `export default (api) => {
      if (!api.get('device/1')) api.create('device', { code: "export default (api) => api.action('attack', { perform() { api.change.repeal('1', 'device'); } });" }, { id: '1' });
      api.host('device/1', { allow: ['action', 'get'] });
    };`,
    status: 'refused',
    message: /the code on device\/1 may not use api\.change/,
    names: false,
  },
];

const hashOf = (state: GameState) => stateHash({ ...state, seq: 0 });
const games: Game[] = [];
let bystander: Awaited<ReturnType<typeof testGame>>;
let pings = 0;
let cleanProbe: JsonObject;

beforeAll(async () => {
  bystander = await testGame([{ number: '1', text: 'Home.', code: HOME }], LIMITS);
  cleanProbe = (await bystander.act('bob', 'probe')).outcome.result as JsonObject;
  expect(cleanProbe).toMatchObject({ prototypes: true, json: true, push: true, iterators: true, stash: true, regexpStatics: true, clock: true });
  expect(cleanProbe.globals).not.toMatch(/process|require|WebAssembly|SharedArrayBuffer|__host|__nomicon/);
});

afterAll(async () => {
  expect((await verifyReplay(bystander.store, 'test', { limits: LIMITS })).ok).toBe(true);
  bystander.game.close();
  for (const g of games) g.close();
});

/** The other game in this process: untouched, and its sandbox (possibly restarted) agrees with it. */
async function bystanderIsFine(): Promise<void> {
  const before = hashOf(bystander.game.state);
  const ping = await bystander.act('bob', 'ping');
  expect(ping.outcome).toMatchObject({ status: 'ok', result: ++pings });
  expect(ping.outcome.effects.map((e) => e.op)).toEqual(['counter']);
  expect(hashOf(bystander.game.state)).not.toBe(before);
}

describe('hostile rule code', () => {
  it('has at least 25 programs', () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
  });

  for (const c of cases) {
    it(c.name, async () => {
      const rules = [{ number: '1', text: 'Home.', code: HOME }, ...(c.enact ? [] : [{ number: '66', text: 'Hostile.', code: c.code }])];
      const t = await testGame(rules, LIMITS);
      games.push(t.game);
      const before = hashOf(t.game.state);
      for (let i = 0; i < (c.times ?? 1); i++) {
        const entry = c.enact ? await t.act('mallory', 'enact', { code: c.code, ...(c.text ? { text: c.text } : {}) }) : await t.act('mallory', 'attack');
        expect(entry.outcome.status).toBe(c.status ?? 'fault');
        expect(entry.outcome.message).toMatch(c.message);
        if (c.names !== false) expect(entry.outcome.message).toMatch(/rule 66\b/);
        expect(entry.outcome.effects).toEqual([]);
        expect(entry.outcome.outputs).toEqual([]);
        expect(hashOf(t.game.state)).toBe(before);
      }
      // Still playable, its sandbox agrees with the host, and no builtin remembers the attack.
      expect((await t.act('alice', 'ping')).outcome).toMatchObject({ status: 'ok', result: 1 });
      expect((await t.act('alice', 'probe')).outcome.result).toEqual({ ...cleanProbe, rules: c.enact ? '1' : '1,66' });
      await bystanderIsFine();
      if (!c.limit) {
        const replay = await verifyReplay(t.store, 'test', { limits: LIMITS });
        expect(replay).toMatchObject({ ok: true, entries: t.game.seq, stateHash: stateHash(t.game.state) });
      }
      t.game.close();
    });
  }

  it('replays a game whose log holds a CPU fault, a memory fault and a crashed sandbox', async () => {
    const code = `export default (api) => {
      api.action('spin', { perform() { for (;;) {} } });
      api.action('hog', { perform() { const a = []; for (;;) a.push({ a: [1, 2, 3] }); } });
      api.action('crash', { perform() { return Array(1e9).fill(0).length; } });
      api.action('ping', { perform() { return api.nextNumber('ping'); } });
    };`;
    const t = await testGame([{ number: '7', code }], LIMITS);
    games.push(t.game);
    for (const action of ['spin', 'ping', 'hog', 'ping', 'crash', 'ping']) await t.act('mallory', action);
    const faults = (await t.store.read('test', 0)).filter((e) => e.outcome.status === 'fault').map((e) => e.outcome.message);
    expect(faults).toHaveLength(3);
    for (const m of faults) expect(m).toMatch(/^rule 7: /);
    expect(t.attrs('game/game')).toBeDefined();
    expect(t.game.state.counters.ping).toBe(3);
    expect((await verifyReplay(t.store, 'test', { limits: LIMITS })).ok).toBe(true);
  });

  it('keeps the host alive and its memory bounded', () => {
    expect(process.memoryUsage().rss).toBeLessThan(1024 * 1024 * 1024);
  });
});

describe('hostile rule code in an in-process sandbox (trusted mode)', () => {
  const inProcess = (rules: Parameters<typeof testGame>[0]) => testGame(rules, LIMITS).then(async (t) => {
    // testGame has no isolation option: reopen the same store with one.
    t.game.close();
    const { Game } = await import('../../src/kernel/game.js');
    const game = await Game.open(t.store, 'test', { limits: { ...LIMITS, isolation: 'in-process' } });
    games.push(game);
    return { ...t, game, act: (person: string, action: string) => game.submit({ kind: 'action', at: t.now(), person, action, args: {} }) };
  });

  it('names the rule for a CPU limit, a memory limit and pollution, and stays playable', async () => {
    const t = await inProcess([{ number: '1', text: 'Home.', code: HOME }, {
      number: '66', text: 'Hostile.', code: `export default (api) => {
        api.action('spin', { perform() { for (;;) {} } });
        api.action('hog', { perform() { const a = []; for (;;) a.push({ a: [1, 2, 3] }); } });
        api.action('pollute', { perform() { Object.prototype.isAdmin = true; } });
      };`,
    }]);
    const before = hashOf(t.game.state);
    expect((await t.act('mallory', 'spin')).outcome.message).toMatch(/^rule 66: exceeded the CPU limit of 200 ms/);
    expect((await t.act('mallory', 'hog')).outcome.message).toMatch(/^rule 66: (ran out of memory|exceeded the CPU limit)/);
    expect((await t.act('mallory', 'pollute')).outcome.message).toMatch(/^rule 66: Cannot add property isAdmin/);
    expect(hashOf(t.game.state)).toBe(before);
    expect((await t.act('alice', 'ping')).outcome).toMatchObject({ status: 'ok', result: 1 });
    expect((await t.act('alice', 'probe')).outcome.result).toEqual({ ...cleanProbe, rules: '1,66' });
  });
});

describe('the setup input', () => {
  // Setup compiles and loads a whole ruleset at once, so it has its own, larger budget (setupCpuMs).
  const SLOW_SETUP = `export default (api) => {
    api.on('setup', () => { let n = 0; for (let i = 0; i < 2e8; i++) n += i % 7; api.create('probe', { n: n > 0 }, { id: 'setup' }); });
    api.action('spin', { perform() { for (;;) {} } });
  };`;

  it('gets setupCpuMs, while every later input keeps cpuMs', async () => {
    const store = new MemoryEventStore();
    const game = await Game.create(store, 'setup', { start: T0, seed: 1 }, { limits: { cpuMs: 20, setupCpuMs: 20_000, memoryMb: 64 } });
    const setup = await game.submit({ kind: 'setup', at: T0, data: { rules: [{ number: '1', text: '', code: SLOW_SETUP }], event: {} } });
    expect(setup.outcome.status, setup.outcome.message).toBe('ok');
    expect(game.state.objects['probe/setup']?.attrs.n).toBe(true);
    const spin = await game.submit({ kind: 'action', at: T0, person: 'alice', action: 'spin', args: {} });
    expect(spin.outcome.message).toMatch(/rule 1: exceeded the CPU limit of 20 ms/);
    game.close();
  });

  it('is limited by setupCpuMs too', async () => {
    const store = new MemoryEventStore();
    const game = await Game.create(store, 'setup', { start: T0, seed: 1 }, { limits: { cpuMs: 20, setupCpuMs: 20, memoryMb: 64 } });
    const setup = await game.submit({ kind: 'setup', at: T0, data: { rules: [{ number: '1', text: '', code: SLOW_SETUP }], event: {} } });
    expect(setup.outcome.message).toMatch(/rule 1: exceeded the CPU limit of 20 ms/);
    game.close();
  });
});
