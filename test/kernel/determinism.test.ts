// Determinism: rules reading Math.random, new Date() and Date.now() replay to the same effects, equal seeds make equal games, and local time and locale are the same on every machine.
import { afterEach, describe, expect, it } from 'vitest';
import { Game, stateHash, verifyReplay } from '../../src/kernel/game.js';
import type { JsonObject, LogEntry } from '../../src/kernel/types.js';
import { MemoryEventStore } from '../../src/storage/memory-store.js';
import { HOUR, T0, testGame } from '../support/kernel.js';

const CHANCE = `export default (api) => {
  const roll = (why) => {
    const d = new Date();
    api.create('roll', {
      why, random: Math.random(), draw: api.random(), pick: api.pick(['a', 'b', 'c', 'd']), now: Date.now(), date: d.getTime(),
      iso: d.toISOString(), text: String(d), called: Date(), local: [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()].join('-'),
      offset: d.getTimezoneOffset(), made: new Date(2026, 0, 5, 10).getTime(), parsed: Date.parse('2026-01-05 10:00'),
      locale: d.toLocaleString(), format: new Intl.DateTimeFormat().format(), zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      number: (1234567.891).toLocaleString(), sorted: ['b', 'a', 'C', 'ä'].sort((x, y) => x.localeCompare(y)).join(''),
    });
  };
  api.action('roll', { perform() { roll('action'); api.timer({ in: 3600000 * (1 + Math.floor(Math.random() * 3)) }, 'later'); } });
  api.on('later', () => roll('timer'));
}`;

const games: Game[] = [];
afterEach(() => {
  for (const g of games.splice(0)) g.close();
});

/** Plays the same script on a game: rolls by three persons, timers firing in between. */
async function play(seed: number, limits: JsonObject = {}) {
  const store = new MemoryEventStore();
  const game = await Game.create(store, 'test', { start: T0, seed }, { limits });
  games.push(game);
  const setup = await game.submit({ kind: 'setup', at: T0, data: { rules: [{ number: '1', text: 'Chance.', code: CHANCE }] } });
  expect(setup.outcome.status).toBe('ok');
  let now = T0;
  for (let i = 0; i < 12; i++) {
    now += HOUR / 2 + i * 60_000;
    await game.submit({ kind: 'action', at: now, person: ['ann', 'bob', 'cy'][i % 3]!, action: 'roll', args: {} });
  }
  await game.advanceTo(now + 10 * HOUR);
  return { store, game, log: await store.read('test', 0) };
}

const rolls = (game: Game) => Object.values(game.state.objects).filter((o) => o.type === 'roll').map((o) => o.attrs);
const effectsOf = (log: LogEntry[]) => log.map((e) => ({ input: e.input, status: e.outcome.status, effects: e.outcome.effects, hash: e.hash }));

describe('determinism', () => {
  it("reads the game's clock and random stream, in UTC and one locale", async () => {
    const { game } = await play(7);
    const all = rolls(game);
    expect(all.length).toBe(24);
    for (const r of all) {
      expect(r.now).toBe(r.date);
      expect(r.random).not.toBe(r.draw);
      expect(r.offset).toBe(0);
      expect(r.zone).toBe('UTC');
      expect(r.made).toBe(Date.UTC(2026, 0, 5, 10));
      expect(r.parsed).toBe(Date.UTC(2026, 0, 5, 10));
      expect(r.number).toBe('1,234,567.891');
      expect(r.sorted).toBe('aäbC');
      expect(r.called).toBe(r.text);
      expect(r.text).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) Jan \d\d 2026 \d\d:\d\d:\d\d GMT\+0000 \(Coordinated Universal Time\)$/);
    }
    const first = all[0]!;
    const at = new Date(first.now as number);
    expect(first.iso).toBe(at.toISOString());
    expect(first.local).toBe([at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), at.getUTCHours(), at.getUTCMinutes()].join('-'));
    expect(first.format).toBe(`1/5/2026`);
    expect(first.locale).toBe(new Date(first.now as number).toLocaleString('en-US', { timeZone: 'UTC' }));
    // The timers fired at the game's times, not the machine's.
    expect(all.filter((r) => r.why === 'timer').every((r) => (r.now as number) > T0 && (r.now as number) < T0 + 20 * HOUR)).toBe(true);
  });

  it('replays every input to the same effects and the same state hash', async () => {
    const { store, game } = await play(7);
    const report = await verifyReplay(store, 'test');
    expect(report).toMatchObject({ ok: true, entries: game.seq, stateHash: stateHash(game.state) });
  });

  it('two games with the same seed and inputs are identical; another seed differs', async () => {
    const a = await play(42);
    const b = await play(42);
    const c = await play(43);
    expect(effectsOf(b.log)).toEqual(effectsOf(a.log));
    expect(stateHash(b.game.state)).toBe(stateHash(a.game.state));
    expect(rolls(c.game).map((r) => r.random)).not.toEqual(rolls(a.game).map((r) => r.random));
  });

  it('a game played in the sandbox process replays in an in-process sandbox on a machine in another time zone', async () => {
    const { store, game } = await play(9);
    const saved = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(new Date(0).getTimezoneOffset()).not.toBe(0); // the host itself now runs on New York time
      const report = await verifyReplay(store, 'test', { limits: { isolation: 'in-process' } });
      expect(report).toMatchObject({ ok: true, entries: game.seq, stateHash: stateHash(game.state) });
      // And a game played there records what a game played in UTC records.
      const there = await play(9, { isolation: 'in-process' });
      expect(effectsOf(there.log)).toEqual(effectsOf(await store.read('test', 0)));
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it("a preview draws from its own stream and changes nothing", async () => {
    const { game, act } = await testGame([{ number: '1', text: 'Chance.', code: CHANCE }], { seed: 3 });
    games.push(game);
    const before = stateHash(game.state);
    const preview = await game.preview({ kind: 'action', at: T0, person: 'ann', action: 'roll', args: {} });
    expect(preview.status).toBe('ok');
    expect(stateHash(game.state)).toBe(before);
    const real = await act('ann', 'roll');
    expect(real.outcome.status).toBe('ok');
    const drawn = (e: LogEntry['outcome']) => (e.effects.find((x) => x.op === 'create') as { object: { attrs: JsonObject } }).object.attrs.random;
    expect(drawn(real.outcome)).not.toBe(drawn(preview));
  });
});
