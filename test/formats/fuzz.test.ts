// Property tests: the importer never throws on generated or mangled input and never loses text.
import fc from 'fast-check';
import { runs } from '../support/fast-check-seed.js';
import { describe, expect, it } from 'vitest';
import { exportRuleset } from '../../src/formats/export.js';
import { importRuleset } from '../../src/formats/import.js';
import type { ImportedRuleset } from '../../src/formats/ruleset.js';
import { seed, SEED_FILES, type SeedName } from './helpers.js';

/** Words the layouts themselves supply (header keywords); everything else must survive an import. */
const STRUCTURE = new Set(['rule', 'immutable', 'mutable', 'power', 'sacred', 'history', 'annotations', 'status']);

function assertNothingLost(input: string, rs: ImportedRuleset): void {
  const out = JSON.stringify(rs);
  const lineCount = input.split(/\r\n|\r|\n/).length;
  for (const w of rs.warnings) {
    expect(w.line).toBeGreaterThanOrEqual(0);
    expect(w.line).toBeLessThanOrEqual(lineCount);
    expect(w.message.length).toBeGreaterThan(0);
  }
  for (const r of rs.rules) {
    expect(r.number).toMatch(/^\S+$/);
    expect(r.text).toBe(r.text.replace(/\s+$/, ''));
  }
  for (const token of input.match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (STRUCTURE.has(token.toLowerCase())) continue;
    expect(out.includes(token), `lost "${token}"`).toBe(true);
  }
}

const seedNames = Object.keys(SEED_FILES) as SeedName[];

/** A seed with a random cut, a duplicated range and inserted junk lines. */
const mangledSeed = fc
  .tuple(fc.constantFrom(...seedNames), fc.nat(), fc.nat(), fc.nat(), fc.array(fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('Rule 12', '|', '-----', 'Foundation', '## Rule 9: Nine', '[Enacted by Nobody]', 'History:', '(void: eaten)', '7. Seven', 'Rule 4E9: Again')), { maxLength: 6 }))
  .map(([name, a, b, c, junk]) => {
    const lines = seed(name).split('\n');
    const i = a % lines.length;
    const j = Math.min(lines.length, i + (b % 40));
    const cut = [...lines.slice(0, i), ...lines.slice(j)];
    const k = c % (cut.length + 1);
    const dup = cut.slice(k, k + (b % 7));
    return [...cut.slice(0, k), ...junk, ...dup, ...cut.slice(k)].join('\n');
  });

/** Documents assembled from pieces of every layout. */
const pieces = fc.constantFrom(
  'Rule 101 (Immutable)', 'Rule 4E36: Rules', 'Rule 2 / Title', 'Rule 1030/12 (Power=3)', '101. All players must obey.',
  '6. Precedence', '### Rule 7: Seven', '## Section', '# Title', '', '', '', '|', '------------------------------------------------------------------------',
  '========================================================================', 'History:', 'Annotations:', 'Amended(1) by P12, 1 Jan 2000', '[Initial Rule for Round 2.',
  'Amended by Proclamation.]', 'initial rule.', '(void: conflicting rule)', 'Players may vote.', 'The game ends when someone wins.', '  • aye', '    * A Name',
  'Fundamental Rules:', 'Time', '_______________________________________________', 'list footer', 'Geoffrey Spear on Thu, 11 Dec 2008 08:58:18 -0700 (MST)',
  '[s-b] Subject line', 'Status: pending', '\\# escaped', '```', 'Rule 5', 'Rule 5', 'Último párrafo, naïve café.',
);
const assembled = fc.array(pieces, { maxLength: 60 }).map((ls) => ls.join('\n'));

describe('importRuleset on generated and mangled input', () => {
  it('mangled seeds: never throws, never loses a word', () => {
    fc.assert(
      fc.property(mangledSeed, (text) => assertNothingLost(text, importRuleset(text))),
      { numRuns: runs(120) },
    );
  });

  it('documents assembled from every layout\'s pieces: never throws, never loses a word', () => {
    fc.assert(
      fc.property(assembled, (text) => assertNothingLost(text, importRuleset(text))),
      { numRuns: runs(400) },
    );
  });

  it('arbitrary strings: never throws, never loses a word', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 200 }), fc.string({ unit: fc.constantFrom('R', 'u', 'l', 'e', ' ', '1', '0', '\n', '.', ':', '(', ')', '|', '#', '-', '[', ']'), maxLength: 200 })), (text) => {
        const rs = importRuleset(text);
        if (rs.format === 'json' || rs.format === 'yaml' || rs.format === 'agora-yaml') return; // structured keys are consumed
        assertNothingLost(text, rs);
      }),
      { numRuns: runs(400) },
    );
  });

  // Plain text has no escapes, so junk that mimics structure ("History:", "[Enacted by ...]") may read differently
  // the second time; the formats that escape or indent their text must give back exactly what was imported.
  it('importing a JSON, markdown or FLR export of an imported mangled seed gives the same rules', () => {
    fc.assert(
      fc.property(mangledSeed, fc.constantFrom('json', 'markdown', 'flr') as fc.Arbitrary<'json' | 'markdown' | 'flr'>, (text, format) => {
        const once = importRuleset(text);
        const twice = importRuleset(exportRuleset(once, format));
        const key = (rs: ImportedRuleset) => rs.rules.map((r) => [r.number, r.title, r.text]);
        expect(key(twice)).toEqual(key(once));
      }),
      { numRuns: runs(150) },
    );
  });
});
