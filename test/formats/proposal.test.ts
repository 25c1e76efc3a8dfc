// The proposal parser: English rule-changes to typed changes and back, and applying text amendments.
import fc from 'fast-check';
import { runs } from '../support/fast-check-seed.js';
import { describe, expect, it } from 'vitest';
import type { Change } from '../../src/kernel/changes.js';
import { applyTextChange, formatChanges, parseProposal, quote } from '../../src/formats/proposal.js';

const one = (text: string) => parseProposal(text).changes;

describe('parseProposal: each kind of change', () => {
  it('amend by replacing, with straight or curly quotes, several at once', () => {
    expect(one('Amend Rule 203 by replacing "24 hours" with "36 hours".')).toEqual([{ amend: { rule: '203', replace: [{ from: '24 hours', to: '36 hours' }] } }]);
    expect(one('Amend rule 203 by replacing “24 hours” with “36 hours”, and replacing ‘turn’ with ‘round’.')).toEqual([
      { amend: { rule: '203', replace: [{ from: '24 hours', to: '36 hours' }, { from: 'turn', to: 'round' }] } },
    ]);
    expect(one('In Rule 4E36, replace "Minister of Law" with "Rulekeepor".')).toEqual([{ amend: { rule: '4E36', replace: [{ from: 'Minister of Law', to: 'Rulekeepor' }] } }]);
    expect(one('Replace the text "24 hours" with the text "12 hours" in Rule 203.')).toEqual([{ amend: { rule: '203', replace: [{ from: '24 hours', to: '12 hours' }] } }]);
    expect(one('Amend Rule 2 by replacing \'the player\'s turn\' with \'a turn\'.')).toEqual([{ amend: { rule: '2', replace: [{ from: "the player's turn", to: 'a turn' }] } }]);
    expect(one('Amend Rule 7 by deleting " and gold".')).toEqual([{ amend: { rule: '7', replace: [{ from: ' and gold', to: '' }] } }]);
  });

  it('amend to read, quoted or as a block of paragraphs', () => {
    expect(one('Amend Rule 5 to read: "Players may vote."')).toEqual([{ amend: { rule: '5', text: 'Players may vote.' } }]);
    expect(one('Amend rule 5 to read as follows:\n\n    Players may vote.\n\n    Votes are public.')).toEqual([{ amend: { rule: '5', text: 'Players may vote.\n\nVotes are public.' } }]);
    expect(one('Replace the text of Rule 9 with: Nine.')).toEqual([{ amend: { rule: '9', text: 'Nine.' } }]);
  });

  it('enact / create a new rule with title, number, mutability and power', () => {
    expect(one('Enact a new rule titled "Points for passing" with the text "A player whose proposal passes gains 10 points."')).toEqual([
      { enact: { title: 'Points for passing', text: 'A player whose proposal passes gains 10 points.' } },
    ]);
    expect(one('Create a new rule titled Points for passing, with the text: A player gains points.')).toEqual([{ enact: { title: 'Points for passing', text: 'A player gains points.' } }]);
    expect(one('Enact a new immutable rule numbered 4E99, titled “Foo”, with power 2, with the text “Bar.”')).toEqual([
      { enact: { number: '4E99', title: 'Foo', mutable: false, power: 2, text: 'Bar.' } },
    ]);
    expect(one('Enact the following rule:\n\nEach player has one vote.\n\nVotes are secret.')).toEqual([{ enact: { text: 'Each player has one vote.\n\nVotes are secret.' } }]);
  });

  it('repeal, transmute, retitle, renumber, set power and set a game path', () => {
    expect(one('Repeal rule 216.')).toEqual([{ repeal: { rule: '216' } }]);
    expect(one('Repeal Rules 203, 204 and 210.')).toEqual(['203', '204', '210'].map((rule) => ({ repeal: { rule } })));
    expect(one('Repeal R101 and R102.')).toEqual(['101', '102'].map((rule) => ({ repeal: { rule } })));
    expect(one('Change the number of Rule #7 to 8.')).toEqual([{ renumber: { rule: '7', number: '8' } }]);
    expect(one('Transmute rule 109 to mutable.')).toEqual([{ transmute: { rule: '109', mutable: true } }]);
    expect(one('Transmute Rule 109 from immutable to mutable.')).toEqual([{ transmute: { rule: '109', mutable: true } }]);
    expect(one('Transmute Rule 109.')).toEqual([{ transmute: { rule: '109' } }]);
    expect(one('Make Rule 203 immutable.')).toEqual([{ transmute: { rule: '203', mutable: false } }]);
    expect(one('Retitle Rule 6 to "Precedence".')).toEqual([{ retitle: { rule: '6', title: 'Precedence' } }]);
    expect(one('Rename rule 6 to Precedence.')).toEqual([{ retitle: { rule: '6', title: 'Precedence' } }]);
    expect(one('Change the title of Rule 6 to “Order”.')).toEqual([{ retitle: { rule: '6', title: 'Order' } }]);
    expect(one('Renumber rule 4E1 to 4E100.')).toEqual([{ renumber: { rule: '4E1', number: '4E100' } }]);
    expect(one('Set the power of Rule 4E75 to 0.75.')).toEqual([{ set: { rule: '4E75', attribute: 'power', value: 0.75 } }]);
    expect(one('Set the power of rule 1030 to 1/2.')).toEqual([{ set: { rule: '1030', attribute: 'power', value: 0.5 } }]);
    expect(one("Set Rule 5's power to 3.")).toEqual([{ set: { rule: '5', attribute: 'power', value: 3 } }]);
    expect(one('Set player/alice.gold to 10.')).toEqual([{ set: { path: 'player/alice.gold', value: 10 } }]);
  });

  it('the passive voice: "Rule N is amended / repealed / transmuted / retitled / renumbered"', () => {
    const changes = (t: string) => parseProposal(t).changes;
    expect(changes('Rule 216 is repealed.')).toEqual([{ repeal: { rule: '216' } }]);
    expect(changes('Rules 203 and 204 are hereby repealed.')).toEqual([{ repeal: { rule: '203' } }, { repeal: { rule: '204' } }]);
    expect(changes('That Rule 216 be repealed.')).toEqual([{ repeal: { rule: '216' } }]);
    expect(changes('Rule 330 is amended by replacing "10 gold" with "20 gold".')).toEqual([{ amend: { rule: '330', replace: [{ from: '10 gold', to: '20 gold' }] } }]);
    expect(changes('Rule 203 shall be amended to read: "A turn lasts 12 hours."')).toEqual([{ amend: { rule: '203', text: 'A turn lasts 12 hours.' } }]);
    expect(changes('Rule 109 is transmuted to mutable.')).toEqual([{ transmute: { rule: '109', mutable: true } }]);
    expect(changes('Rule 4E36 is retitled "Clocks".')).toEqual([{ retitle: { rule: '4E36', title: 'Clocks' } }]);
    expect(changes('Rule 5 is renumbered to 7.')).toEqual([{ renumber: { rule: '5', number: '7' } }]);
    expect(changes('Rule 216 is repealed. Rule 330 is amended by replacing "a" with "b".')).toHaveLength(2);
  });

  it('a title in parentheses after a rule number is a reminder, not part of the change', () => {
    const changes = (t: string) => parseProposal(t).changes;
    expect(changes('Repeal Rule 1009 (Room to Grow).')).toEqual([{ repeal: { rule: '1009' } }]);
    expect(changes('Rule 1009 (Room to Grow) is repealed.')).toEqual([{ repeal: { rule: '1009' } }]);
    expect(changes('Repeal Rules 3 (A) and 4 (B).')).toEqual([{ repeal: { rule: '3' } }, { repeal: { rule: '4' } }]);
    expect(changes('Amend Rule 203 (Turns) by replacing "24" with "12".')).toEqual([{ amend: { rule: '203', replace: [{ from: '24', to: '12' }] } }]);
    expect(changes('Transmute Rule 109 (from immutable) (to mutable).')).toEqual([{ transmute: { rule: '109', mutable: true } }]);
    expect(changes('Transmute Rule 5 (immutable).')).toEqual([{ transmute: { rule: '5' } }]);
  });

  it('append and insert paragraphs; an inline insertion becomes a replacement', () => {
    expect(one('Append to Rule 201 the following paragraph: "Proposals expire after a week."')).toEqual([{ amend: { rule: '201', append: 'Proposals expire after a week.' } }]);
    expect(one('Add the following paragraph to Rule 201: Proposals expire.')).toEqual([{ amend: { rule: '201', append: 'Proposals expire.' } }]);
    expect(one('Amend Rule 201 by inserting the paragraph "New." after the paragraph beginning "Players may".')).toEqual([
      { amend: { rule: '201', insert: { text: 'New.', after: 'Players may' } } },
    ]);
    expect(one('Amend Rule 201 by inserting the paragraph "First." at the beginning.')).toEqual([{ amend: { rule: '201', insert: { text: 'First.' } } }]);
    expect(one('Amend Rule 5 by inserting ", or a Moderator," after "Player".')).toEqual([{ amend: { rule: '5', replace: [{ from: 'Player', to: 'Player, or a Moderator,' }] } }]);
    expect(one('Insert "very " before "good" in Rule 3.')).toEqual([{ amend: { rule: '3', replace: [{ from: 'good', to: 'very good' }] } }]);
  });

  it('several changes in one proposal: a numbered list, or joined by "and"', () => {
    expect(one('1. Repeal Rule 216.\n2. Amend Rule 203 by replacing "24" with "36".\n3) Enact a new rule titled "X" with the text "Y".')).toEqual([
      { repeal: { rule: '216' } },
      { amend: { rule: '203', replace: [{ from: '24', to: '36' }] } },
      { enact: { title: 'X', text: 'Y' } },
    ]);
    expect(one('Repeal rule 5 and enact a new rule with the text "Z".')).toEqual([{ repeal: { rule: '5' } }, { enact: { text: 'Z' } }]);
  });
});

describe('parseProposal: what it cannot read is kept', () => {
  it('unparseable text becomes a manual change with the reason, never dropped', () => {
    expect(one('Repeal rule 5 because it is silly.')).toEqual([{ manual: { text: 'Repeal rule 5 because it is silly.', reason: 'a rule-change the parser could not read; apply it by hand' } }]);
    expect(one('Amend rule 5 by replacing every "a" with "b".')).toEqual([
      { manual: { text: 'Amend rule 5 by replacing every "a" with "b".', reason: 'replacing every occurrence is not a supported change (each replacement must match exactly once)' } },
    ]);
    expect(one('Amend the voting rules so that a two-thirds majority is needed.')[0]).toMatchObject({ manual: { text: 'Amend the voting rules so that a two-thirds majority is needed.' } });
  });

  it('keeps prose between parsed changes as manual text, in order', () => {
    expect(one('Repeal Rule 3. This is needed because rule 3 is broken. Transmute Rule 4.')).toEqual([
      { repeal: { rule: '3' } },
      { manual: { text: 'This is needed because rule 3 is broken.', reason: 'text that is not a rule-change the parser recognises' } },
      { transmute: { rule: '4' } },
    ]);
  });

  it('a proposal that is only a rule text (no rule-change clause) enacts that text, and says so', () => {
    const r = parseProposal('A player whose proposal is adopted gains 10 points.');
    expect(r.changes).toEqual([{ enact: { text: 'A player whose proposal is adopted gains 10 points.' } }]);
    expect(r.notes).toEqual(['no rule-change clause found: the whole text is read as the text of a new rule to enact']);
    const titled = parseProposal('Title: Points\nPlayers gain points.\n\nAdd 5 points to every score at dawn.');
    expect(titled.changes).toEqual([{ enact: { title: 'Points', text: 'Players gain points.\n\nAdd 5 points to every score at dawn.' } }]);
  });

  it('an empty proposal has no changes and a note', () => {
    expect(parseProposal('  \n ')).toEqual({ changes: [], notes: ['empty proposal: no changes'] });
  });
});

describe('formatChanges', () => {
  it('writes English that reads back', () => {
    const changes: Change[] = [
      { enact: { title: 'Points', text: 'Players gain "points".', mutable: true, number: '350', power: 1.5 } },
      { amend: { rule: '203', replace: [{ from: '24 hours', to: '36 hours' }, { from: 'turn', to: '' }], append: 'New.', insert: { text: 'Top.', before: 'One' } } },
      { amend: { rule: '5', text: 'Whole “new” text.\n\nTwo paragraphs with "both" quotes.' } },
      { repeal: { rule: '216' } },
      { transmute: { rule: '109', mutable: false } },
      { retitle: { rule: '6', title: 'Precedence' } },
      { renumber: { rule: '4E1', number: '4E2' } },
      { set: { rule: '4E75', attribute: 'power', value: 0.75 } },
      { set: { path: 'player/alice.gold', value: 10 } },
      { create: { type: 'player', id: 'zed', attrs: { points: 0 } } },
    ];
    const text = formatChanges(changes);
    expect(text).toContain('1. Enact a new mutable rule numbered 350, titled “Points”, with power 1.5, with the text “Players gain "points".”.');
    expect(text).toContain('Amend Rule 203 by replacing “24 hours” with “36 hours”, deleting “turn”, inserting the paragraph “Top.” before the paragraph containing “One”, and appending the paragraph “New.”.');
    expect(text).toContain('3. Amend Rule 5 to read «Whole “new” text.\n\nTwo paragraphs with "both" quotes.».');
    expect(text).toContain('10. Apply the change {"create":{"type":"player","id":"zed","attrs":{"points":0}}}.');
    expect(parseProposal(text)).toEqual({ changes, notes: [] });
  });

  it('quote() picks quotation marks the text does not contain', () => {
    expect(quote('plain')).toBe('“plain”');
    expect(quote('has ” inside')).toBe('"has ” inside"');
    expect(quote('has ” and " inside')).toBe('«has ” and " inside»');
  });
});

describe('applyTextChange', () => {
  const text = 'One turn consists of a vote.\n\nThe length of a turn defaults to 24 hours.';

  it('replaces text that occurs exactly once', () => {
    expect(applyTextChange(text, { amend: { rule: '203', replace: [{ from: '24 hours', to: '36 hours' }] } })).toEqual({ text: text.replace('24 hours', '36 hours') });
    expect(applyTextChange(text, { rule: '203', text: 'All new.' })).toEqual({ text: 'All new.' });
  });

  it('is an error, quoting the text, when the replaced text is absent or there more than once', () => {
    expect(applyTextChange(text, { rule: '203', replace: [{ from: '48 hours', to: 'x' }] })).toEqual({ error: 'Rule 203: the rule does not contain “48 hours”' });
    expect(applyTextChange(text, { rule: '203', replace: [{ from: 'turn', to: 'round' }] })).toEqual({ error: 'Rule 203: “turn” occurs 2 times in the rule; the replacement is ambiguous' });
    expect(applyTextChange(text, { rule: '203', replace: [{ from: '', to: 'x' }] })).toEqual({ error: 'Rule 203: the replacement text is empty' });
  });

  it('matches across line breaks and quote styles when the exact text is not there', () => {
    const wrapped = 'The length of\na dun is "48 hours".';
    expect(applyTextChange(wrapped, { rule: '10', replace: [{ from: 'length of a dun is “48 hours”', to: 'length of a dun is 24 hours' }] })).toEqual({ text: 'The length of a dun is 24 hours.' });
  });

  it('inserts and appends paragraphs', () => {
    expect(applyTextChange(text, { rule: '203', insert: { text: 'Middle.', after: 'consists of' } })).toEqual({ text: 'One turn consists of a vote.\n\nMiddle.\n\nThe length of a turn defaults to 24 hours.' });
    expect(applyTextChange(text, { rule: '203', insert: { text: 'First.', before: 'defaults' } })).toEqual({ text: 'One turn consists of a vote.\n\nFirst.\n\nThe length of a turn defaults to 24 hours.' });
    expect(applyTextChange(text, { rule: '203', insert: { text: 'Top.' } })).toEqual({ text: `Top.\n\n${text}` });
    expect(applyTextChange(text, { rule: '203', append: 'Last.' })).toEqual({ text: `${text}\n\nLast.` });
    expect(applyTextChange('', { rule: '1', append: 'Only.' })).toEqual({ text: 'Only.' });
    expect(applyTextChange(text, { rule: '203', insert: { text: 'X', after: 'nowhere' } })).toEqual({ error: 'Rule 203: the rule does not contain “nowhere”' });
  });

  it('property: a replacement of a unique piece is a splice; of an absent piece, an error naming it', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 8 }), (base, from, to) => {
        const hay = `${base}\u0001${from}\u0002`;
        const count = hay.split(from).length - 1;
        const r = applyTextChange(hay, { rule: '1', replace: [{ from, to }] });
        if (count === 1) expect(r).toEqual({ text: hay.replace(from, () => to) });
        else if ('error' in r) expect(r.error).toContain(quote(from));
      }),
      { numRuns: runs(300) },
    );
  });
});

// --- properties ---

const WORDS = ['player', 'points', 'vote', 'gold', 'turn', 'hours', 'judge', 'Moderator', 'shall', 'may', 'the', 'a', '24', 'café', 'naïve'];
const text = fc
  .array(fc.array(fc.array(fc.constantFrom(...WORDS, '"x"', '“y”', "it's", '—', 'Rule 5'), { minLength: 1, maxLength: 8 }).map((ws) => `${ws.join(' ')}.`), { minLength: 1, maxLength: 3 }).map((ss) => ss.join(' ')), { minLength: 1, maxLength: 3 })
  .map((ps) => ps.join('\n\n'));
const shortText = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' '));
const num = fc.oneof(fc.integer({ min: 0, max: 999 }).map(String), fc.integer({ min: 0, max: 99 }).map((n) => `4E${n}`));
const changeArb: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ text, title: fc.option(shortText, { nil: undefined }), number: fc.option(num, { nil: undefined }), mutable: fc.option(fc.boolean(), { nil: undefined }), power: fc.option(fc.constantFrom(0, 1, 2.5), { nil: undefined }) }).map((e) => {
    const enact: Extract<Change, { enact: unknown }>['enact'] = { text: e.text };
    if (e.title !== undefined) enact.title = e.title;
    if (e.number !== undefined) enact.number = e.number;
    if (e.mutable !== undefined) enact.mutable = e.mutable;
    if (e.power !== undefined) enact.power = e.power;
    return { enact };
  }),
  fc.record({ rule: num, text }).map((a) => ({ amend: a })),
  fc.record({ rule: num, replace: fc.array(fc.record({ from: shortText, to: fc.oneof(shortText, fc.constant('')) }), { minLength: 1, maxLength: 3 }) }).map((a) => ({ amend: a })),
  fc.record({ rule: num, append: text }).map((a) => ({ amend: a })),
  fc.record({ rule: num, text: shortText, after: shortText }).map(({ rule, text: t, after }) => ({ amend: { rule, insert: { text: t, after } } })),
  num.map((rule) => ({ repeal: { rule } })),
  fc.record({ rule: num, mutable: fc.option(fc.boolean(), { nil: undefined }) }).map(({ rule, mutable }) => ({ transmute: mutable === undefined ? { rule } : { rule, mutable } })),
  fc.record({ rule: num, title: shortText }).map((r) => ({ retitle: r })),
  fc.record({ rule: num, number: num }).map((r) => ({ renumber: r })),
  fc.record({ rule: num, value: fc.constantFrom(0, 0.5, 3) }).map(({ rule, value }) => ({ set: { rule, attribute: 'power', value } })),
  fc.record({ type: fc.constantFrom('player', 'bond'), id: shortText }).map((c) => ({ create: c })),
);

/** Words the grammar itself supplies: they may be consumed by a parsed clause. */
const GRAMMAR = new Set(
  'amend rule rules by replacing replace with to read as follows the a an new mutable immutable enact create titled text numbered power repeal transmute retitle renumber set of and append appending paragraph insert inserting after before at beginning containing deleting apply change in title'.split(' '),
);

describe('properties', () => {
  it('formatChanges then parseProposal gives back the same changes', () => {
    fc.assert(
      fc.property(fc.array(changeArb, { minLength: 1, maxLength: 5 }), (changes) => {
        expect(parseProposal(formatChanges(changes))).toEqual({ changes, notes: [] });
      }),
      { numRuns: runs(300) },
    );
  });

  it('never throws and never loses words, on generated and mangled proposals', () => {
    const mangled = fc.tuple(fc.array(changeArb, { minLength: 1, maxLength: 3 }), fc.nat(), fc.nat(), fc.string({ maxLength: 12 }), fc.constantFrom('cut', 'insert', 'unquote', 'none')).map(([cs, a, b, junk, how]) => {
      const t = formatChanges(cs);
      const i = a % (t.length + 1);
      const j = Math.min(t.length, i + (b % 15));
      if (how === 'cut') return t.slice(0, i) + t.slice(j);
      if (how === 'insert') return t.slice(0, i) + junk + t.slice(i);
      if (how === 'unquote') return t.replace(/[“”"]/, '');
      return t;
    });
    const anyText = fc.oneof(mangled, fc.string({ maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 100 }), text);
    fc.assert(
      fc.property(anyText, (input) => {
        const out = parseProposal(input);
        const serialized = JSON.stringify(out);
        for (const token of input.match(/[\p{L}\p{N}]+/gu) ?? []) {
          const w = token.replace(/^(?:rule|r)(?=\d)/i, ''); // "Rule24", "R101" name rule numbers
          if (GRAMMAR.has(w.toLowerCase()) || /^\d{1,3}$/.test(w)) continue; // grammar words, list markers
          expect(serialized.includes(w), `lost "${w}"`).toBe(true);
        }
      }),
      { numRuns: runs(400) },
    );
  });
});
