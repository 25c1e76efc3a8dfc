// Text edits a rule-change makes: exact replacement that refuses an absent or ambiguous quote.
// A quote that is not in the text verbatim may still match once when runs of whitespace are
// taken as equal (a proposal quotes a sentence on one line that the rule breaks across two).
export function replaceExactlyOnce(text: string, from: string, to: string): { text: string } | { error: string } {
  if (from === '') return { error: 'a replacement needs the text to replace' };
  const first = text.indexOf(from);
  if (first < 0) {
    const words = from.trim().split(/\s+/).filter(Boolean);
    if (!words.length || !/\s/.test(from)) return { error: `the text "${from}" is not in the rule` };
    const re = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+'), 'g');
    const found = [...text.matchAll(re)];
    if (found.length !== 1) return { error: found.length ? `the text "${from}" occurs more than once in the rule` : `the text "${from}" is not in the rule` };
    const at = found[0]!.index!;
    return { text: text.slice(0, at) + to + text.slice(at + found[0]![0].length) };
  }
  if (text.indexOf(from, first + 1) >= 0) return { error: `the text "${from}" occurs more than once in the rule` };
  return { text: text.slice(0, first) + to + text.slice(first + from.length) };
}

/** Inserts a paragraph after or before a quoted passage, or at the end. */
export function insertParagraph(text: string, paragraph: string, where: { after?: string; before?: string } = {}): { text: string } | { error: string } {
  const anchor = where.after ?? where.before;
  if (anchor === undefined) return { text: text === '' ? paragraph : `${text}\n\n${paragraph}` };
  const first = text.indexOf(anchor);
  if (first < 0) return { error: `the text "${anchor}" is not in the rule` };
  if (text.indexOf(anchor, first + 1) >= 0) return { error: `the text "${anchor}" occurs more than once in the rule` };
  if (where.after !== undefined) {
    const end = first + anchor.length;
    return { text: `${text.slice(0, end)}\n\n${paragraph}${text.slice(end)}` };
  }
  return { text: `${text.slice(0, first)}${paragraph}\n\n${text.slice(first)}` };
}
