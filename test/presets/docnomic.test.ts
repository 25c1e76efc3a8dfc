import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GameService } from '../../src/engine/games.js';
import { getPreset } from '../../src/engine/presets.js';
import { MemoryEventStore } from '../../src/storage/memory-store.js';
import { itRunsScenarios, scenarioFiles } from '../support/scenarios.js';

const seed = readFileSync(fileURLToPath(new URL('../../seeds/003_5d4f6ffb6505cae1.txt', import.meta.url)), 'utf8');

describe('preset docnomic', () => {
  const preset = getPreset('docnomic');

  it('has all 23 rules of the seed, each with the seed text exactly', () => {
    expect(preset.rules.map((r) => r.number)).toEqual([
      '0', '1', '2', '3', '4', '5', '6', '7', '8', '10', '11', '12',
      ...Array.from({ length: 11 }, (_, i) => String(1000 + i)),
    ]);
    for (const rule of preset.rules) {
      expect(seed).toContain(`${rule.number}. ${rule.title}\n${rule.text}\n[`);
      expect(rule.mutable).toBe(true);
    }
  });

  it('mechanizes every rule it does not explain as enforced by people', () => {
    for (const rule of preset.rules) {
      const explained = rule.number in preset.enforcedByPeople;
      const coded = rule.number in preset.code;
      expect(explained || coded, `rule ${rule.number} has neither code nor a reason`).toBe(true);
    }
    expect(Object.keys(preset.code).length).toBeGreaterThanOrEqual(20);
  });

  it('loads the code of every mechanized rule (each finds its parameters in its text)', async () => {
    const service = new GameService(new MemoryEventStore(), {}, () => Date.UTC(2026, 0, 5));
    try {
      const { game } = await service.create({ id: 'g', preset: 'docnomic', players: ['alice', 'bob'], roles: { Doc: ['doc'] } });
      const loaded = (await game.catalog()).map((entry) => String(entry.rule)).sort();
      expect(loaded).toEqual(Object.keys(preset.code).sort());
    } finally {
      await service.close();
    }
  });
});

describe('a docnomic game', () => {
  it('replays to the same effects and state through a whole Round (random draws, duns, the archive)', async () => {
    let now = Date.UTC(2026, 0, 5);
    const service = new GameService(new MemoryEventStore(), {}, () => now);
    try {
      await service.create({ id: 'g', preset: 'docnomic', start: now, seed: 2, players: ['alice', 'bob', 'carol'], roles: { Doc: ['doc'] } });
      const act = async (person: string, action: string, args: Record<string, unknown> = {}) => {
        const entry = await service.act('g', person, action, args as never, { at: now });
        expect(entry.outcome.status, `${person} ${action}: ${entry.outcome.message}`).toBe('ok');
        return entry.outcome.result;
      };
      await act('alice', 'propose', { title: 'Hats', text: 'Enact a new rule titled "Hats": "Hats are worn."' });
      await act('doc', 'judge-proposal', { proposal: '1', judgement: 'accept' });
      await act('bob', 'gang-action', { action: 'Steal Plinks from Player alice' });
      await act('doc', 'determine-gang-action', { action: '1' });
      await act('carol', 'request-ship', {});
      await act('alice', 'bid', { ship: '1', points: 0, plinks: 3 });
      now += 5 * 86_400_000;
      await service.advance('g', now);
      await act('doc', 'proclaim', { text: 'All are Jets.', changes: [{ set: { path: 'player/alice.gang', value: 'jets' } }, { set: { path: 'player/bob.gang', value: 'jets' } }] });
      const game = await service.get('g');
      expect(game.state.objects['game/game']!.attrs.round).toBe(4);
      expect(game.state.objects['archive/round-3']!.attrs.finalGamestate).toBeTruthy();
      const report = await service.verify('g');
      expect(report.mismatch).toBeUndefined();
      expect(report.ok).toBe(true);
    } finally {
      await service.close();
    }
  });
});

describe('docnomic scenarios', () => {
  itRunsScenarios(scenarioFiles(fileURLToPath(new URL('../../src/presets/docnomic/scenarios/', import.meta.url))));
});
