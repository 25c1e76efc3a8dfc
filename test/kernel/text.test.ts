// Text edits of rule-changes: a quote must occur exactly once; runs of whitespace may differ (a
// proposal quotes on one line what the rule breaks across two).
import { describe, expect, it } from 'vitest';
import { insertParagraph, replaceExactlyOnce } from '../../src/kernel/text.js';

const rule = 'At the beginning of each nweek, each player who has the Active\nProperty gains m25.';

describe('rule text edits', () => {
  it('replaces a verbatim quote', () => {
    expect(replaceExactlyOnce(rule, 'gains m25', 'gains m30')).toEqual({ text: rule.replace('m25', 'm30') });
  });
  it('matches a quote across a line break', () => {
    expect(replaceExactlyOnce(rule, 'the Active Property gains m25', 'the Active Property gains m40')).toEqual({ text: 'At the beginning of each nweek, each player who has the Active Property gains m40.' });
  });
  it('refuses an absent or repeated quote', () => {
    expect(replaceExactlyOnce(rule, 'Passive Property', 'x')).toHaveProperty('error');
    expect(replaceExactlyOnce('a b\na b', 'a b', 'x')).toHaveProperty('error');
    expect(replaceExactlyOnce('a  b\na b', 'a\nb', 'x')).toHaveProperty('error');
  });
  it('inserts after an anchor quoted on one line', () => {
    expect(insertParagraph(rule, 'New.', { after: 'Active Property gains m25.' })).toEqual({ text: `${rule}\n\nNew.` });
  });
});
