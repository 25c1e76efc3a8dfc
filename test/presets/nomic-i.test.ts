import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GameService } from '../../src/engine/games.js';
import { getPreset } from '../../src/engine/presets.js';
import { loadScenario, parseDuration } from '../../src/engine/scenario.js';
import type { JsonObject } from '../../src/kernel/types.js';
import { MemoryEventStore } from '../../src/storage/memory-store.js';
import { itRunsScenarios, scenarioFiles } from '../support/scenarios.js';

const seed = readFileSync(fileURLToPath(new URL('../../seeds/000_69a0a2800e705b72.txt', import.meta.url)), 'utf8');
const scenarios = fileURLToPath(new URL('../../src/presets/nomic-i/scenarios/', import.meta.url));

describe('preset nomic-i', () => {
  const preset = getPreset('nomic-i');

  it('has all 41 rules of the seed, each with the seed text exactly', () => {
    const numbers = [...seed.matchAll(/^Rule (\d+)/gm)].map((m) => m[1]);
    expect(numbers).toHaveLength(41);
    expect(preset.rules.map((r) => r.number)).toEqual(numbers);
    for (const rule of preset.rules) {
      const header = `Rule ${rule.number}${rule.mutable ? '' : ' (Immutable)'}\n\n`;
      expect(seed).toContain(header + rule.text);
      expect(rule.mutable).toBe(!rule.number.startsWith('1'));
    }
  });

  it('mechanizes every rule it does not explain as enforced by people', () => {
    for (const rule of preset.rules) {
      const explained = rule.number in preset.enforcedByPeople;
      const coded = rule.number in preset.code;
      expect(explained || coded, `rule ${rule.number} has neither code nor a reason`).toBe(true);
      expect(explained && coded, `rule ${rule.number} has both code and a reason`).toBe(false);
    }
    expect(Object.keys(preset.code).length).toBeGreaterThanOrEqual(37);
  });

  it('opens every rule module with a header comment and imports only types', () => {
    for (const [number, code] of Object.entries(preset.code)) {
      expect(code.startsWith(`// Rule ${number}`), `rule ${number}'s code starts with its header`).toBe(true);
      for (const line of code.split('\n').filter((l) => /^import\b/.test(l))) expect(line).toMatch(/^import type /);
    }
  });

  it('plays the thirty-turn game and replays it exactly', async () => {
    const scenario = loadScenario(`${scenarios}full-game.yaml`);
    let now = Date.parse('2026-01-05T00:00:00Z');
    const service = new GameService(new MemoryEventStore(), {}, () => now);
    try {
      await service.create({ id: 'long', preset: 'nomic-i', start: now, seed: 1, players: scenario.game.players ?? [], roles: scenario.game.roles ?? {}, set: (scenario.game.set ?? {}) as JsonObject });
      const refs = new Map<string, string>();
      const substitute = (value: unknown): unknown =>
        typeof value === 'string' ? value.replace(/\$([A-Za-z_][\w-]*)/g, (whole, name: string) => refs.get(name) ?? whole)
          : Array.isArray(value) ? value.map(substitute)
            : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v)])) : value;
      let messages = 0;
      let entries = 1;
      for (const step of scenario.steps as Record<string, any>[]) {
        if ('do' in step) {
          const entry = await service.act('long', step.as, step.do, substitute(step.args ?? {}) as JsonObject, { at: now, ...(step.in ? { medium: { channel: step.in } } : {}) });
          entries++;
          expect(entry.outcome.status === 'ok', `${step.as} ${step.do}: ${entry.outcome.message}`).toBe(step.expect === undefined);
          const result = entry.outcome.result;
          if (step.ref && typeof result === 'string' && result.includes('/')) refs.set(step.ref, result.slice(result.indexOf('/') + 1));
        } else if ('say' in step) {
          await service.say('long', step.say.as, step.say.text, { ...(step.say.in ? { channel: step.say.in } : {}), messageId: `m${++messages}` }, now);
          entries++;
        } else if ('advance' in step) {
          now += parseDuration(step.advance);
          entries += (await service.advance('long', now)).length;
        }
      }
      const game = await service.get('long');
      expect(game.state.objects['game/game']!.attrs.turnNumber).toBe(31);
      const report = await service.verify('long');
      expect(report.mismatch).toBeUndefined();
      expect(report.ok).toBe(true);
      expect(report.entries).toBe(entries);
    } finally {
      await service.close();
    }
  });
});

describe('nomic-i scenarios', () => {
  itRunsScenarios(scenarioFiles(scenarios));
});
