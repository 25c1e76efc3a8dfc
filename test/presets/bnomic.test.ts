import { readFileSync, readdirSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { JsonObject } from '../../src/kernel/types.js';
import { loadScenario, parseDuration } from '../../src/engine/scenario.js';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MemoryEventStore } from '../../src/storage/memory-store.js';
import { GameService } from '../../src/engine/games.js';
import { verifyReplay } from '../../src/kernel/game.js';
import { getPreset } from '../../src/engine/presets.js';
import { itRunsScenarios, scenarioFiles } from '../support/scenarios.js';

const seed = readFileSync(fileURLToPath(new URL('../../seeds/004_fcb906d613603658.txt', import.meta.url)), 'utf8');

describe('preset bnomic', () => {
  const preset = getPreset('bnomic');

  it('has all 68 rules of the seed, each with the seed text exactly', () => {
    expect(preset.rules).toHaveLength(68);
    const numbers = preset.rules.map((r) => r.number);
    expect(new Set(numbers).size).toBe(68);
    for (const n of numbers) expect(n).toMatch(/^4E\d+$/);
    for (const rule of preset.rules) {
      expect(seed).toContain(`Rule ${rule.number}: ${rule.title}\n`);
      const body = seed.slice(seed.indexOf(`Rule ${rule.number}: ${rule.title}\n`));
      expect(body).toContain(rule.text);
      expect(rule.mutable).toBe(true);
    }
    // Every "Rule 4E..." heading of the seed is a rule of the preset.
    const headings = [...seed.matchAll(/^Rule (4E\d+): /gm)].map((m) => m[1]);
    expect(headings.sort()).toEqual([...numbers].sort());
  });

  it('mechanizes every rule it does not explain as enforced by people', () => {
    for (const rule of preset.rules) {
      const explained = rule.number in preset.enforcedByPeople;
      const coded = rule.number in preset.code;
      expect(explained || coded, `rule ${rule.number} has neither code nor a reason`).toBe(true);
      expect(explained && coded, `rule ${rule.number} has both code and a reason`).toBe(false);
    }
    expect(Object.keys(preset.code).length).toBeGreaterThanOrEqual(55);
  });

  it('starts with every rule at Power 1/2, every rule\'s code in date, and the Clock at nweek 135, nday 1', async () => {
    const start = Date.UTC(2026, 0, 5);
    const service = new GameService(new MemoryEventStore(), {}, () => start);
    try {
      const { game } = await service.create({ id: 'g', preset: 'bnomic', start, players: ['alice', 'bob'], roles: { Chairman: ['alice'] } });
      const setup = (await service.store.read('g', 0))[0]!;
      expect(setup.outcome.happenings.filter((h) => h.event === 'code-out-of-date')).toEqual([]);
      const rules = Object.values(game.state.objects).filter((o) => o.type === 'rule');
      expect(rules).toHaveLength(68);
      for (const r of rules) expect(r.attrs.power).toBe(0.5);
      expect(game.state.objects['clock/clock']!.attrs).toMatchObject({ nweek: 135, nday: 1, state: 'On', ndelay: 0 });
      expect(game.state.objects['ministry/change']!.attrs.holder).toBe('alice');
      expect(game.state.objects['player/beast']!.attrs).toMatchObject({ active: false, points: 0, mackerel: 50 });
      expect((await verifyReplay(service.store, 'g')).ok).toBe(true);
    } finally {
      await service.close();
    }
  });
});

const SCENARIOS = fileURLToPath(new URL('../../src/presets/bnomic/scenarios/', import.meta.url));

describe('bnomic scenarios', () => {
  it('name every mechanized rule in at least one scenario', () => {
    const names = readdirSync(SCENARIOS).filter((f) => f.endsWith('.yaml')).map((f) => String((parseYaml(readFileSync(SCENARIOS + f, 'utf8')) as { name: string }).name));
    const covered = new Set(names.flatMap((n) => n.match(/4E\d+/g) ?? []));
    const missing = Object.keys(getPreset('bnomic').code).filter((n) => !covered.has(n));
    expect(missing).toEqual([]);
  });

  it('replays the full game exactly (replay --verify)', async () => {
    const scenario = loadScenario(SCENARIOS + 'full-game.yaml');
    let now = Date.parse('2026-01-05T00:00:00Z');
    const service = new GameService(new MemoryEventStore(), {}, () => now);
    try {
      await service.create({ id: 'full', preset: 'bnomic', start: now, players: scenario.game.players ?? [], roles: scenario.game.roles ?? {} });
      const refs = new Map<string, string>();
      const sub = (v: unknown): unknown => (typeof v === 'string' ? v.replace(/\$([\w-]+)/g, (w, n: string) => refs.get(n) ?? w) : Array.isArray(v) ? v.map(sub) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, sub(x)])) : v);
      for (const step of scenario.steps as Record<string, any>[]) {
        if ('advance' in step) {
          now += parseDuration(step.advance);
          await service.advance('full', now);
        } else if ('do' in step) {
          const entry = await service.act('full', step.as, step.do, sub(step.args ?? {}) as JsonObject, { at: now });
          expect(entry.outcome.status).not.toBe('fault');
          const created = typeof entry.outcome.result === 'string' && entry.outcome.result.includes('/') ? entry.outcome.result : undefined;
          if (step.ref && created) refs.set(step.ref, created.slice(created.indexOf('/') + 1));
        }
      }
      const game = await service.get('full');
      expect(game.state.objects['game/game']!.attrs.winner).toBe('alice');
      const report = await service.verify('full');
      expect(report.mismatch).toBeUndefined();
      expect(report.ok).toBe(true);
    } finally {
      await service.close();
    }
  });

  itRunsScenarios(scenarioFiles(SCENARIOS));
});
