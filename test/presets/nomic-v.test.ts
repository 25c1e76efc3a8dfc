import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getPreset } from '../../src/engine/presets.js';
import { itRunsScenarios, scenarioFiles } from '../support/scenarios.js';

const seed = readFileSync(fileURLToPath(new URL('../../seeds/001_8ae27d7cb3ca91a4.txt', import.meta.url)), 'utf8');

describe('preset nomic-v', () => {
  const preset = getPreset('nomic-v');

  it('has all 32 rules of the seed, each with the seed text exactly', () => {
    expect(preset.rules.map((r) => r.number)).toEqual([
      ...Array.from({ length: 16 }, (_, i) => String(101 + i)),
      ...Array.from({ length: 16 }, (_, i) => String(201 + i)),
    ]);
    for (const rule of preset.rules) {
      const header = `Rule ${rule.number}${rule.mutable ? '' : ' (Immutable)'}\n\n`;
      expect(seed).toContain(header + rule.text);
      expect(rule.mutable).toBe(rule.number.startsWith('2'));
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
});

describe('nomic-v scenarios', () => {
  itRunsScenarios([
    ...scenarioFiles(fileURLToPath(new URL('../../src/presets/nomic-v/scenarios/', import.meta.url))),
    ...scenarioFiles(fileURLToPath(new URL('../fixtures/scenarios/', import.meta.url))),
  ]);
});

describe('nomic-v votes cast in the #voting channel (Rules 204, 209, 115)', () => {
  it('a message vote counts, and editing that message takes the vote away', async () => {
    const { GameService } = await import('../../src/engine/games.js');
    const { MemoryEventStore } = await import('../../src/storage/memory-store.js');
    let now = Date.UTC(2026, 0, 5);
    const games = new GameService(new MemoryEventStore(), {}, () => now);
    try {
      await games.create({ id: 'g', preset: 'nomic-v', start: now, players: ['alice', 'bob'] });
      const p = await games.act('g', 'alice', 'propose', { title: 'x', text: 'Repeal Rule 216.' });
      now += 24 * 3_600_000;
      await games.advance('g', now);
      await games.say('g', 'bob', 'AYE', { channel: 'voting', messageId: 'm-1' }, now);
      await games.say('g', 'alice', 'I like it', { channel: 'voting', messageId: 'm-2' }, now);
      const key = String(p.outcome.result);
      const state = async () => (await games.get('g')).state.objects[key]!.attrs;
      expect(await state()).toMatchObject({ votesFor: 1, votesAgainst: 0 });
      await games.submit('g', { kind: 'edit', at: now, person: 'bob', messageId: 'm-1', text: 'nay' });
      expect(await state()).toMatchObject({ votesFor: 0, votesAgainst: 0, editedVotes: ['bob'] });
    } finally {
      await games.close();
    }
  });
});
