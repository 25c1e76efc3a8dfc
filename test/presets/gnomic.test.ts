import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GameService, viewFor } from '../../src/engine/games.js';
import { getPreset } from '../../src/engine/presets.js';
import { MemoryEventStore } from '../../src/storage/memory-store.js';
import { itRunsScenarios, scenarioFiles } from '../support/scenarios.js';

const seed = readFileSync(fileURLToPath(new URL('../../seeds/002_142b4867bb310721.txt', import.meta.url)), 'utf8');
const START = Date.UTC(2026, 0, 5);

/** The seed cut at its "Rule N" lines: number -> everything up to the next rule (322 repeats its heading). */
function seedSections(): Map<string, string> {
  const sections = new Map<string, string>();
  const heads = [...seed.matchAll(/^Rule (\d+)\s*$/gm)];
  heads.forEach((m, i) => {
    const body = seed.slice(m.index! + m[0].length, i + 1 < heads.length ? heads[i + 1]!.index : seed.length);
    sections.set(m[1]!, (sections.get(m[1]!) ?? '') + body);
  });
  return sections;
}

describe('preset gnomic', () => {
  const preset = getPreset('gnomic');

  it('has all 61 rules of the seed, in order, each with the seed text exactly', () => {
    const sections = seedSections();
    expect(sections.size).toBe(61);
    expect(preset.rules.map((r) => r.number)).toEqual([...sections.keys()]);
    for (const rule of preset.rules) {
      const section = sections.get(rule.number)!;
      expect(section, `rule ${rule.number}`).toContain(rule.text);
      if (rule.title) expect(section).toContain(rule.title);
      expect(rule.mutable, `rule ${rule.number}`).toBe(!rule.number.startsWith('1'));
    }
  });

  it('keeps the void rules with their status', () => {
    const voided = preset.rules.filter((r) => /^void/.test(String((r.attrs as Record<string, unknown> | undefined)?.status ?? ''))).map((r) => r.number);
    expect(voided).toEqual(['303', '324', '334', '366', '370', '381', '382', '399', '412', '419']);
  });

  it('mechanizes every rule it does not explain as enforced by people', () => {
    for (const rule of preset.rules) {
      const explained = rule.number in preset.enforcedByPeople;
      const coded = rule.number in preset.code;
      expect(explained || coded, `rule ${rule.number} has neither code nor a reason`).toBe(true);
      expect(explained && coded, `rule ${rule.number} has both code and a reason`).toBe(false);
    }
    expect(Object.keys(preset.code)).toHaveLength(45);
  });

  it('has a scenario for every mechanized rule (named by its number)', () => {
    const files = scenarioFiles(fileURLToPath(new URL('../../src/presets/gnomic/scenarios/', import.meta.url))).map((f) => f.split('/').pop()!);
    const covered = new Set(files.flatMap((f) => f.match(/\d{3}/g) ?? []));
    expect(Object.keys(preset.code).filter((n) => !covered.has(n))).toEqual([]);
    expect(files).toContain('full-game.yaml');
  });

  it('loads the code of every mechanized rule (no parameter is out of date) and marks the void rules void', async () => {
    const service = new GameService(new MemoryEventStore(), {}, () => START);
    try {
      const { game } = await service.create({ id: 'g', preset: 'gnomic', start: START, players: ['alice', 'bob', 'carol'] });
      const loaded = new Set((await game.catalog()).map((c) => String(c.rule)));
      expect(Object.keys(preset.code).filter((n) => !loaded.has(n))).toEqual([]);
      const voided = Object.values(game.state.objects).filter((o) => o.type === 'rule' && o.attrs.void === true).map((o) => String(o.attrs.number));
      expect(voided.sort()).toEqual(['303', '324', '334', '366', '370', '381', '382', '399', '412', '419']);
      expect(game.state.objects['game/game']!.attrs).toMatchObject({ name: 'Gnomic', turn: 'alice', mode: 'web' });
    } finally {
      await service.close();
    }
  });

  it('a ballot is secret: only the proponent and the voter see it until the proponent posts the votes', async () => {
    let now = START;
    const service = new GameService(new MemoryEventStore(), {}, () => now);
    try {
      await service.create({ id: 'g', preset: 'gnomic', start: START, players: ['alice', 'bob', 'carol'] });
      const posted = await service.act('g', 'alice', 'propose', { title: 'Cheese', text: 'Players like cheese.', changes: [{ enact: { text: 'Players like cheese.' } }] }, { at: now });
      expect(posted.outcome.status).toBe('ok');
      now += 5 * 60_000;
      expect((await service.act('g', 'bob', 'vote', { proposal: '1', vote: 'no' }, { at: now })).outcome.status).toBe('ok');
      const state = (await service.get('g')).state;
      expect(viewFor(state, 'alice')['ballot/1-bob']!.attrs.vote).toBe('against');
      expect(viewFor(state, 'bob')['ballot/1-bob']!.attrs.vote).toBe('against');
      expect(viewFor(state, 'carol')['ballot/1-bob']!.attrs.vote).toBeNull();
      expect(viewFor(state, 'carol')['proposal/1']!.attrs.votesAgainst).toBeNull();
      expect((await service.act('g', 'carol', 'vote', { proposal: '1', vote: 'yes' }, { at: now })).outcome.status).toBe('ok');
      expect((await service.act('g', 'alice', 'post-votes', { proposal: '1' }, { at: now })).outcome.status).toBe('ok');
      const after = viewFor((await service.get('g')).state, 'carol');
      expect(after['proposal/1']!.attrs).toMatchObject({ votesFor: 2, votesAgainst: 1, status: 'adopted', votes: { alice: 'for', bob: 'against', carol: 'for' } });
      expect(after['ballot/1-bob']).toBeUndefined();
    } finally {
      await service.close();
    }
  });
});

describe('gnomic scenarios', () => {
  itRunsScenarios(scenarioFiles(fileURLToPath(new URL('../../src/presets/gnomic/scenarios/', import.meta.url))));
});
