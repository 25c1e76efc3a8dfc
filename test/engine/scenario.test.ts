import { describe, expect, it } from 'vitest';
import { meets, parseDuration } from '../../src/engine/scenario.js';

describe('scenario expectations', () => {
  it('compares numbers as numbers and strings exactly', () => {
    expect(meets(301, 301, true)).toBe(true);
    expect(meets(301, '301', true)).toBe(true);
    expect(meets('301', 302, true)).toBe(false);
    expect(meets('Alice', 'alice', true)).toBe(false);
    expect(meets(null, null, true)).toBe(true);
    expect(meets(0, null, true)).toBe(false);
    expect(meets(false, 0, true)).toBe(false);
  });

  it('contains: a phrase matches across line breaks and runs of spaces', () => {
    expect(meets({ contains: 'turn lasts 24 hours' }, 'A turn\nlasts  24 hours.', true)).toBe(true);
    expect(meets({ contains: 'turn lasts 12 hours' }, 'A turn lasts 24 hours.', true)).toBe(false);
  });

  it('implements every matcher', () => {
    expect(meets({ contains: '36 hours' }, 'lasts 36 hours', true)).toBe(true);
    expect(meets({ contains: 'bob' }, ['alice', 'bob'], true)).toBe(true);
    expect(meets({ matches: '^\\d+ hours$' }, '24 hours', true)).toBe(true);
    expect(meets({ gte: 10 }, 10, true)).toBe(true);
    expect(meets({ gt: 10 }, 10, true)).toBe(false);
    expect(meets({ lte: 3 }, 4, true)).toBe(false);
    expect(meets({ lt: 3 }, 2, true)).toBe(true);
    expect(meets({ in: ['voting', 'adopted'] }, 'adopted', true)).toBe(true);
    expect(meets({ not: 'void' }, 'pending', true)).toBe(true);
    expect(meets({ not: 'void' }, 'void', true)).toBe(false);
    expect(meets('present', null, true)).toBe(true);
    expect(meets('absent', null, true)).toBe(false);
    expect(meets({ gte: 1 }, null, true)).toBe(false);
  });

  it('treats a list of winners as a set', () => {
    expect(meets(['alice', 'bob'], ['bob', 'alice'], true)).toBe(true);
    expect(meets(['alice', 'bob'], ['alice'], true)).toBe(false);
    expect(meets(['alice', 'alice'], ['alice', 'bob'], true)).toBe(false);
  });

  it('reads durations in s, m, h, d, w and refuses anything else', () => {
    expect(parseDuration('24h')).toBe(86_400_000);
    expect(parseDuration('1d 12h')).toBe(129_600_000);
    expect(parseDuration('90m')).toBe(5_400_000);
    expect(parseDuration('2w')).toBe(1_209_600_000);
    expect(() => parseDuration('soon')).toThrow('not a duration');
    expect(() => parseDuration('3 days')).toThrow('not a duration');
  });
});

describe('reading scenario YAML', () => {
  it('keeps rule numbers like 4E36 as text, and real numbers as numbers', async () => {
    const { readYaml } = await import('../../src/engine/scenario.js');
    expect(readYaml('args: {rule: 4E36, n: 5, x: 1.5e3, q: "4E1"}')).toEqual({ args: { rule: '4E36', n: 5, x: 1500, q: '4E1' } });
    expect(() => readYaml('a: [1,')).toThrow();
  });
});

describe('running scenarios', () => {
  it('takes one role holder written without a list, and reads paths into an attribute\'s fields', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { runScenarioFile } = await import('../../src/engine/scenario.js');
    const dir = mkdtempSync(join(tmpdir(), 'nomicon-scenario-'));
    const file = join(dir, 'roles.yaml');
    writeFileSync(file, [
      'game: {preset: nomic-v, players: [alice, bob], roles: {moderator: mod}, set: {player/alice.stash: {gold: 3, gems: {red: 1}}}}',
      'steps:',
      '  - check: {player/alice.stash.gold: 3, player/alice.stash.gems.red: 1, player/alice.stash.gems.blue: null, player/nobody.stash.gold: absent}',
      '',
    ].join('\n'));
    const result = await runScenarioFile(file);
    expect(result.failures).toEqual([]);
  });
});
