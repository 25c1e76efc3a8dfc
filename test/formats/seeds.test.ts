// Importing the five seed rulesets: counts, numbers, titles, mutability, exact texts, history, sections, warnings.
import { describe, expect, it } from 'vitest';
import { importRuleset } from '../../src/formats/import.js';
import type { ImportedRule, ImportedRuleset } from '../../src/formats/ruleset.js';
import { line, lines, seed, SEED_FILES, type SeedName } from './helpers.js';

const imported = new Map<SeedName, ImportedRuleset>();
function rs(name: SeedName): ImportedRuleset {
  let r = imported.get(name);
  if (!r) {
    r = importRuleset(seed(name), { fileName: SEED_FILES[name] });
    imported.set(name, r);
  }
  return r;
}
function rule(name: SeedName, number: string): ImportedRule {
  const found = rs(name).rules.find((r) => r.number === number);
  if (!found) throw new Error(`rule ${number} not imported from ${name}`);
  return found;
}
const numbers = (name: SeedName) => rs(name).rules.map((r) => r.number);

describe('every seed', () => {
  const all = Object.keys(SEED_FILES) as SeedName[];

  it.each(all)('%s: every rule text is a verbatim piece of the file, and no rule is empty', (name) => {
    const text = seed(name);
    for (const r of rs(name).rules) {
      expect(r.text.length, `rule ${r.number}`).toBeGreaterThan(0);
      expect(text.includes(r.text), `rule ${r.number} text is not verbatim`).toBe(true);
      expect(r.text).toBe(r.text.replace(/\s+$/, ''));
    }
  });

  it.each(all)('%s: rule numbers are unique and each header line number points at the header', (name) => {
    const nums = numbers(name);
    expect(new Set(nums).size).toBe(nums.length);
    for (const r of rs(name).rules) expect(line(name, r.line!)).toMatch(new RegExp(`(^|\\s|^Rule )${r.number.replace('+', '\\+')}\\b`));
  });

  it.each(all)('%s: nothing is lost: every word of every non-blank line is in the ruleset', (name) => {
    const out = JSON.stringify(rs(name));
    for (const [i, l] of seed(name).split('\n').entries()) {
      if (l.trim() === '' || /^\s*(\||[-=_]{3,})\s*$/.test(l)) continue;
      if (/^\s*Rule \S+:?/.test(l) && rs(name).rules.some((r) => r.line === i + 1)) continue; // a header
      if (/^\s*\d+\. /.test(l) && rs(name).rules.some((r) => r.line === i + 1)) {
        // DocNomic header: its title is a rule title
        expect(rs(name).rules.find((r) => r.line === i + 1)!.title).toBe(l.replace(/^\s*\d+\.\s+/, '').trim());
        continue;
      }
      const words = l.match(/[\p{L}\p{N}]+/gu) ?? [];
      for (const w of words) expect(out.includes(w), `line ${i + 1}: ${w}`).toBe(true);
    }
  });
});

describe('Nomic I (000)', () => {
  it('has 41 rules: 101-116, six 2xx and nineteen 3xx', () => {
    expect(rs('nomicI').rules).toHaveLength(41);
    expect(rs('nomicI').format).toBe('rule-paragraphs');
    expect(rs('nomicI').title).toBe('Nomic I Final Ruleset');
    expect(numbers('nomicI').slice(0, 16)).toEqual(Array.from({ length: 16 }, (_, i) => String(101 + i)));
    expect(numbers('nomicI').filter((n) => n.startsWith('2'))).toEqual(['201', '204', '205', '207', '210', '211']);
    expect(numbers('nomicI').filter((n) => n.startsWith('3'))).toHaveLength(19);
    expect(numbers('nomicI').at(-1)).toBe('335');
  });

  it('marks 1xx immutable (from the headers) and the unmarked rules mutable', () => {
    for (const r of rs('nomicI').rules) expect(r.mutable, r.number).toBe(r.number.startsWith('1') ? false : true);
    expect(rs('nomicI').layout?.mutability).toBe('markers');
  });

  it('keeps paragraphs and bulleted lists exactly', () => {
    expect(rule('nomicI', '101').text).toBe(lines('nomicI', 6, 6));
    expect(rule('nomicI', '108').text).toBe(lines('nomicI', 41, 43));
    expect(rule('nomicI', '306').text).toBe(lines('nomicI', 147, 154));
    expect(rule('nomicI', '307').text).toBe(lines('nomicI', 158, 170));
    expect(rule('nomicI', '307').text).toContain('\n\n  • Cephalopodracer\n  • Extreme Accountant');
    expect(rule('nomicI', '335').text).toBe(lines('nomicI', 345, 345));
  });

  it('has no titles, history or warnings', () => {
    expect(rs('nomicI').rules.every((r) => r.title === '' && r.history.length === 0)).toBe(true);
    expect(rs('nomicI').warnings).toEqual([]);
  });
});

describe('Nomic V (001)', () => {
  it('has exactly 32 rules, 101-116 and 201-216', () => {
    const expected = [...Array.from({ length: 16 }, (_, i) => String(101 + i)), ...Array.from({ length: 16 }, (_, i) => String(201 + i))];
    expect(numbers('nomicV')).toEqual(expected);
    expect(rs('nomicV').title).toBe('Nomic V Initial Ruleset');
  });

  it('reads 1xx as immutable ("Rule 101 (Immutable)") and 2xx as mutable', () => {
    expect(rs('nomicV').rules.filter((r) => r.mutable === false).map((r) => r.number)).toEqual(numbers('nomicV').slice(0, 16));
    expect(rs('nomicV').rules.filter((r) => r.mutable === true).map((r) => r.number)).toEqual(numbers('nomicV').slice(16));
  });

  it('keeps each text exactly', () => {
    expect(rule('nomicV', '203').text).toBe(lines('nomicV', 108, 112));
    expect(rule('nomicV', '203').text.endsWith('The length of a turn defaults to 24 hours.')).toBe(true);
    expect(rule('nomicV', '210').text).toBe(lines('nomicV', 153, 166));
    expect(rule('nomicV', '216').text).toBe(lines('nomicV', 215, 215));
    expect(rule('nomicV', '114').text.split('\n\n')).toHaveLength(3);
    expect(rs('nomicV').warnings).toEqual([]);
  });
});

describe('Gnomic (002)', () => {
  it('has 61 rules (the repeated "Rule 322" header is one rule, with a warning)', () => {
    expect(rs('gnomic').rules).toHaveLength(61);
    expect(rs('gnomic').format).toBe('rule-titled');
    expect(numbers('gnomic').slice(0, 5)).toEqual(['101', '102', '103', '104', '105']);
    expect(numbers('gnomic').at(-1)).toBe('423');
    expect(rs('gnomic').warnings).toEqual([{ line: 212, message: 'rule 322: header repeated (first on line 210); read as one rule' }]);
    expect(rule('gnomic', '322').text).toBe(lines('gnomic', 214, 215));
  });

  it('reads named rules, empty title lines, status notes and history lines', () => {
    expect(rule('gnomic', '101')).toMatchObject({ title: 'Follow the rules.', text: lines('gnomic', 7, 7), history: ['initial rule.'] });
    expect(rule('gnomic', '104').title).toBe('Two decks of cards.');
    expect(rule('gnomic', '109')).toMatchObject({ title: '', text: lines('gnomic', 62, 62) });
    expect(rule('gnomic', '303')).toMatchObject({
      status: 'void: conflicting rule',
      title: "May they wait until they're dead.",
      text: lines('gnomic', 190, 190),
      history: ['Enacted by Thomas, 24 Jun 1999.'],
    });
    expect(rule('gnomic', '334')).toMatchObject({ status: 'void: conflicting rule', title: '', text: lines('gnomic', 258, 259) });
    expect(rule('gnomic', '310')).toMatchObject({ title: 'Winning thresholds', history: ['Enacted by Mike as an amendment to rule 307.'] });
    expect(rule('gnomic', '421').history).toEqual(['(previous history lost) amended by mike']);
    expect(rule('gnomic', '423')).toMatchObject({ title: 'the nature of hacks', text: lines('gnomic', 585, 596), history: ['created by Mike(420) and meta-amended by Thomas'] });
    expect(rs('gnomic').rules.filter((r) => r.status !== undefined).map((r) => r.number)).toEqual(['303', '324', '334', '366', '370', '381', '382', '399', '412', '419']);
  });

  it('keeps a bracketed note that is not history as text (rule 349)', () => {
    expect(rule('gnomic', '349')).toMatchObject({ title: 'What is e-mail?', text: lines('gnomic', 304, 312), history: [] });
    expect(rule('gnomic', '359').text.startsWith('359. Contingency trees. (amends 356)\n')).toBe(true);
  });

  it('takes mutability from its initial-set clause for initial rules only', () => {
    expect(rule('gnomic', '101').mutable).toBe(false);
    expect(rule('gnomic', '119').mutable).toBe(false);
    expect(rule('gnomic', '204').mutable).toBe(true);
    expect(rule('gnomic', '213').mutable).toBe(true);
    expect(rule('gnomic', '302').mutable).toBeUndefined(); // "Transmuted from Rule 106": not an initial rule
    expect(rule('gnomic', '423').mutable).toBeUndefined();
    expect(rs('gnomic').layout?.mutability).toBe('initial-set');
  });
});

describe('DocNomic (003)', () => {
  it('has 23 rules in two sections', () => {
    expect(numbers('docnomic')).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '10', '11', '12', ...Array.from({ length: 11 }, (_, i) => String(1000 + i))]);
    expect(rs('docnomic').format).toBe('numbered-titled');
    expect(rs('docnomic').sections).toEqual([
      { title: 'Fundamental Rules', rules: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '10', '11', '12'] },
      { title: 'Not So Fundamental Rules', rules: Array.from({ length: 11 }, (_, i) => String(1000 + i)) },
    ]);
  });

  it('reads "6. Precedence" titles, texts and the bracketed chronology', () => {
    expect(rule('docnomic', '6').title).toBe('Precedence');
    expect(rule('docnomic', '0')).toMatchObject({
      title: 'Ruleset and Gamestate',
      text: lines('docnomic', 7, 26),
      history: ['Initial Rule for Round 2.', 'Amended by Proclamation 2 Jul 2001.', 'Amended by Proclamation 3 Jul 2001.', 'Initial Rule for Round 3.'],
    });
    expect(rule('docnomic', '12').history).toHaveLength(5);
    expect(rule('docnomic', '12').history[3]).toBe('Repealed by start of Round 3.');
    // the "|" lines inside rule 1008's map are text; the one after its history separates rules
    expect(rule('docnomic', '1008').text).toBe(lines('docnomic', 414, 442));
    expect(rule('docnomic', '1008').history).toEqual(['Proposed 7 Sep 2001 by Steppen Ling; accepted 10 Sep 2001.']);
    expect(rule('docnomic', '1010').text).toBe(lines('docnomic', 457, 487));
    expect(rs('docnomic').rules.every((r) => r.mutable === undefined)).toBe(true);
  });

  it('keeps the note and the page footer out of the rules, and says where', () => {
    expect(rs('docnomic').title).toBe('DocNomic Final Ruleset (Round 3)');
    expect(rs('docnomic').preamble).toBe(lines('docnomic', 3, 4));
    expect(rs('docnomic').trailer).toBe('Last modified: Mon Nov 26 11:12:46 EST 2001');
    expect(rs('docnomic').warnings.map((w) => w.line)).toEqual([3, 490]);
    expect(rs('docnomic').warnings[1]!.message).toContain("follows rule 1010's history");
  });
});

describe('B Nomic (004)', () => {
  it('has 68 rules with "4E" numbers and titles, in nine sections', () => {
    expect(rs('bnomic').rules).toHaveLength(68);
    expect(rs('bnomic').format).toBe('rule-inline-title');
    expect(numbers('bnomic').slice(0, 4)).toEqual(['4E1', '4E2', '4E11', '4E3']);
    expect(numbers('bnomic').at(-1)).toBe('4E0');
    expect(rule('bnomic', '4E75').title).toBe('Rule Powers and Precedence');
    expect(rule('bnomic', '4E36').title).toBe('Rules');
    expect(rule('bnomic', '4E72').title).toBe("Since We're not Using the Word...");
    expect(rs('bnomic').sections.map((s) => `${s.title}:${s.rules.length}`)).toEqual([
      'Foundation:8', 'Time:4', 'Actions:6', 'Ministries:8', 'Gameplay:18', 'Rule Changes:5', 'Justice:10',
      "Stuff that doesn't really fit anywhere else:8", 'Emergencies:1',
    ]);
    expect(rule('bnomic', '4E14').section).toBe('Time');
    expect(rule('bnomic', '4E0').section).toBe('Emergencies');
  });

  it('keeps in-rule subheadings (even "Time") as text and section headings out of it', () => {
    expect(rule('bnomic', '4E1').text).toBe('The name of this game is B Nomic.');
    expect(rule('bnomic', '4E11').text).toBe(lines('bnomic', 23, 63));
    expect(rule('bnomic', '4E75').text).toBe(lines('bnomic', 113, 132));
    expect(rule('bnomic', '4E14').text).toBe(lines('bnomic', 135, 220));
    expect(rule('bnomic', '4E14').text).toContain('\nTime\n\nEach time that the Clock nday value changes');
    expect(rule('bnomic', '4E18').text).toBe(lines('bnomic', 1255, 1378));
    expect(rule('bnomic', '4E30').text).toBe(lines('bnomic', 1504, 1526));
  });

  it('strips the mailing-list wrapper, with warnings', () => {
    expect(rule('bnomic', '4E0').text).toBe(lines('bnomic', 1609, 1720));
    expect(rs('bnomic').title).toBe('Google cache: the B Nomic Ruleset, as of 26 May 2008');
    expect(rs('bnomic').trailer).toBe(lines('bnomic', 1721, 1724));
    expect(rs('bnomic').warnings.map((w) => w.line)).toEqual([1, 4, 6, 1721]);
    expect(rs('bnomic').warnings[3]!.message).toBe('mailing-list footer after rule 4E0 (4 lines); not part of the rule');
    expect(rs('bnomic').rules.every((r) => r.mutable === undefined && r.power === undefined)).toBe(true);
  });
});
