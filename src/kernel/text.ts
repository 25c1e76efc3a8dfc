// Text edits a rule-change makes: exact replacement that refuses an absent or ambiguous quote.
// A quote that is not in the text verbatim may still match once when runs of whitespace are
// taken as equal (a proposal quotes a sentence on one line that the rule breaks across two).
function locateOnce(text: string, quote: string): { at: number; length: number } | { error: string } {
  const first = text.indexOf(quote);
  if (first >= 0) {
    if (text.indexOf(quote, first + 1) >= 0) return { error: `the text "${quote}" occurs more than once in the rule` };
    return { at: first, length: quote.length };
  }
  const words = quote.trim().split(/\s+/).filter(Boolean);
  if (!words.length || !/\s/.test(quote)) return { error: `the text "${quote}" is not in the rule` };
  const re = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+'), 'g');
  const found = [...text.matchAll(re)];
  if (found.length !== 1) return { error: found.length ? `the text "${quote}" occurs more than once in the rule` : `the text "${quote}" is not in the rule` };
  return { at: found[0]!.index!, length: found[0]![0].length };
}

export function replaceExactlyOnce(text: string, from: string, to: string): { text: string } | { error: string } {
  if (from === '') return { error: 'a replacement needs the text to replace' };
  const where = locateOnce(text, from);
  if ('error' in where) return where;
  return { text: text.slice(0, where.at) + to + text.slice(where.at + where.length) };
}

/** Inserts a paragraph after or before a quoted passage, or at the end. */
export function insertParagraph(text: string, paragraph: string, where: { after?: string; before?: string } = {}): { text: string } | { error: string } {
  const anchor = where.after ?? where.before;
  if (anchor === undefined) return { text: text === '' ? paragraph : `${text}\n\n${paragraph}` };
  const found = locateOnce(text, anchor);
  if ('error' in found) return found;
  if (where.after !== undefined) {
    const end = found.at + found.length;
    return { text: `${text.slice(0, end)}\n\n${paragraph}${text.slice(end)}` };
  }
  return { text: `${text.slice(0, found.at)}${paragraph}\n\n${text.slice(found.at)}` };
}
