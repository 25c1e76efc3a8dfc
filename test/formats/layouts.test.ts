// Importing layouts other Nomics use: Agora FLR/SLR and per-rule YAML, markdown, "Rule 2 / Title", "101. text", JSON.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportRuleset } from '../../src/formats/export.js';
import { importRulesetPath } from '../../src/formats/files.js';
import { importRuleset, importRulesetFiles } from '../../src/formats/import.js';

const FLR = `THE FULL LOGICAL RULESET

Date of this ruleset: 31 Mar 2021

Table of Contents:

The Game of Agora
   * Rule  101: The Game of Agora
Rules & Regulations
   * Rule 1030: Precedence between Rules

========================================================================
The Game of Agora
   This section includes a few rules concerning the Nature of the Game
   of Agora.
------------------------------------------------------------------------
Rule 101/17 (Power=4)
The Game of Agora

      Agora is a game of Nomic, wherein Persons, acting in accordance
      with the Rules, communicate their game Actions and/or results of
      these actions via Fora in order to play the game. The game may be
      won, but the game never ends.
      
      Please treat Agora Right Good Forever.

History:

Initial immutable rule 101, Agora's birth
Amended(11) by P6028 'Allow conversion of sentences' (Murphy), 08 Jan
   2009
Power changed from 3 to 4 by P7889 'Agora Protection Act' (Aris), 26 Sep
   2017

Annotations:
CFJ 24: Players must obey the Rules even in out-of-game actions.
CFJ 825 (called 07 Nov 1995): Players must obey the Rules even if no
   Rule says so.

------------------------------------------------------------------------
========================================================================
Rules & Regulations
------------------------------------------------------------------------
Rule 1030/11 (Power=3.2)
Precedence between Rules

      In a conflict between Rules, the conflict shall be resolved by
      performing the following comparisons:

        - In a conflict between Rules with different Power, the Rule with
          the higher Power takes precedence; otherwise,

        - The Rule enacted earliest takes precedence.

History:

Initial mutable rule 212, Jun. 30 1993
Retitled by P6292, 19 May 2009

Annotations:

------------------------------------------------------------------------
`;

describe('Agora FLR and SLR', () => {
  const rs = importRuleset(FLR);

  it('reads "Rule N/rev (Power=p)", the title line, dedented text, history and annotations', () => {
    expect(rs.format).toBe('flr');
    expect(rs.title).toBe('THE FULL LOGICAL RULESET');
    expect(rs.rules.map((r) => [r.number, r.title, r.power, r.attrs.revision])).toEqual([
      ['101', 'The Game of Agora', 4, 17],
      ['1030', 'Precedence between Rules', 3.2, 11],
    ]);
    expect(rs.rules[0]!.text).toBe(
      'Agora is a game of Nomic, wherein Persons, acting in accordance\nwith the Rules, communicate their game Actions and/or results of\nthese actions via Fora in order to play the game. The game may be\nwon, but the game never ends.\n\nPlease treat Agora Right Good Forever.',
    );
    expect(rs.rules[1]!.text).toContain('\n\n  - In a conflict between Rules with different Power, the Rule with\n    the higher Power');
    expect(rs.rules[0]!.history).toEqual([
      "Initial immutable rule 101, Agora's birth",
      "Amended(11) by P6028 'Allow conversion of sentences' (Murphy), 08 Jan 2009",
      "Power changed from 3 to 4 by P7889 'Agora Protection Act' (Aris), 26 Sep 2017",
    ]);
    expect(rs.rules[0]!.attrs.annotations).toBe('CFJ 24: Players must obey the Rules even in out-of-game actions.\nCFJ 825 (called 07 Nov 1995): Players must obey the Rules even if no Rule says so.');
    expect(rs.rules[1]!.attrs.annotations).toBeUndefined();
  });

  it('reads section blocks and keeps the contents table as preamble, with a warning', () => {
    expect(rs.sections).toEqual([
      { title: 'The Game of Agora', rules: ['101'], description: 'This section includes a few rules concerning the Nature of the Game of Agora.' },
      { title: 'Rules & Regulations', rules: ['1030'] },
    ]);
    expect(rs.preamble).toContain('Table of Contents:');
    expect(rs.warnings).toHaveLength(1);
    expect(rs.warnings[0]!.message).toContain('kept as the preamble');
  });

  it('an SLR (no history blocks) is read as slr', () => {
    const slr = exportRuleset(rs, 'slr');
    expect(slr).not.toContain('History:');
    const back = importRuleset(slr);
    expect(back.format).toBe('slr');
    expect(back.rules.map((r) => [r.number, r.title, r.text, r.power])).toEqual(rs.rules.map((r) => [r.number, r.title, r.text, r.power]));
  });
});

describe('markdown headings', () => {
  const md = `# Example Nomic

## Immutable Rules

### Rule 101: Obey the Rules

All players must always abide by all the rules.

### 102. Initial Mutability

Rules in the 100s are immutable.

## Mutable Rules

These may be amended by proposal.

### Rule 201

Players alternate in alphabetical order.

**History:**

- Enacted by Alice, 1 Jan 2020
- Amended by Bob, 2 Feb 2020

### Rule 202 (Power=2)

\\# not a heading, just text

## Rule 999 is not here
`;
  const rs = importRuleset(md);

  it('reads rules at one heading level and sections at the level above', () => {
    expect(rs.format).toBe('markdown');
    expect(rs.title).toBe('Example Nomic');
    expect(rs.rules.map((r) => [r.number, r.title, r.section])).toEqual([
      ['101', 'Obey the Rules', 'Immutable Rules'],
      ['102', 'Initial Mutability', 'Immutable Rules'],
      ['201', '', 'Mutable Rules'],
      ['202', '', 'Mutable Rules'],
    ]);
    expect(rs.sections.find((s) => s.title === 'Mutable Rules')!.description).toBe('These may be amended by proposal.');
  });

  it('takes mutability from "Immutable/Mutable Rules" headings, power from the header, history from its list', () => {
    expect(rs.rules.map((r) => r.mutable)).toEqual([false, false, true, true]);
    expect(rs.layout?.mutability).toBe('sections');
    expect(rs.rules[3]!.power).toBe(2);
    expect(rs.rules[2]!.history).toEqual(['Enacted by Alice, 1 Jan 2020', 'Amended by Bob, 2 Feb 2020']);
    expect(rs.rules[2]!.text).toBe('Players alternate in alphabetical order.');
    expect(rs.rules[3]!.text).toBe('# not a heading, just text');
  });

  it('reports a heading with a rule number at the wrong level as opening no rules', () => {
    expect(rs.warnings.map((w) => w.message)).toEqual(['heading "Rule 999 is not here" after the last rule opens no rules']);
  });
});

describe('"Rule N / Title", "Rule N: Title" and "Rule N (Immutable)" headers', () => {
  it('reads titles after a slash or colon and annotations after them', () => {
    const rs = importRuleset(`Rule 1 / Obey
All players must obey the rules.

Rule 2 / Voting (Immutable)
Votes are yes or no.

Rule 3: Winning (Power=1/2)
The first to 100 points wins.
`);
    expect(rs.format).toBe('rule-inline-title');
    expect(rs.layout?.titleSeparator).toBe(' / ');
    // only rule 2 is marked, as immutable: by the Nomic I/V convention the unmarked rules are mutable
    expect(rs.rules.map((r) => [r.number, r.title, r.mutable, r.power, r.text])).toEqual([
      ['1', 'Obey', true, undefined, 'All players must obey the rules.'],
      ['2', 'Voting', false, undefined, 'Votes are yes or no.'],
      ['3', 'Winning', true, 0.5, 'The first to 100 points wins.'],
    ]);
  });

  it('reads annotations before the title, and never takes a whole title for an annotation', () => {
    const rs = importRuleset('Rule 5 (Immutable): Title (Power=2)\n\nFive.\n\nRule 6: (void: eaten)\n\nSix.\n\nRule 7 (Mutable):\n\nSeven.\n');
    expect(rs.rules.map((r) => [r.number, r.title, r.mutable, r.power, r.status])).toEqual([
      ['5', 'Title', false, 2, undefined],
      ['6', '(void: eaten)', undefined, undefined, undefined],
      ['7', '', true, undefined, undefined],
    ]);
  });

  it('does not take prose starting with "Rule" for a header', () => {
    const rs = importRuleset(`Rule 101 (Immutable)

Rule 102 says otherwise. Rule are numbered.
Rule 5 applies too.

Rule 102 (Mutable)

Second.
`);
    expect(rs.rules.map((r) => r.number)).toEqual(['101', '102']);
    expect(rs.rules[0]!.text).toBe('Rule 102 says otherwise. Rule are numbered.\nRule 5 applies too.');
  });
});

describe('"101. text" numbered layout', () => {
  it('reads the text starting on the header line and warns about out-of-order numbers', () => {
    const rs = importRuleset(`Initial Set

101. All players must always abide by all the rules then in effect.

102. Initially rules in the 100's are immutable
and rules in the 200's are mutable.

1. This looks like a header but is a list item of rule 102.

201. Players shall alternate in alphabetical order.
`);
    expect(rs.format).toBe('numbered');
    expect(rs.title).toBe('Initial Set');
    expect(rs.rules.map((r) => [r.number, r.title])).toEqual([
      ['101', ''],
      ['102', ''],
      ['201', ''],
    ]);
    expect(rs.rules[1]!.text).toBe("Initially rules in the 100's are immutable\nand rules in the 200's are mutable.\n\n1. This looks like a header but is a list item of rule 102.");
    expect(rs.warnings).toEqual([{ line: 8, message: 'looks like the header of rule 1 but follows rule 102; read as text of rule 102' }]);
  });
});

const AGORA_YAML = `---
name: Precedence between Rules
history:
- change:
    type: initial
    id: 212
    mutability: mutable
  date: 1993-06-30
- change:
    type: amendment
  date: 1994-09-15
  agent:
    rule: 750
- change:
    type: power-change
    old-power: 3.0
    new-power: 3.2
  date: 2009-05-19
  agent:
    proposal: "6292"
- change:
    type: amendment
  date: 2009-08-16
  agent:
    cleaning:
      by: Murphy
text: |
  In a conflict between Rules, the conflict shall be resolved by
  performing the following comparisons.

  - The Rule enacted earliest takes precedence.
id: 1030
rev: 11
power: 3.2
annotations:
- cfjs:
  - id: '1104'
    called: 1998-08-20
  text: The presence in a Rule of deference clause does not prevent a conflict.
`;

describe('AgoraNomic/ruleset one-YAML-file-per-rule', () => {
  it('reads name, text, id, rev, power, history and annotations', () => {
    const rs = importRuleset(AGORA_YAML);
    expect(rs.format).toBe('agora-yaml');
    const r = rs.rules[0]!;
    expect(r).toMatchObject({ number: '1030', title: 'Precedence between Rules', power: 3.2 });
    expect(r.text).toBe('In a conflict between Rules, the conflict shall be resolved by\nperforming the following comparisons.\n\n- The Rule enacted earliest takes precedence.');
    expect(r.history).toEqual([
      'Initial mutable rule 212, 1993-06-30',
      'Amended by R750, 1994-09-15',
      'Power changed from 3 to 3.2 by P6292, 2009-05-19',
      'Amended by cleaning (Murphy), 2009-08-16',
    ]);
    expect(r.attrs.revision).toBe(11);
    expect(r.attrs.annotations).toBe('CFJ 1104 (called 1998-08-20): The presence in a Rule of deference clause does not prevent a conflict.');
  });

  it('a folder: rules/ files ordered and sectioned by config/index, with warnings for gaps', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nomicon-rules-'));
    mkdirSync(join(dir, 'rules'));
    mkdirSync(join(dir, 'config'));
    writeFileSync(join(dir, 'rules', '1030'), AGORA_YAML);
    writeFileSync(join(dir, 'rules', '101'), 'name: The Game of Agora\nid: 101\npower: 4\ntext: |\n  Agora is a game of Nomic.\n');
    writeFileSync(join(dir, 'rules', '2000'), 'id: 2000\nname: Orphan\ntext: Not indexed.\n');
    writeFileSync(join(dir, 'config', 'index'), '- name: The Game of Agora\n  rules:\n  - 101\n  - 555\n- name: Rules & Regulations\n  rules:\n  - 1030\n');
    writeFileSync(join(dir, 'README.md'), '# not a rule');
    const rs = importRulesetPath(dir);
    expect(rs.rules.map((r) => [r.number, r.section])).toEqual([
      ['101', 'The Game of Agora'],
      ['1030', 'Rules & Regulations'],
      ['2000', undefined],
    ]);
    expect(rs.rules[0]!.attrs.file).toBe(join('rules', '101'));
    expect(rs.warnings.map((w) => w.message)).toEqual([
      'config/index: section "The Game of Agora" lists rule 555, which no file holds',
      'rule 2000 (rules/2000) is in no section of config/index; placed at the end',
    ]);
  });

  it('files that hold no rules are reported, not dropped silently', () => {
    const rs = importRulesetFiles([
      { name: 'a.txt', text: 'Rule 1\n\nOne.' },
      { name: 'notes.txt', text: 'Just some notes.' },
    ]);
    expect(rs.rules.map((r) => r.number)).toEqual(['1']);
    expect(rs.warnings.map((w) => w.message)).toContain('notes.txt: no rules found; skipped');
  });
});

describe('JSON and YAML rulesets', () => {
  it('reads the engine JSON back exactly, and a bare list of rules', () => {
    const rs = importRuleset('Rule 1 (Immutable)\n\nOne.\n\nRule 2\n\nTwo.');
    const back = importRuleset(exportRuleset(rs, 'json'));
    expect(back).toEqual(rs);
    const list = importRuleset('[{"number": 7, "title": "Seven", "text": "Lucky.\\n", "mutable": "immutable", "power": "1/2", "extra": {"x": 1}}]');
    expect(list.format).toBe('json');
    expect(list.rules[0]).toEqual({ number: '7', title: 'Seven', mutable: false, power: 0.5, text: 'Lucky.', history: [], attrs: {} });
    expect(list.warnings).toEqual([{ line: 0, message: 'input: rules[0]: rule 7: field extra is not a scalar; dropped' }]);
  });

  it('reads a YAML ruleset with sections', () => {
    const rs = importRuleset('title: Mini\nsections:\n  - title: Core\n    rules: [1]\nrules:\n  - number: 1\n    title: Only\n    text: The only rule.\n    history: [Enacted by Ann]\n');
    expect(rs.format).toBe('yaml');
    expect(rs.title).toBe('Mini');
    expect(rs.rules[0]).toMatchObject({ number: '1', title: 'Only', text: 'The only rule.', history: ['Enacted by Ann'], section: 'Core' });
  });

  it('text that merely starts with "[" is not taken for JSON', () => {
    const rs = importRuleset('[draft]\n\nRule 1\n\nText one.');
    expect(rs.rules.map((r) => r.text)).toEqual(['Text one.']);
  });
});

describe('warnings and edge cases', () => {
  it('says where and why for text before the first rule, duplicate numbers and empty rules', () => {
    const rs = importRuleset('My Ruleset\n\nSome introduction\nspanning two lines.\n\nRule 1\n\nOne.\n\nRule 2\n\nRule 1\n\nAgain.\n');
    expect(rs.preamble).toBe('Some introduction\nspanning two lines.');
    expect(rs.warnings).toEqual([
      { line: 3, message: 'lines 3-4 before the first rule ("Some introduction") are not a rule; kept as the ruleset\'s preamble' },
      { line: 10, message: 'rule 2 has no text' },
      { line: 12, message: 'rule 1 appears twice (lines 6 and 12); both kept' },
    ]);
  });

  it('text without any rule header is kept whole, with a warning', () => {
    const rs = importRuleset('\nJust prose about a game.\nNo rules here.\n');
    expect(rs.rules).toEqual([]);
    expect(rs.preamble).toBe('Just prose about a game.\nNo rules here.');
    expect(rs.warnings[0]!.line).toBe(2);
  });

  it('CRLF line endings and a BOM read the same as LF', () => {
    const lf = 'Rules\n\nRule 1\n\nOne.\n\nTwo.\n';
    expect(importRuleset(`\uFEFF${lf.replace(/\n/g, '\r\n')}`).rules).toEqual(importRuleset(lf).rules);
  });

  it('a forced layout overrides detection; an unknown one is an error that lists the known ones', () => {
    const text = '1. Alpha\nText.\n\n2. Beta\nMore.\n';
    expect(importRuleset(text).rules.map((r) => r.title)).toEqual(['Alpha', 'Beta']);
    expect(importRuleset(text, { format: 'rule' }).rules).toEqual([]);
    expect(() => importRuleset(text, { format: 'docx' })).toThrow(/unknown ruleset format "docx"; expected one of auto, text, json/);
  });
});
