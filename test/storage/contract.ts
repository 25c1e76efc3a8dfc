// The one EventStore contract suite, run against every backend by the *.test.ts files beside it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, type EventStore } from '../../src/kernel/store.js';
import type { GameState, Input, JsonObject, LogEntry, Outcome } from '../../src/kernel/types.js';
import { GameExistsError, GameNotFoundError } from '../../src/storage/errors.js';

export interface ContractBackend {
  /** Opens a store over the backend; called again after close() to reopen the same data. */
  open(): Promise<EventStore>;
  /** Data survives close() + open(). */
  persistent: boolean;
  /** Two stores may be open at once over the same data, on separate connections. */
  shared: boolean;
  /** Called once after the suite. */
  cleanup?(): Promise<void>;
}

let counter = 0;
/** Unique game ids, so tests share one store per backend without seeing each other's games. */
export function gameId(label: string): string {
  counter += 1;
  return `${label}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

export function outcome(extra: Partial<Outcome> = {}): Outcome {
  return { status: 'ok', effects: [], outputs: [], happenings: [], ...extra };
}

/** Entries numbered from+1 ... from+count; `tag` is put in the input so entries can be told apart. */
export function entries(from: number, count: number, tag = 't'): LogEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const seq = from + 1 + i;
    const input: Input = { kind: 'action', at: 1_700_000_000_000 + seq, person: tag, action: 'note', args: { n: seq, tag } };
    return { seq, input, outcome: outcome({ result: seq }), hash: `h${seq}-${tag}` };
  });
}

function state(seq: number, label: string): GameState {
  return {
    seq,
    now: 1_700_000_000_000 + seq,
    objects: { [`note/${label}`]: { type: 'note', id: label, attrs: { seq, label } } },
    counters: { note: seq },
    rng: [1, 2, 3, seq],
  };
}

/** What the store must give back: the value as JSON would carry it. */
function viaJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

const TRICKY_STRINGS = [
  '',
  'plain',
  'quotes " and \' and `backticks`',
  'back\\slash \\n not-a-newline',
  'line\nbreak\r\ntab\t',
  'nul \u0000 inside',
  'control \u0001\u001f\u007f',
  'Zürich, naïve café, Ærøskøbing',
  '日本語のテキスト、中文、한국어',
  'مرحبا بالعالم (rtl) עברית',
  'emoji 🎲🃏👩🏽‍⚖️🏳️‍🌈',
  'combining e\u0301 vs é',
  'lone surrogates \ud800 and \udfff',
  'separators \u2028 \u2029',
  'bom \ufeff',
  "'; drop table log; --",
];

function nested(depth: number): JsonObject {
  let value: JsonObject = { leaf: true };
  for (let i = 0; i < depth; i++) value = { level: i, child: value, list: [i, { i }, [i]] };
  return value;
}

export function eventStoreContract(name: string, backend: ContractBackend | (() => Promise<ContractBackend>)): void {
  describe(`EventStore contract: ${name}`, () => {
    let b: ContractBackend;
    let store: EventStore;

    beforeAll(async () => {
      b = typeof backend === 'function' ? await backend() : backend;
      store = await b.open();
    });

    afterAll(async () => {
      await store?.close();
      await b?.cleanup?.();
    });

    describe('games and meta', () => {
      it('creates a game with seq 0 and reads it back', async () => {
        const id = gameId('create');
        const meta = { preset: 'classic', title: 'A game', visibility: 'public', createdAt: 1_700_000_000_000 };
        expect(await store.createGame(id, meta)).toEqual({ id, meta, seq: 0 });
        expect(await store.getGame(id)).toEqual({ id, meta, seq: 0 });
      });

      it('returns undefined for an unknown game', async () => {
        expect(await store.getGame(gameId('missing'))).toBeUndefined();
      });

      it('refuses to create a game twice and keeps the first meta', async () => {
        const id = gameId('dup');
        await store.createGame(id, { n: 1 });
        await expect(store.createGame(id, { n: 2 })).rejects.toBeInstanceOf(GameExistsError);
        expect((await store.getGame(id))?.meta).toEqual({ n: 1 });
      });

      it('lists games ordered by id, with their meta and seq', async () => {
        const prefix = gameId('list');
        const ids = [`${prefix}-b`, `${prefix}-a`, `${prefix}-C`, `${prefix}-c`];
        for (const [i, id] of ids.entries()) await store.createGame(id, { i });
        await store.append(ids[0]!, 0, entries(0, 2));
        const listed = (await store.listGames()).filter((g) => g.id.startsWith(prefix));
        expect(listed.map((g) => g.id)).toEqual([`${prefix}-C`, `${prefix}-a`, `${prefix}-b`, `${prefix}-c`]);
        expect(listed.find((g) => g.id === ids[0])).toEqual({ id: ids[0], meta: { i: 0 }, seq: 2 });
        const all = (await store.listGames()).map((g) => g.id);
        expect(all).toEqual([...all].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
      });

      it('replaces meta with updateMeta, leaving the log alone', async () => {
        const id = gameId('meta');
        await store.createGame(id, { title: 'old', tags: ['a'] });
        await store.append(id, 0, entries(0, 3));
        await store.updateMeta(id, { title: 'new' });
        expect(await store.getGame(id)).toEqual({ id, meta: { title: 'new' }, seq: 3 });
        expect(await store.read(id)).toHaveLength(3);
      });

      it('refuses updateMeta on an unknown game', async () => {
        await expect(store.updateMeta(gameId('nometa'), { a: 1 })).rejects.toBeInstanceOf(GameNotFoundError);
      });

      it('hands out copies: mutating a returned record changes nothing stored', async () => {
        const id = gameId('copy');
        const meta = { list: [1, 2], obj: { k: 'v' } };
        const created = await store.createGame(id, meta);
        meta.list.push(3);
        (created.meta.obj as JsonObject).k = 'changed';
        const got = await store.getGame(id);
        expect(got?.meta).toEqual({ list: [1, 2], obj: { k: 'v' } });
        (got!.meta.list as number[]).push(99);
        expect((await store.getGame(id))?.meta).toEqual({ list: [1, 2], obj: { k: 'v' } });
      });
    });

    describe('append and read', () => {
      it('appends in batches and reads everything back in order', async () => {
        const id = gameId('order');
        await store.createGame(id, {});
        await store.append(id, 0, entries(0, 1));
        await store.append(id, 1, entries(1, 4));
        await store.append(id, 5, entries(5, 2));
        const log = await store.read(id);
        expect(log).toEqual(entries(0, 7));
        expect(log.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
        expect((await store.getGame(id))?.seq).toBe(7);
      });

      it('reads ranges with afterSeq and limit', async () => {
        const id = gameId('range');
        await store.createGame(id, {});
        await store.append(id, 0, entries(0, 10));
        expect((await store.read(id, 0)).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        expect((await store.read(id, 3)).map((e) => e.seq)).toEqual([4, 5, 6, 7, 8, 9, 10]);
        expect((await store.read(id, 3, 2)).map((e) => e.seq)).toEqual([4, 5]);
        expect((await store.read(id, 0, 1)).map((e) => e.seq)).toEqual([1]);
        expect((await store.read(id, 8, 100)).map((e) => e.seq)).toEqual([9, 10]);
        expect(await store.read(id, 10)).toEqual([]);
        expect(await store.read(id, 50)).toEqual([]);
        expect(await store.read(id, 2, 0)).toEqual([]);
        // Paging through the log with limit gives the whole log exactly once.
        const paged: number[] = [];
        for (let after = 0; ; ) {
          const page = await store.read(id, after, 3);
          if (page.length === 0) break;
          paged.push(...page.map((e) => e.seq));
          after = page[page.length - 1]!.seq;
        }
        expect(paged).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      });

      it('reads nothing for an unknown game or an empty log', async () => {
        expect(await store.read(gameId('nolog'))).toEqual([]);
        const id = gameId('empty');
        await store.createGame(id, {});
        expect(await store.read(id)).toEqual([]);
      });

      it('keeps games apart', async () => {
        const a = gameId('apart-a');
        const b2 = gameId('apart-b');
        await store.createGame(a, {});
        await store.createGame(b2, {});
        await store.append(a, 0, entries(0, 3, 'a'));
        await store.append(b2, 0, entries(0, 2, 'b'));
        expect(await store.read(a)).toEqual(entries(0, 3, 'a'));
        expect(await store.read(b2)).toEqual(entries(0, 2, 'b'));
      });

      it('accepts an empty append at the right seq and refuses one at a stale seq', async () => {
        const id = gameId('emptyappend');
        await store.createGame(id, {});
        await store.append(id, 0, entries(0, 2));
        await store.append(id, 2, []);
        await expect(store.append(id, 1, [])).rejects.toBeInstanceOf(ConcurrencyError);
        expect((await store.getGame(id))?.seq).toBe(2);
      });

      it('refuses entries whose seqs do not follow expectedSeq, writing nothing', async () => {
        const id = gameId('badseq');
        await store.createGame(id, {});
        await store.append(id, 0, entries(0, 2));
        const gap = entries(2, 3);
        gap[1] = { ...gap[1]!, seq: 9 };
        await expect(store.append(id, 2, gap)).rejects.toThrow(/seq/);
        await expect(store.append(id, 2, entries(3, 1))).rejects.toThrow(/seq/);
        await expect(store.append(id, 2, entries(0, 1))).rejects.toThrow(/seq/);
        await expect(store.append(id, -1, entries(-1, 1))).rejects.toThrow();
        expect(await store.read(id)).toEqual(entries(0, 2));
        expect((await store.getGame(id))?.seq).toBe(2);
      });

      it('refuses to append to an unknown game', async () => {
        await expect(store.append(gameId('noappend'), 0, entries(0, 1))).rejects.toBeInstanceOf(GameNotFoundError);
      });
    });

    describe('optimistic concurrency', () => {
      it('throws ConcurrencyError on a stale or future expectedSeq, changing nothing', async () => {
        const id = gameId('stale');
        await store.createGame(id, {});
        await store.append(id, 0, entries(0, 3));
        const stale = await store.append(id, 1, entries(1, 2, 'late')).catch((e: unknown) => e);
        expect(stale).toBeInstanceOf(ConcurrencyError);
        expect(stale).toMatchObject({ gameId: id, expected: 1, actual: 3 });
        const future = await store.append(id, 5, entries(5, 1)).catch((e: unknown) => e);
        expect(future).toBeInstanceOf(ConcurrencyError);
        expect(future).toMatchObject({ expected: 5, actual: 3 });
        expect(await store.read(id)).toEqual(entries(0, 3));
        expect((await store.getGame(id))?.seq).toBe(3);
      });

      it('lets exactly one of two concurrent appends at the same seq win', async () => {
        const id = gameId('race2');
        await store.createGame(id, {});
        await store.append(id, 0, entries(0, 1));
        const results = await Promise.allSettled([store.append(id, 1, entries(1, 3, 'x')), store.append(id, 1, entries(1, 2, 'y'))]);
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect(lost[0]!.reason).toBeInstanceOf(ConcurrencyError);
        const winner = results[0]!.status === 'fulfilled' ? 'x' : 'y';
        const expected = [...entries(0, 1), ...entries(1, winner === 'x' ? 3 : 2, winner)];
        expect(await store.read(id)).toEqual(expected);
        expect((await store.getGame(id))?.seq).toBe(expected.length);
      });

      it('lets exactly one of many concurrent appends at the same seq win', async () => {
        const id = gameId('race8');
        await store.createGame(id, {});
        const results = await Promise.allSettled(Array.from({ length: 8 }, (_, w) => store.append(id, 0, entries(0, 2, `w${w}`))));
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ConcurrencyError);
        const log = await store.read(id);
        expect(log).toHaveLength(2);
        expect(new Set(log.map((e) => e.hash.split('-')[1])).size).toBe(1);
      });

      it('keeps the log contiguous under retrying concurrent writers', async () => {
        const id = gameId('retry');
        await store.createGame(id, {});
        const writers = 4;
        const perWriter = 10;
        let conflicts = 0;
        const writer = async (w: number): Promise<void> => {
          for (let done = 0; done < perWriter; ) {
            const seq = (await store.getGame(id))!.seq;
            try {
              await store.append(id, seq, entries(seq, 1, `w${w}`));
              done += 1;
            } catch (e) {
              if (!(e instanceof ConcurrencyError)) throw e;
              conflicts += 1;
            }
          }
        };
        await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
        const log = await store.read(id);
        expect(log.map((e) => e.seq)).toEqual(Array.from({ length: writers * perWriter }, (_, i) => i + 1));
        for (let w = 0; w < writers; w++) expect(log.filter((e) => e.hash.endsWith(`-w${w}`))).toHaveLength(perWriter);
        expect(conflicts).toBeGreaterThanOrEqual(0);
      });

      it('lets exactly one of two stores on separate connections win', async (ctx) => {
        if (!b.shared) ctx.skip('backend has a single connection');
        const other = await b.open();
        try {
          for (let round = 0; round < 5; round++) {
            const id = gameId('xconn');
            await store.createGame(id, {});
            const results = await Promise.allSettled([store.append(id, 0, entries(0, 2, 'a')), other.append(id, 0, entries(0, 2, 'b'))]);
            expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
            for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ConcurrencyError);
            expect(await store.read(id)).toEqual(await other.read(id));
            expect(await store.read(id)).toHaveLength(2);
          }
        } finally {
          await other.close();
        }
      });
    });

    describe('snapshots', () => {
      it('has no snapshot until one is saved', async () => {
        const id = gameId('nosnap');
        await store.createGame(id, {});
        expect(await store.latestSnapshot(id)).toBeUndefined();
        expect(await store.latestSnapshot(gameId('nosnapgame'))).toBeUndefined();
      });

      it('returns the snapshot with the highest seq, whatever the saving order', async () => {
        const id = gameId('snap');
        await store.createGame(id, {});
        await store.append(id, 0, entries(0, 6));
        await store.saveSnapshot(id, { seq: 2, state: state(2, 'two') });
        expect(await store.latestSnapshot(id)).toEqual({ seq: 2, state: state(2, 'two') });
        await store.saveSnapshot(id, { seq: 5, state: state(5, 'five') });
        expect(await store.latestSnapshot(id)).toEqual({ seq: 5, state: state(5, 'five') });
        await store.saveSnapshot(id, { seq: 3, state: state(3, 'three') });
        expect(await store.latestSnapshot(id)).toEqual({ seq: 5, state: state(5, 'five') });
        // Saving again at the same seq replaces it.
        await store.saveSnapshot(id, { seq: 5, state: state(5, 'five-again') });
        expect(await store.latestSnapshot(id)).toEqual({ seq: 5, state: state(5, 'five-again') });
        await store.saveSnapshot(id, { seq: 6, state: state(6, 'six') });
        expect((await store.latestSnapshot(id))?.seq).toBe(6);
      });

      it('accepts a snapshot at seq 0 and refuses one past the end of the log', async () => {
        const id = gameId('snapend');
        await store.createGame(id, {});
        await store.saveSnapshot(id, { seq: 0, state: state(0, 'zero') });
        expect((await store.latestSnapshot(id))?.seq).toBe(0);
        await expect(store.saveSnapshot(id, { seq: 1, state: state(1, 'one') })).rejects.toThrow(RangeError);
        expect((await store.latestSnapshot(id))?.seq).toBe(0);
      });

      it('refuses a snapshot for an unknown game', async () => {
        await expect(store.saveSnapshot(gameId('nosnapgame'), { seq: 0, state: state(0, 'x') })).rejects.toBeInstanceOf(GameNotFoundError);
      });

      it('keeps snapshots per game', async () => {
        const a = gameId('snap-a');
        const c = gameId('snap-c');
        await store.createGame(a, {});
        await store.createGame(c, {});
        await store.append(a, 0, entries(0, 1));
        await store.saveSnapshot(a, { seq: 1, state: state(1, 'a') });
        expect(await store.latestSnapshot(c)).toBeUndefined();
      });
    });

    describe('JSON round trip', () => {
      it('carries nested values, numbers and unicode through input, outcome, meta and state', async () => {
        const id = gameId('json');
        const tricky: JsonObject = {
          strings: TRICKY_STRINGS,
          keys: Object.fromEntries(TRICKY_STRINGS.map((s, i) => [s || 'empty', i])),
          numbers: [0, -0, 1, -1, 0.1, -2.5e-8, 1e300, -1e-300, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 2 ** 53 + 2, 4294967295],
          literals: [true, false, null],
          empty: { obj: {}, arr: [], str: '' },
          deep: nested(60),
          order: { z: 1, a: 2, m: 3, '10': 4, '9': 5 },
        };
        await store.createGame(id, { title: 'Nomic 🎲 ñ \u0000', tricky });
        const input: Input = { kind: 'action', at: 1, person: 'ωμέγα 👩‍🚀', action: 'propose', args: tricky, medium: { channel: '#général', subject: 'Re: «règle» 208' } };
        const out = outcome({ result: tricky, outputs: [{ to: 'all', text: TRICKY_STRINGS.join(' | '), data: tricky }], draws: [0.5, 0.25] });
        const entry: LogEntry = { seq: 1, input, outcome: out, hash: 'a'.repeat(64) };
        await store.append(id, 0, [entry]);
        const [read] = await store.read(id);
        expect(read).toEqual(viaJson(entry));
        expect(JSON.stringify(read)).toBe(JSON.stringify(entry));
        expect(Object.keys((read!.input as { args: JsonObject }).args.order as JsonObject)).toEqual(Object.keys(tricky.order as JsonObject));
        const meta = (await store.getGame(id))!.meta;
        expect(meta).toEqual(viaJson({ title: 'Nomic 🎲 ñ \u0000', tricky }));

        const st: GameState = { ...state(1, 'json'), objects: { 'thing/ü': { type: 'thing', id: 'ü', attrs: tricky, secret: { code: ['p1'] } } } };
        await store.saveSnapshot(id, { seq: 1, state: st });
        expect(await store.latestSnapshot(id)).toEqual({ seq: 1, state: viaJson(st) });
      });

      it('drops undefined properties the way JSON does', async () => {
        const id = gameId('undef');
        await store.createGame(id, { keep: 1, drop: undefined } as unknown as JsonObject);
        expect((await store.getGame(id))?.meta).toEqual({ keep: 1 });
        expect(Object.keys((await store.getGame(id))!.meta)).toEqual(['keep']);
      });

      it('takes unicode game ids', async () => {
        const id = `${gameId('ünï')}-日本-🎲`;
        await store.createGame(id, {});
        await store.append(id, 0, entries(0, 1));
        expect((await store.getGame(id))?.seq).toBe(1);
        expect((await store.listGames()).some((g) => g.id === id)).toBe(true);
      });
    });

    describe('large entries', () => {
      it('stores a multi-megabyte entry', async () => {
        const id = gameId('big');
        await store.createGame(id, {});
        const big = 'x'.repeat(1_000_000) + '🎲'.repeat(100_000) + 'é'.repeat(500_000);
        const entry: LogEntry = {
          seq: 1,
          input: { kind: 'message', at: 1, person: 'p', text: big },
          outcome: outcome({ outputs: Array.from({ length: 200 }, (_, i) => ({ to: ['p'], text: `${i}:${big.slice(0, 5_000)}` })) }),
          hash: 'f'.repeat(64),
        };
        await store.append(id, 0, [entry]);
        const [read] = await store.read(id);
        expect((read!.input as { text: string }).text.length).toBe(big.length);
        expect((read!.input as { text: string }).text === big).toBe(true);
        expect(read).toEqual(entry);
        const bigState: GameState = { ...state(1, 'big'), objects: Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`o/${i}`, { type: 'o', id: String(i), attrs: { text: big.slice(i, i + 200) } }])) };
        await store.saveSnapshot(id, { seq: 1, state: bigState });
        expect(await store.latestSnapshot(id)).toEqual({ seq: 1, state: bigState });
      });

      it('appends thousands of entries in one call, atomically, and pages through them', async () => {
        const id = gameId('many');
        await store.createGame(id, {});
        const count = 7_000;
        await store.append(id, 0, entries(0, count));
        expect((await store.getGame(id))?.seq).toBe(count);
        const all = await store.read(id);
        expect(all).toHaveLength(count);
        expect(all.every((e, i) => e.seq === i + 1)).toBe(true);
        expect(all[count - 1]).toEqual(entries(count - 1, 1)[0]);
        expect((await store.read(id, 6_990)).map((e) => e.seq)).toEqual(Array.from({ length: 10 }, (_, i) => 6_991 + i));
        // A second big batch racing a stale one: the stale one writes nothing.
        await expect(store.append(id, 0, entries(0, count, 'stale'))).rejects.toBeInstanceOf(ConcurrencyError);
        expect((await store.read(id)).filter((e) => e.hash.endsWith('-stale'))).toHaveLength(0);
      });
    });

    describe('close and reopen', () => {
      it('refuses calls after close; a reopened store keeps games, logs, meta and snapshots when persistent', async () => {
        const id = gameId('persist');
        await store.createGame(id, { title: 'kept' });
        await store.append(id, 0, entries(0, 5));
        await store.saveSnapshot(id, { seq: 4, state: state(4, 'kept') });
        const closed = store;
        await closed.close();
        await closed.close(); // closing twice is harmless
        await expect(closed.getGame(id)).rejects.toThrow(/closed/);
        await expect(closed.append(id, 5, entries(5, 1))).rejects.toThrow(/closed/);
        store = await b.open();
        if (!b.persistent) {
          expect(await store.getGame(id)).toBeUndefined();
          return;
        }
        expect(await store.getGame(id)).toEqual({ id, meta: { title: 'kept' }, seq: 5 });
        expect(await store.read(id)).toEqual(entries(0, 5));
        expect(await store.latestSnapshot(id)).toEqual({ seq: 4, state: state(4, 'kept') });
        await store.append(id, 5, entries(5, 1));
        expect((await store.getGame(id))?.seq).toBe(6);
      });
    });
  });
}
