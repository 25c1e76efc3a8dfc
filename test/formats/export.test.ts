// Exporting rulesets (JSON, Markdown, plain text in their own layout, FLR, SLR) and reading them back unchanged.
import fc from 'fast-check';
import { runs } from '../support/fast-check-seed.js';
import { describe, expect, it } from 'vitest';
import { exportRuleset } from '../../src/formats/export.js';
import { importRuleset } from '../../src/formats/import.js';
import type { ExportFormat, ImportedRule, ImportedRuleset } from '../../src/formats/ruleset.js';
import { seed, SEED_FILES, type SeedName } from './helpers.js';

const FORMATS: ExportFormat[] = ['json', 'markdown', 'text', 'flr', 'slr'];
const core = (r: ImportedRule) => ({ number: r.number, title: r.title, text: r.text });
const full = (r: ImportedRule, history = true) => ({
  ...core(r),
  mutable: r.mutable,
  power: r.power,
  status: r.status,
  section: r.section,
  ...(history ? { history: r.history } : {}),
});

describe('seed round trips', () => {
  const names = Object.keys(SEED_FILES) as SeedName[];
  const cases = names.flatMap((n) => FORMATS.map((f) => [n, f] as const));

  it.each(cases)('%s -> %s -> import keeps every rule (number, title, text, history, mutability, status, section)', (name, format) => {
    const rs = importRuleset(seed(name));
    const out = exportRuleset(rs, format);
    const back = importRuleset(out);
    expect(back.rules.map((r) => full(r, format !== 'slr'))).toEqual(rs.rules.map((r) => full(r, format !== 'slr')));
    expect(back.title).toBe(rs.title);
    if (format === 'json') expect(back).toEqual(rs);
  });

  it('text export of Nomic V and DocNomic reproduces the file (up to the final newline)', () => {
    expect(exportRuleset(importRuleset(seed('nomicV')), 'text')).toBe(`${seed('nomicV')}\n`);
    expect(exportRuleset(importRuleset(seed('docnomic')), 'text')).toBe(`${seed('docnomic')}\n`);
  });

  it('text export keeps Gnomic\'s layout: title line, void status, history line', () => {
    const out = exportRuleset(importRuleset(seed('gnomic')), 'text');
    expect(out).toContain('Rule 303\n\n(void: conflicting rule)\n\nMay they wait until they\'re dead.\n\nA player may declare');
    expect(out).toContain('Rule 109\n\n\nRule-changes that transmute');
    expect(out).not.toContain('(Immutable)'); // its mutability comes from its initial-set clause, as in the original
  });

  it('FLR export writes Agora headers, indented text and history', () => {
    const out = exportRuleset(importRuleset(seed('gnomic')), 'flr');
    expect(out).toContain('Rule 101/0 (Immutable)\nFollow the rules.\n\n      All players must always abide');
    expect(out).toContain('History:\n\ninitial rule.\n');
    expect(out).toContain('Rule 303/0 (void: conflicting rule)\n');
  });

  it('markdown export writes sections, headers with annotations, status and history', () => {
    const out = exportRuleset(importRuleset(seed('docnomic')), 'markdown');
    expect(out.startsWith('# DocNomic Final Ruleset (Round 3)\n')).toBe(true);
    expect(out).toContain('## Fundamental Rules\n\n### Rule 0: Ruleset and Gamestate\n\nThe Game of DocNomic');
    expect(out).toContain('**History:**\n\n- Initial Rule for Round 2.\n');
    expect(exportRuleset(importRuleset(seed('nomicV')), 'markdown')).toContain('## Rule 101 (Immutable)\n');
  });

  it('rejects an unknown format', () => {
    expect(() => exportRuleset(importRuleset(seed('nomicV')), 'docx' as ExportFormat)).toThrow('unknown export format "docx"');
  });
});

// --- generated rulesets ---

const WORDS = ['player', 'vote', 'proposal', 'points', 'turn', 'must', 'may', 'gold', 'judge', 'each', 'game', 'score', 'win', 'round', 'shall', 'not', 'if', 'and', 'or', 'of', 'to', 'in', 'with', 'the', 'a', 'Dan', '10', '24', 'hours', 'bank', 'class', 'party', 'œuvre', 'naïve'];
const word = fc.constantFrom(...WORDS);
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const sentenceLine = fc
  .tuple(fc.array(word, { minLength: 3, maxLength: 12 }), fc.constantFrom('.', '', ',', ';', ':', '!', '?'))
  .map(([ws, p]) => `${cap(ws.join(' '))}${p}`);
const listLine = fc.tuple(fc.constantFrom('  • ', '    * ', '- ', '1) '), fc.array(word, { minLength: 1, maxLength: 5 })).map(([b, ws]) => `${b}${ws.join(' ')}`);
/** Lines a plain-text layout can hold without them reading as structure. */
const plainLine = fc.oneof({ weight: 4, arbitrary: sentenceLine }, { weight: 1, arbitrary: listLine });
/** Lines only escaping or indentation keeps apart from structure (markdown, FLR, JSON). */
const trickyLine = fc.oneof(
  { weight: 4, arbitrary: plainLine },
  {
    weight: 2,
    arbitrary: fc.constantFrom('# not a heading', 'Rule 5: not a header', 'History:', '(void: not a status)', 'Status: fine', '---', '1. Item one', '\\ backslash', '```', 'Rule 7/3 (Power=2)', '=====', '      deep indent', '[Enacted by Bob]', 'Enacted by Ann, 1 May 2001'),
  },
);
const paragraphs = (line: fc.Arbitrary<string>) =>
  fc.array(fc.array(line, { minLength: 1, maxLength: 3 }).map((ls) => ls.join('\n')), { minLength: 1, maxLength: 4 }).map((ps) => ps.join('\n\n'));
const titleArb = fc.oneof(fc.constant(''), fc.array(word, { minLength: 1, maxLength: 5 }).map((ws) => cap(ws.join(' '))));
const number = fc.oneof(fc.integer({ min: 0, max: 9999 }).map(String), fc.integer({ min: 0, max: 99 }).map((n) => `4E${n}`));
const historyEntry = fc.tuple(fc.constantFrom('Enacted', 'Amended', 'Created', 'Transmuted'), fc.constantFrom('Ann', 'Bob', 'Thomas'), fc.integer({ min: 1990, max: 2030 })).map(([v, who, y]) => `${v} by ${who}, 3 Jun ${y}`);
const sectionTitle = fc.array(fc.constantFrom('Foundation', 'Time', 'Actions', 'Money', 'Justice', 'Misc', 'Stuff'), { minLength: 1, maxLength: 3 }).map((ws) => ws.join(' '));

function rulesetArb(line: fc.Arbitrary<string>): fc.Arbitrary<ImportedRuleset> {
  return fc
    .record({
      title: fc.option(fc.array(word, { minLength: 1, maxLength: 6 }).map((ws) => `${cap(ws.join(' '))} Ruleset`), { nil: undefined }),
      numbers: fc.uniqueArray(number, { minLength: 1, maxLength: 7 }),
      mutability: fc.constantFrom('none', 'all'),
      sections: fc.option(fc.uniqueArray(sectionTitle, { minLength: 1, maxLength: 3 }), { nil: undefined }),
      rules: fc.array(
        fc.record({
          title: titleArb,
          text: paragraphs(line),
          mutable: fc.boolean(),
          power: fc.option(fc.constantFrom(0, 1, 2, 0.5, 1.5, 3.2), { nil: undefined }),
          history: fc.array(historyEntry, { maxLength: 3 }),
          status: fc.option(fc.constantFrom('void: conflicting rule', 'repealed'), { nil: undefined }),
        }),
        { minLength: 7, maxLength: 7 },
      ),
    })
    .map(({ title, numbers, mutability, sections, rules }) => {
      const out: ImportedRule[] = numbers.map((n, i) => {
        const g = rules[i]!;
        const r: ImportedRule = { number: n, title: g.title, text: g.text, history: g.history, attrs: {} };
        if (mutability === 'all') r.mutable = g.mutable;
        if (g.power !== undefined) r.power = g.power;
        if (g.status !== undefined) r.status = g.status;
        if (sections) r.section = sections[Math.min(sections.length - 1, Math.floor((i * sections.length) / numbers.length))];
        return r;
      });
      const rs: ImportedRuleset = { format: 'json', sections: [], rules: out, warnings: [] };
      if (title !== undefined) rs.title = title;
      return rs;
    });
}

describe('generated rulesets survive export and import', () => {
  for (const format of ['json', 'markdown', 'flr', 'slr'] as const) {
    it(`${format}: number, title, text (and the rest the format holds) come back exactly`, () => {
      fc.assert(
        fc.property(rulesetArb(trickyLine), (rs) => {
          const back = importRuleset(exportRuleset(rs, format));
          const keep = (r: ImportedRule) => full(r, format !== 'slr');
          expect(back.rules.map(keep)).toEqual(rs.rules.map(keep));
          expect(back.title).toBe(rs.title);
        }),
        { numRuns: runs(150) },
      );
    });
  }

  it('text: number, title, text and the rest come back exactly', () => {
    fc.assert(
      fc.property(rulesetArb(plainLine), (rs) => {
        const back = importRuleset(exportRuleset(rs, 'text'));
        expect(back.rules.map((r) => full(r))).toEqual(rs.rules.map((r) => full(r)));
        expect(back.title).toBe(rs.title);
      }),
      { numRuns: runs(150) },
    );
  });

  it('text in each seed\'s layout: generated rules written the way Nomic V, Gnomic, DocNomic and B Nomic write them read back', () => {
    const layouts = (['nomicV', 'gnomic', 'docnomic', 'bnomic'] as SeedName[]).map((n) => importRuleset(seed(n)).layout!);
    fc.assert(
      fc.property(rulesetArb(plainLine), fc.constantFrom(...layouts), (rs, layout) => {
        const withLayout = { ...rs, layout: { ...layout, mutability: 'markers' as const } };
        const back = importRuleset(exportRuleset(withLayout, 'text'));
        expect(back.rules.map(core)).toEqual(rs.rules.map(core));
      }),
      { numRuns: runs(150) },
    );
  });
});
