// The proposal parser: English rule-changes ("Amend Rule 203 by replacing "24 hours" with "36 hours".") to typed
// changes and back, and applying a text amendment to a rule's text. Pure: no imports but types (runs in the sandbox).
import type { Change, Replacement } from '../kernel/changes.js';
import type { Json } from '../kernel/types.js';

export interface ParsedProposal {
  changes: Change[];
  notes: string[];
}

export type AmendChange = Extract<Change, { amend: unknown }>;
export type AmendSpec = AmendChange['amend'];

/** End of a word, for any script ("1fé" is one word). */
const BOUND = String.raw`(?![\p{L}\p{N}])`;
const NUM = String.raw`\d+(?:[A-Za-z]\d+)*[A-Za-z]?(?:\+\d*[A-Za-z]?)?`;
/** Opening quote -> closing quotes it accepts. */
const QUOTES: Record<string, string> = { '"': '"', '“': '”', '„': '“”', '«': '»', '‘': '’', '「': '」', '‹': '›', "'": "'" };
const CLAUSE_VERBS =
  /^(?:amend|modify|update|enact|create|adopt|establish|repeal|abolish|transmute|retitle|rename|renumber|set|change|append|add|insert|replace|delete|remove|strike|make|give|in\s+rule|apply\s+the\s+change)\b/i;
const LIST_MARKER = /^(?:\(?\d{1,3}[.)]|\(?[a-zA-Z][.)]|[-*•])[ \t]+/;

/** A cursor over the proposal text with small combinators; methods that fail restore the position. */
class Cursor {
  constructor(
    readonly s: string,
    public i = 0,
    readonly end = s.length,
  ) {}

  get done(): boolean {
    this.ws();
    return this.i >= this.end;
  }

  ws(): void {
    while (this.i < this.end && /\s/.test(this.s[this.i]!)) this.i++;
  }

  /** Match a regex (written without flags) at the cursor, case-insensitively, after whitespace. */
  re(source: string): RegExpExecArray | null {
    this.ws();
    const r = new RegExp(source, 'iuy');
    r.lastIndex = this.i;
    const m = r.exec(this.s.slice(0, this.end));
    if (m) this.i = r.lastIndex;
    return m;
  }

  /** One of several phrases (spaces match any whitespace), each followed by a word boundary. */
  word(...phrases: string[]): string | null {
    for (const p of phrases) if (this.re(`${p.replace(/ /g, String.raw`\s+`)}${BOUND}`)) return p;
    return null;
  }

  opt(...phrases: string[]): void {
    this.word(...phrases);
  }

  peekQuote(): boolean {
    this.ws();
    return this.i < this.end && this.s[this.i]! in QUOTES;
  }

  /** A quoted string (straight or curly quotes); the text between the quotes exactly. */
  quoted(): string | null {
    this.ws();
    const open = this.s[this.i];
    if (open === undefined || !(open in QUOTES)) return null;
    const closers = QUOTES[open]!;
    for (let j = this.i + 1; j < this.end; j++) {
      const ch = this.s[j]!;
      if (!closers.includes(ch)) continue;
      if (open === '"' || open === "'") {
        // a straight quote closes only before a space, punctuation or the end (not inside "player's")
        const next = this.s[j + 1];
        if (next !== undefined && j + 1 < this.end && !/[\s.,;:!?)\]]/.test(next)) continue;
        if (open === "'" && j === this.i + 1) continue;
      }
      const text = this.s.slice(this.i + 1, j);
      this.i = j + 1;
      return text;
    }
    return null;
  }

  ruleRef(): string | null {
    const m = this.re(String.raw`(?:the\s+)?(?:rule|r\.?)\s*(?:number\s+|no\.?\s*|#\s*)?(${NUM})${BOUND}`);
    if (m) this.skipRuleTitle();
    return m ? m[1]! : null;
  }

  /** A rule's title written after its number, "Rule 1009 (Room to Grow)", is only a reminder. */
  skipRuleTitle(): void {
    const at = this.i;
    const t = this.re(String.raw`\(([^()\n]{1,120})\)`);
    if (t && /\b(?:im)?mutable\b|\bpower\b|^\s*(?:from|to)\b/i.test(t[1]!)) this.i = at;
  }

  save(): number {
    return this.i;
  }

  restore(at: number): void {
    this.i = at;
  }
}

/** Is position `at` the start of a clause (after an optional list marker)? Strict form, used to end unquoted blocks. */
function startsChangeClause(s: string, at: number): boolean {
  const rest = s.slice(at).replace(LIST_MARKER, '');
  if (/^(?:amend|modify|enact|create|adopt|repeal|abolish|transmute|retitle|rename|renumber|append|insert|replace|delete|remove|strike)\b[^\n]{0,60}?\brules?\b/i.test(rest)) return true;
  if (/^(?:set|change|make)\s+the\s+(?:power|title|name|number|mutability)\s+of\s+rule\b/i.test(rest)) return true;
  if (/^in\s+rule\s+\S+/i.test(rest) || /^apply\s+the\s+change\s*\{/i.test(rest)) return true;
  return false;
}

/** End of an unquoted text block: a blank line followed by another change clause, or the end. */
function blockEnd(s: string, from: number, end: number): number {
  const blank = /\n[ \t]*\n\s*/g;
  blank.lastIndex = from;
  let m: RegExpExecArray | null;
  while ((m = blank.exec(s)) && m.index < end) {
    const next = m.index + m[0].length;
    if (next >= end) return m.index;
    if (startsChangeClause(s, next)) return m.index;
  }
  return end;
}

/** Unquoted multi-line text as written in a proposal: common indentation and "> " quote markers removed. */
function cleanBlock(text: string): string {
  let lines = text.replace(/\s+$/, '').split('\n');
  if (lines.every((l) => /^\s*>/.test(l) || l.trim() === '')) lines = lines.map((l) => l.replace(/^\s*> ?/, ''));
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => (l.trim() === '' ? '' : l.slice(cut))).join('\n').trim();
}

/** Is the cursor at a clause boundary: end, sentence end, new line, or "and"/"then" before another clause? */
function atBoundary(c: Cursor): boolean {
  const at = c.save();
  const before = c.s.slice(at, c.end);
  c.ws();
  if (c.i >= c.end) return true;
  const ch = c.s[c.i]!;
  if ('.;'.includes(ch)) {
    const next = c.s[c.i + 1];
    if (next === undefined || c.i + 1 >= c.end || /\s/.test(next)) {
      c.i++;
      return true;
    }
  }
  if (/^[ \t]*\r?\n/.test(before)) {
    c.restore(at);
    return true;
  }
  const comma = c.re('[,;]');
  const conj = c.word('and then', 'and also', 'and', 'then', 'also');
  if (comma || conj) {
    c.ws();
    const rest = c.s.slice(c.i, c.end).replace(LIST_MARKER, '');
    if (CLAUSE_VERBS.test(rest)) return true;
  }
  c.restore(at);
  return false;
}

/** A text argument: quoted, or an unquoted block running to the next clause. */
function textArg(c: Cursor): string | null {
  c.re(':');
  const at = c.save();
  const q = c.quoted();
  if (q !== null) {
    const after = c.save();
    if (atBoundary(c)) {
      c.restore(after);
      return q;
    }
  }
  c.restore(at);
  // the block starts at its first non-blank line, indentation included (cleanBlock removes the common part)
  let p = c.i;
  while (p < c.end && /[ \t]/.test(c.s[p]!)) p++;
  if (c.s[p] === '\n') {
    const m = /^(?:[ \t]*\n)+/.exec(c.s.slice(p, c.end));
    p += m ? m[0].length : 0;
  }
  if (p >= c.end) return null;
  const e = blockEnd(c.s, p, c.end);
  const text = cleanBlock(c.s.slice(p, e));
  c.i = e;
  return text === '' ? null : text;
}

/** A title: quoted, or words up to a comma, "with", "and", ":" or the end of the line. */
function titleArg(c: Cursor, toEnd = false): string | null {
  const q = c.quoted();
  if (q !== null) return q;
  c.ws();
  const rest = c.s.slice(c.i, c.end);
  const m = toEnd
    ? /^[^\n]+/.exec(rest)
    : /^(.+?)(?=\s*(?:,|:|\s+with\b|\s+and\b|\s+having\b|\s+reading\b|\s+that\s+reads\b|\s+which\s+reads\b|\s+numbered\b|\s*\n|$))/i.exec(rest);
  if (!m) return null;
  let t = m[1] ?? m[0];
  if (toEnd) t = t.replace(/\s*[.;]\s*$/, '');
  t = t.trim();
  if (t === '') return null;
  c.i += (m[1] ?? m[0]).length;
  return t;
}

function parseValue(c: Cursor): Json | undefined {
  const q = c.quoted();
  if (q !== null) return q;
  c.ws();
  const rest = c.s.slice(c.i, c.end);
  if (rest.startsWith('{') || rest.startsWith('[')) {
    const end = matchJson(rest);
    if (end > 0) {
      try {
        const v = JSON.parse(rest.slice(0, end)) as Json;
        c.i += end;
        return v;
      } catch {
        return undefined;
      }
    }
  }
  const m = /^(-?\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)(?!\w|\.\d)/.exec(rest) ?? /^(-?\d+(?:\.\d+)?)(?![\w/]|\.\d)/.exec(rest);
  if (m) {
    c.i += m[0].length;
    return m[2] !== undefined ? Number(m[1]) / Number(m[2]) : Number(m[1]);
  }
  const w = /^(true|false|null)(?![\w])/i.exec(rest);
  if (w) {
    c.i += w[0].length;
    const v = w[1]!.toLowerCase();
    return v === 'true' ? true : v === 'false' ? false : null;
  }
  const bare = /^[\p{L}\p{N}_-]+/u.exec(rest);
  if (bare) {
    c.i += bare[0].length;
    return bare[0];
  }
  return undefined;
}

/** Length of a balanced JSON object/array at the start of `s` (respecting strings), or 0. */
function matchJson(s: string): number {
  let depth = 0;
  let inStr = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (inStr) {
      if (ch === '\\') i++;
      else if (ch === '"') inStr = false;
      continue;
    }
    if (ch === '"') inStr = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return 0;
}

interface AmendOps {
  replace: Replacement[];
  append: string[];
  insert: { text: string; after?: string; before?: string }[];
}

const TEXT_NOUN = String.raw`(?:the\s+)?(?:(?:following|new)\s+)?(?:(?:text|words?|phrase|sentence|paragraph|clause|number|string|passage|line)${BOUND})?`;

/** One operation of "Amend Rule N by ...": replacing, deleting, appending, inserting. */
function amendOp(c: Cursor, ops: AmendOps, reasons: string[]): boolean {
  const at = c.save();
  c.opt('by');
  if (c.word('replacing', 'replace', 'changing', 'change', 'substituting', 'substitute')) {
    if (c.word('every', 'all', 'each', 'any')) {
      reasons.push('replacing every occurrence is not a supported change (each replacement must match exactly once)');
      c.restore(at);
      return false;
    }
    c.re(TEXT_NOUN);
    const from = c.quoted();
    if (from === null) return fail(c, at);
    if (c.word('wherever it appears', 'everywhere', 'throughout')) {
      reasons.push('replacing every occurrence is not a supported change (each replacement must match exactly once)');
      return fail(c, at);
    }
    if (!c.word('with', 'to', 'by', 'for')) return fail(c, at);
    c.re(TEXT_NOUN);
    const to = c.quoted();
    if (to === null) return fail(c, at);
    ops.replace.push({ from, to });
    return true;
  }
  if (c.word('deleting', 'delete', 'removing', 'remove', 'striking out', 'striking', 'strike out', 'strike', 'omitting', 'omit')) {
    c.re(TEXT_NOUN);
    const from = c.quoted();
    if (from === null) return fail(c, at);
    ops.replace.push({ from, to: '' });
    return true;
  }
  if (c.word('appending', 'append', 'adding', 'add')) {
    c.word('at the end', 'to the end');
    c.re(String.raw`(?:(?:the|a)\s+)?(?:(?:following|new)\s+)?(?:(?:text|paragraph|sentence|clause|section|words)${BOUND})?`);
    c.word('at the end', 'to the end', 'to its end');
    c.re(String.raw`(?:(?:of\s+(?:the\s+)?rule|of\s+it)${BOUND})?`);
    const text = textArg(c);
    if (text === null) return fail(c, at);
    c.word('at the end', 'to the end', 'to its end');
    ops.append.push(text);
    return true;
  }
  if (c.word('inserting', 'insert', 'adding', 'add')) {
    const noun = c.re(String.raw`(?:(?:the|a)\s+)?(?:(?:following|new)\s+)?(?:(paragraph|text|sentence|words?|clause)${BOUND})?`);
    const paragraph = /paragraph/i.test(noun?.[1] ?? '');
    c.re(':');
    const text = c.quoted();
    if (text === null) return fail(c, at);
    if (c.word('at the beginning', 'at the start', 'at the top')) {
      c.re(String.raw`(?:(?:of\s+(?:the\s+)?rule|of\s+it)${BOUND})?`);
      ops.insert.push({ text });
      return true;
    }
    if (c.word('at the end')) {
      ops.append.push(text);
      return true;
    }
    const where = c.word('immediately after', 'immediately before', 'directly after', 'directly before', 'after', 'before', 'following', 'preceding');
    if (!where) return fail(c, at);
    const anchorNoun = c.re(String.raw`(?:the\s+)?(?:(paragraph|sentence|text|words?|phrase)${BOUND})?\s*(?:(?:beginning|starting|which\s+begins|that\s+begins|which\s+starts|that\s+starts|containing|that\s+contains|which\s+contains|ending|that\s+ends|which\s+ends)(?:\s+with)?${BOUND})?`);
    const anchor = c.quoted();
    if (anchor === null) return fail(c, at);
    const after = /after|following/i.test(where);
    if (paragraph || /paragraph/i.test(anchorNoun?.[1] ?? '') || text.includes('\n')) {
      ops.insert.push(after ? { text, after: anchor } : { text, before: anchor });
    } else {
      // inline insertion: expressed as a replacement of the anchor
      const glue = (a: string, b: string) => (/\s$/.test(a) || /^\s/.test(b) || /^[,.;:!?)\]]/.test(b) || /[(\[]$/.test(a) ? `${a}${b}` : `${a} ${b}`);
      ops.replace.push({ from: anchor, to: after ? glue(anchor, text) : glue(text, anchor) });
    }
    return true;
  }
  return fail(c, at);
}

function fail(c: Cursor, at: number): false {
  c.restore(at);
  return false;
}

function none(c: Cursor, at: number): null {
  c.restore(at);
  return null;
}

function opsToChanges(rule: string, ops: AmendOps): Change[] {
  const out: Change[] = [];
  const first: AmendSpec = { rule };
  if (ops.replace.length) first.replace = ops.replace;
  if (ops.append.length) first.append = ops.append[0];
  if (ops.insert.length) first.insert = ops.insert[0];
  out.push({ amend: first });
  for (const a of ops.append.slice(1)) out.push({ amend: { rule, append: a } });
  for (const ins of ops.insert.slice(1)) out.push({ amend: { rule, insert: ins } });
  return out;
}

/** "by replacing A with B, and deleting C and appending D" */
function amendOps(c: Cursor, reasons: string[]): AmendOps | null {
  const ops: AmendOps = { replace: [], append: [], insert: [] };
  if (!amendOp(c, ops, reasons)) return null;
  for (;;) {
    const at = c.save();
    c.re('[,;]');
    c.word('and also', 'and', 'also', 'then');
    if (!amendOp(c, ops, reasons)) {
      c.restore(at);
      break;
    }
  }
  return ops;
}

type Clause = (c: Cursor, reasons: string[]) => Change[] | null;

const amendClause: Clause = (c, reasons) => {
  const at = c.save();
  if (c.word('in')) {
    const rule = c.ruleRef();
    if (rule === null) return none(c, at);
    c.re(',');
    const ops = amendOps(c, reasons);
    return ops ? opsToChanges(rule, ops) : none(c, at);
  }
  if (!c.word('amend', 'modify', 'update', 'change', 'revise')) return null;
  c.re(String.raw`(?:the\s+text\s+of\s+)?`);
  const rule = c.ruleRef();
  if (rule === null) return none(c, at);
  c.re(',');
  const mark = c.save();
  if (c.word('to read', 'so that it reads', 'so it reads', 'so that it will read', 'to say', 'so as to read', 'in its entirety to read', 'to state', 'with the new text', 'to have the text')) {
    c.word('as follows');
    const text = textArg(c);
    if (text === null) return none(c, at);
    return [{ amend: { rule, text } }];
  }
  c.restore(mark);
  const ops = amendOps(c, reasons);
  if (!ops) return none(c, at);
  return opsToChanges(rule, ops);
};

/** "Replace "A" with "B" in Rule N", "Replace the text of Rule N with: ...", "Delete "A" from Rule N". */
const replaceClause: Clause = (c, reasons) => {
  const at = c.save();
  if (c.word('replace')) {
    c.re(String.raw`(?:the\s+(?:whole\s+|entire\s+)?text\s+of\s+)?`);
    const rule = c.ruleRef();
    if (rule !== null) {
      c.re(String.raw`(?:in\s+its\s+entirety\s+)?`);
      if (!c.word('with', 'by')) return none(c, at);
      c.re(String.raw`(?:the\s+following(?:\s+text)?${BOUND})?`);
      const text = textArg(c);
      return text === null ? none(c, at) : [{ amend: { rule, text } }];
    }
    c.re(TEXT_NOUN);
    const from = c.quoted();
    if (from === null) return none(c, at);
    let rule2 = c.word('in') ? c.ruleRef() : null;
    if (!c.word('with', 'by')) return none(c, at);
    c.re(TEXT_NOUN);
    const to = c.quoted();
    if (to === null) return none(c, at);
    if (rule2 === null && c.word('in')) rule2 = c.ruleRef();
    if (rule2 === null) {
      reasons.push('a replacement must name the rule it applies to');
      return none(c, at);
    }
    return [{ amend: { rule: rule2, replace: [{ from, to }] } }];
  }
  if (c.word('delete', 'remove', 'strike out', 'strike')) {
    c.re(TEXT_NOUN);
    const from = c.quoted();
    if (from === null) return none(c, at);
    if (!c.word('from', 'in')) return none(c, at);
    const rule = c.ruleRef();
    if (rule === null) return none(c, at);
    return [{ amend: { rule, replace: [{ from, to: '' }] } }];
  }
  return null;
};

/** "Append to Rule N the paragraph: ...", "Add the following paragraph to Rule N: ...", "Insert "X" after "Y" in Rule N". */
const appendClause: Clause = (c) => {
  const at = c.save();
  const verb = c.word('append', 'add', 'insert');
  if (!verb) return null;
  // "Append to Rule N: TEXT"
  const mark = c.save();
  if (c.word('to the end of', 'at the end of', 'to')) {
    const rule = c.ruleRef();
    if (rule !== null) {
      c.re(String.raw`(?:,?\s*(?:the|a)\s+(?:following\s+|new\s+)?(?:paragraph|text|sentence|clause|section)${BOUND})?`);
      c.re(String.raw`(?:(?:\s+reading|\s+that\s+reads|\s+which\s+reads)${BOUND})?`);
      const text = textArg(c);
      return text === null ? none(c, at) : [{ amend: { rule, append: text } }];
    }
  }
  c.restore(mark);
  // "Add the following paragraph to (the end of) Rule N: TEXT" / "Append "X" to Rule N"
  c.re(String.raw`(?:(?:the|a)\s+)?(?:(?:following|new)\s+)?(?:(?:paragraph|text|sentence|clause|section|words)${BOUND})?`);
  const q = c.quoted();
  if (verb === 'insert') {
    if (q === null) return none(c, at);
    const where = c.word('immediately after', 'immediately before', 'after', 'before', 'at the beginning of', 'at the start of');
    if (!where) return none(c, at);
    if (/beginning|start/.test(where)) {
      const rule = c.ruleRef();
      return rule === null ? none(c, at) : [{ amend: { rule, insert: { text: q } } }];
    }
    const noun = c.re(String.raw`(?:the\s+)?(?:(paragraph|sentence|text|words?)${BOUND})?\s*(?:(?:beginning|starting|containing|ending)(?:\s+with)?${BOUND})?`);
    const anchor = c.quoted();
    if (anchor === null || !c.word('in', 'of')) return none(c, at);
    const rule = c.ruleRef();
    if (rule === null) return none(c, at);
    const after = /after/.test(where);
    if (/paragraph/i.test(noun?.[1] ?? '') || q.includes('\n')) return [{ amend: { rule, insert: after ? { text: q, after: anchor } : { text: q, before: anchor } } }];
    const glue = (a: string, b: string) => (/\s$/.test(a) || /^\s/.test(b) || /^[,.;:!?)\]]/.test(b) ? `${a}${b}` : `${a} ${b}`);
    return [{ amend: { rule, replace: [{ from: anchor, to: after ? glue(anchor, q) : glue(q, anchor) }] } }];
  }
  if (!c.word('to the end of', 'at the end of', 'to')) return none(c, at);
  const rule = c.ruleRef();
  if (rule === null) return none(c, at);
  if (q !== null) return [{ amend: { rule, append: q } }];
  const text = textArg(c);
  return text === null ? none(c, at) : [{ amend: { rule, append: text } }];
};

/** "Enact a new (im)mutable rule (numbered N) titled X (with power P) with the text: ..." */
const enactClause: Clause = (c) => {
  const at = c.save();
  if (!c.word('enact', 'create', 'adopt', 'establish', 'add', 'make')) return null;
  const spec: { number?: string; title?: string; text?: string; mutable?: boolean; power?: number } = {};
  c.re(String.raw`(?:(?:a|an|the)\s+)?(?:following\s+)?(?:new\s+)?`);
  const mut = c.word('immutable', 'mutable');
  if (mut) spec.mutable = mut === 'mutable';
  if (!c.word('rule')) return none(c, at);
  const num0 = c.re(`(${NUM})${BOUND}`);
  if (num0) spec.number = num0[1]!;
  for (let guard = 0; guard < 8; guard++) {
    const mark = c.save();
    c.re('[,(]?');
    c.word('and');
    if (c.word('numbered', 'with number', 'with the number', 'as rule', 'as number')) {
      const n = c.re(`(?:rule\\s+)?(${NUM})${BOUND}`);
      if (!n) return none(c, at);
      spec.number = n[1]!;
      continue;
    }
    if (c.word('titled', 'entitled', 'named', 'called', 'with the title', 'with title', 'with the name', 'with name', 'under the title')) {
      const t = titleArg(c);
      if (t === null) return none(c, at);
      spec.title = t;
      continue;
    }
    const p = c.re(String.raw`(?:with\s+(?:a\s+)?power\s+(?:of\s+)?|power\s*=\s*|at\s+power\s+)`);
    if (p) {
      const v = parseValue(c);
      if (typeof v !== 'number') return none(c, at);
      spec.power = v;
      c.re('\\)?');
      continue;
    }
    const m2 = c.word('which is immutable', 'which is mutable', 'as immutable', 'as mutable', 'that is immutable', 'that is mutable');
    if (m2) {
      spec.mutable = !/immutable/.test(m2);
      continue;
    }
    c.restore(mark);
    break;
  }
  c.re('[,)]?');
  c.word('and');
  const intro = c.re(
    String.raw`(?:(?:with|having|containing)\s+(?:the\s+)?(?:following\s+)?(?:text|body|wording|content)(?:\s+as\s+follows)?|(?:which|that)\s+(?:reads|says|states)(?:\s+as\s+follows)?|reading(?:\s+as\s+follows)?|saying|to\s+read|as\s+follows|with\s+text)${BOUND}`,
  );
  if (!intro && !c.peekQuote() && c.s[c.i] !== ':') return none(c, at);
  const text = textArg(c);
  if (text === null) return none(c, at);
  const enact: Extract<Change, { enact: unknown }>['enact'] = { text };
  if (spec.number !== undefined) enact.number = spec.number;
  if (spec.title !== undefined) enact.title = spec.title;
  if (spec.mutable !== undefined) enact.mutable = spec.mutable;
  if (spec.power !== undefined) enact.power = spec.power;
  return [{ enact }];
};

/** "Repeal Rule 216", "Repeal Rules 203, 204 and 210". */
const repealClause: Clause = (c) => {
  const at = c.save();
  if (!c.word('repeal', 'abolish', 'delete', 'remove', 'rescind')) return null;
  c.opt('the');
  if (!c.re(String.raw`(?:rules?\b|r\.?(?=\s*#?\d))`)) return none(c, at);
  const nums: string[] = [];
  for (;;) {
    const m = c.re(`(?:#\\s*)?(${NUM})${BOUND}`);
    if (!m) break;
    nums.push(m[1]!);
    c.skipRuleTitle();
    const mark = c.save();
    if (c.re(String.raw`(?:,\s*and|,|and|&)\s*(?:rule\s+|r\.?\s*)?(?=#?\s*\d)`)) continue;
    c.restore(mark);
    break;
  }
  if (nums.length === 0) return none(c, at);
  c.word('in its entirety', 'entirely', 'in full');
  return nums.map((rule) => ({ repeal: { rule } }));
};

/** "Transmute Rule 109 (from immutable) (to mutable)", "Make Rule 203 immutable". */
const transmuteClause: Clause = (c) => {
  const at = c.save();
  if (c.word('transmute')) {
    const rule = c.ruleRef();
    if (rule === null) return none(c, at);
    c.re(String.raw`(?:\(?\s*from\s+(?:an?\s+)?(?:im)?mutable(?:\s+rule)?${BOUND}\)?)?`);
    const to = c.re(String.raw`\(?\s*(?:to|into)\s+(?:an?\s+|be\s+)?(immutable|mutable)(?:\s+rule)?${BOUND}\)?`);
    if (!to) c.re(String.raw`\(\s*(?:currently\s+)?(?:im)?mutable\s*\)`);
    if (to) return [{ transmute: { rule, mutable: to[1]!.toLowerCase() === 'mutable' } }];
    return [{ transmute: { rule } }];
  }
  if (c.word('make')) {
    const rule = c.ruleRef();
    if (rule === null) return none(c, at);
    const m = c.word('immutable', 'mutable');
    if (!m) return none(c, at);
    return [{ transmute: { rule, mutable: m === 'mutable' } }];
  }
  return null;
};

/** Retitle, renumber, set power / any rule attribute / a game path. */
const attributeClause: Clause = (c) => {
  const at = c.save();
  if (c.word('retitle', 'rename')) {
    const rule = c.ruleRef();
    if (rule === null) return none(c, at);
    c.re(',');
    c.word('to be', 'to read', 'to', 'as');
    const title = titleArg(c, true);
    return title === null ? none(c, at) : [{ retitle: { rule, title } }];
  }
  if (c.word('renumber')) {
    const rule = c.ruleRef();
    if (rule === null) return none(c, at);
    if (!c.word('to', 'as')) return none(c, at);
    const m = c.re(`(?:rule\\s+)?(${NUM})${BOUND}`);
    return m ? [{ renumber: { rule, number: m[1]! } }] : none(c, at);
  }
  if (c.word('give')) {
    const rule = c.ruleRef();
    if (rule === null || !c.word('the title', 'the name', 'a title', 'the new title')) return none(c, at);
    const title = titleArg(c, true);
    return title === null ? none(c, at) : [{ retitle: { rule, title } }];
  }
  if (!c.word('set', 'change', 'amend', 'make', 'raise', 'lower', 'increase', 'decrease')) return null;
  const mark = c.save();
  // "the ATTR of Rule N" or "Rule N's ATTR"
  let attr: string | null = null;
  let rule: string | null = null;
  const a1 = c.re(String.raw`the\s+([A-Za-z][\w-]*)\s+of\s+`);
  if (a1) {
    attr = a1[1]!;
    rule = c.ruleRef();
  } else {
    rule = c.ruleRef();
    const a2 = rule !== null ? c.re(String.raw`['’]s\s+([A-Za-z][\w-]*)${BOUND}`) : null;
    attr = a2 ? a2[1]! : null;
  }
  if (rule !== null && attr !== null) {
    // "Power" and "power" are the same attribute; other names are kept as written
    if (attr.toLowerCase() === 'power') attr = 'power';
    const lower = attr.toLowerCase();
    if (!c.word('to be', 'to', 'as', 'at')) return none(c, at);
    if (lower === 'title' || lower === 'name' || lower === 'heading') {
      const title = titleArg(c, true);
      return title === null ? none(c, at) : [{ retitle: { rule, title } }];
    }
    if (lower === 'number') {
      const m = c.re(`(?:rule\\s+)?(${NUM})${BOUND}`);
      return m ? [{ renumber: { rule, number: m[1]! } }] : none(c, at);
    }
    if (lower === 'mutability') {
      const m = c.word('immutable', 'mutable');
      return m ? [{ transmute: { rule, mutable: m === 'mutable' } }] : none(c, at);
    }
    if (lower === 'text' || lower === 'wording') return none(c, at);
    const value = parseValue(c);
    if (value === undefined) return none(c, at);
    return [{ set: { rule, attribute: attr, value } }];
  }
  // "Set player/alice.gold to 10"
  c.restore(mark);
  const path = c.re(String.raw`([a-z][\w-]*\/[^\s.]+\.[\w.-]+)`);
  if (path && c.word('to')) {
    const value = parseValue(c);
    if (value !== undefined) return [{ set: { path: path[1]!, value } }];
  }
  return none(c, at);
};

/** "Apply the change {json}": any change the English grammar cannot say (formatChanges writes these). */
const jsonClause: Clause = (c) => {
  const at = c.save();
  if (!c.word('apply the change')) return null;
  c.re(':');
  c.ws();
  const end = matchJson(c.s.slice(c.i, c.end));
  if (end === 0) return none(c, at);
  try {
    const v = JSON.parse(c.s.slice(c.i, c.i + end)) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v) || Object.keys(v).length !== 1) return none(c, at);
    c.i += end;
    return [v as Change];
  } catch {
    return none(c, at);
  }
};

/**
 * The passive voice: "Rule 216 is (hereby) repealed", "Rule 330 is amended by replacing ...",
 * "Rules 3 and 4 shall be repealed", "Rule 109 is transmuted to mutable". Read as the active clause.
 */
const PASSIVE_VERBS: Record<string, string> = {
  amended: 'Amend', repealed: 'Repeal', transmuted: 'Transmute', retitled: 'Retitle', renamed: 'Retitle', renumbered: 'Renumber',
};
const passiveClause: Clause = (c, reasons) => {
  const at = c.save();
  const m = c.re(
    String.raw`(?:that\s+)?(?:the\s+)?(rules?\s*(?:number\s+|no\.?\s*|#\s*)?${NUM}(?:\s*\([^()\n]{1,120}\))?(?:\s*(?:,\s*and|,|and|&)\s*(?:rule\s+)?#?\s*${NUM}(?:\s*\([^()\n]{1,120}\))?)*)\s+(?:is|are|be|shall\s+be|will\s+be|should\s+be|must\s+be)\s+(?:hereby\s+)?(amended|repealed|transmuted|retitled|renamed|renumbered)${BOUND}`,
  );
  if (!m) return null;
  const verb = PASSIVE_VERBS[m[2]!.toLowerCase()]!;
  const prefix = `${verb} ${m[1]!} `;
  const active = new Cursor(prefix + c.s.slice(c.i, c.end));
  for (const clause of CLAUSES) {
    if (clause === passiveClause) continue;
    active.restore(0);
    const got = clause(active, reasons);
    if (got && atBoundary(active) && active.i >= prefix.length) {
      c.i += active.i - prefix.length;
      return got;
    }
  }
  return none(c, at);
};

const CLAUSES: Clause[] = [jsonClause, amendClause, replaceClause, repealClause, transmuteClause, attributeClause, enactClause, appendClause, passiveClause];

function tryClause(c: Cursor, reasons: string[]): Change[] | null {
  for (const clause of CLAUSES) {
    const at = c.save();
    const got = clause(c, reasons);
    if (got && atBoundary(c)) return got;
    c.restore(at);
  }
  return null;
}

const STRONG_VERBS = /^(?:amend|enact|repeal|transmute|retitle|renumber)\b/i;

/** Does this sentence try to change the rules (so that, unparsed, it must not be read as a new rule's text)? */
function attemptsChange(sentence: string): boolean {
  if (STRONG_VERBS.test(sentence) || /^apply\s+the\s+change\b/i.test(sentence)) return true;
  return CLAUSE_VERBS.test(sentence) && /^[^.\n]{0,80}?\brules?\s+(?:#\s*)?\d/i.test(sentence);
}

/** End of the sentence starting at `from` (quotes skipped), for text that is not a clause. */
function sentenceEnd(s: string, from: number): number {
  let i = from;
  while (i < s.length) {
    const ch = s[i]!;
    if (ch in QUOTES && ch !== "'") {
      const closers = QUOTES[ch]!;
      let j = i + 1;
      while (j < s.length && !closers.includes(s[j]!)) j++;
      if (j < s.length && j - i < 4000) {
        i = j + 1;
        continue;
      }
    }
    if ((ch === '.' || ch === ';' || ch === '!' || ch === '?') && (i + 1 >= s.length || /\s/.test(s[i + 1]!))) return i + 1;
    if (ch === '\n') {
      const rest = s.slice(i + 1);
      if (/^[ \t]*\n/.test(rest) || LIST_MARKER.test(rest.trimStart()) || CLAUSE_VERBS.test(rest.trimStart())) return i;
    }
    i++;
  }
  return s.length;
}

/**
 * English rule-changes to typed changes. Text that is not a recognised rule-change is kept as a
 * `{manual: {text, reason}}` change, never dropped. A proposal with no rule-change clause at all is read as
 * the text of a new rule (Suber's "a proposal is a rule to enact"): `{enact: {text}}`, with a note saying so.
 */
export function parseProposal(text: string): ParsedProposal {
  const notes: string[] = [];
  const changes: Change[] = [];
  let s = text.replace(/\r\n?/g, '\n');
  // a leading "Title: X" / "Proposal 301: X" line names the proposal
  let proposalTitle: string | undefined;
  const head = /^\s*(?:title|proposal(?:\s+#?\d+)?)\s*[:—–-]\s*([^\n]+)\n/i.exec(s);
  if (head && s.slice(head[0].length).trim() !== '') {
    proposalTitle = head[1]!.trim();
    notes.push(`proposal title: ${proposalTitle}`);
    s = s.slice(head[0].length);
  }
  const c = new Cursor(s);
  let manualStart = -1;
  let manualEnd = -1;
  let manualReasons: string[] = [];
  let sawChangeVerb = false;
  const flush = () => {
    if (manualStart < 0) return;
    const t = s.slice(manualStart, manualEnd).trim();
    if (t) {
      const reason = manualReasons[0] ?? (CLAUSE_VERBS.test(t.replace(LIST_MARKER, '')) ? 'a rule-change the parser could not read; apply it by hand' : 'text that is not a rule-change the parser recognises');
      changes.push({ manual: { text: t, reason } });
    }
    manualStart = -1;
    manualReasons = [];
  };
  while (!c.done) {
    const at = c.i;
    // connectors and list markers between clauses; kept in the text if no clause follows
    c.re(String.raw`(?:and\s+then|and\s+also|and|then|also|further(?:more)?|finally|additionally)[,:]?(?=\s)`);
    c.ws();
    const lineStart = at === 0 || /\n[ \t]*$/.test(s.slice(Math.max(0, at - 40), at)) || s[at] === '\n';
    if (lineStart) {
      const lm = LIST_MARKER.exec(s.slice(c.i));
      if (lm) c.i += lm[0].length;
    }
    if (attemptsChange(s.slice(c.i))) sawChangeVerb = true;
    const reasons: string[] = [];
    const got = tryClause(c, reasons);
    if (got) {
      flush();
      changes.push(...got);
      continue;
    }
    c.i = at;
    c.ws();
    const from = c.i;
    const end = Math.max(sentenceEnd(s, from), from + 1);
    if (manualStart < 0) manualStart = from;
    manualEnd = end;
    manualReasons.push(...reasons);
    c.i = end;
  }
  flush();
  if (changes.length > 0 && changes.every((ch) => 'manual' in ch) && !sawChangeVerb) {
    const body = s.trim();
    const enact: Extract<Change, { enact: unknown }>['enact'] = { text: body };
    if (proposalTitle !== undefined) enact.title = proposalTitle;
    notes.push('no rule-change clause found: the whole text is read as the text of a new rule to enact');
    return { changes: [{ enact }], notes };
  }
  if (changes.length === 0 && text.trim() === '') notes.push('empty proposal: no changes');
  return { changes, notes };
}

// --- back to English ---

const QUOTE_PAIRS: [string, string][] = [
  ['“', '”'],
  ['"', '"'],
  ['«', '»'],
  ['「', '」'],
  ['‹', '›'],
];

/** Quote text with the first quote pair whose closing mark it does not contain. */
export function quote(text: string): string {
  for (const [o, cl] of QUOTE_PAIRS) {
    if (!text.includes(cl) && !text.includes(o)) {
      if (o === '"' && /"/.test(text)) continue;
      return `${o}${text}${cl}`;
    }
  }
  return `“${text}”`;
}

function valueText(v: Json): string {
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  if (typeof v === 'string') return quote(v);
  return JSON.stringify(v);
}

function amendEnglish(a: AmendSpec): string[] {
  const sentences: string[] = [];
  const R = `Rule ${a.rule}`;
  if (a.text !== undefined) sentences.push(`Amend ${R} to read ${quote(a.text)}.`);
  const ops: string[] = [];
  for (const r of a.replace ?? []) ops.push(r.to === '' ? `deleting ${quote(r.from)}` : `replacing ${quote(r.from)} with ${quote(r.to)}`);
  if (a.insert) {
    const where = a.insert.after !== undefined ? `after the paragraph containing ${quote(a.insert.after)}` : a.insert.before !== undefined ? `before the paragraph containing ${quote(a.insert.before)}` : 'at the beginning';
    ops.push(`inserting the paragraph ${quote(a.insert.text)} ${where}`);
  }
  if (a.append !== undefined) ops.push(`appending the paragraph ${quote(a.append)}`);
  if (ops.length) sentences.push(`Amend ${R} by ${ops.length > 1 ? `${ops.slice(0, -1).join(', ')}, and ${ops[ops.length - 1]}` : ops[0]}.`);
  return sentences;
}

/** One change in English, in the grammar parseProposal reads back. */
export function formatChange(change: Change): string {
  if ('enact' in change) {
    const e = change.enact;
    if (e.code !== undefined || e.attrs !== undefined) return `Apply the change ${JSON.stringify(change)}.`;
    const kind = e.mutable === false ? 'immutable ' : e.mutable === true ? 'mutable ' : '';
    const parts = [`Enact a new ${kind}rule`];
    if (e.number !== undefined) parts.push(` numbered ${e.number}`);
    if (e.title !== undefined) parts.push(`${e.number !== undefined ? ',' : ''} titled ${quote(e.title)}`);
    if (e.power !== undefined) parts.push(`, with power ${e.power}`);
    parts.push(`${e.title !== undefined || e.power !== undefined ? ',' : ''} with the text ${quote(e.text)}.`);
    return parts.join('');
  }
  if ('amend' in change) {
    const a = change.amend;
    if (a.code !== undefined) return `Apply the change ${JSON.stringify(change)}.`;
    const s = amendEnglish(a);
    return s.length ? s.join(' ') : `Apply the change ${JSON.stringify(change)}.`;
  }
  if ('repeal' in change) return `Repeal Rule ${change.repeal.rule}.`;
  if ('transmute' in change) {
    const m = change.transmute.mutable;
    return `Transmute Rule ${change.transmute.rule}${m === undefined ? '' : m ? ' to mutable' : ' to immutable'}.`;
  }
  if ('retitle' in change) return `Retitle Rule ${change.retitle.rule} to ${quote(change.retitle.title)}.`;
  if ('renumber' in change) return `Renumber Rule ${change.renumber.rule} to ${change.renumber.number}.`;
  if ('set' in change) {
    const st = change.set;
    const plainAttr = st.attribute !== undefined && /^[A-Za-z][\w-]*$/.test(st.attribute) && !['title', 'name', 'heading', 'number', 'mutability', 'text', 'wording'].includes(st.attribute.toLowerCase()) && (st.attribute === 'power' || st.attribute.toLowerCase() !== 'power');
    if (st.rule !== undefined && plainAttr && st.path === undefined && typeof st.value !== 'object') return `Set the ${st.attribute} of Rule ${st.rule} to ${valueText(st.value)}.`;
    if (st.path !== undefined && st.rule === undefined && /^[a-z][\w-]*\/[^\s.]+\.[\w.-]+$/.test(st.path) && !/\.$/.test(st.path) && typeof st.value !== 'object') return `Set ${st.path} to ${valueText(st.value)}.`;
    return `Apply the change ${JSON.stringify(change)}.`;
  }
  if ('manual' in change) return change.manual.text;
  return `Apply the change ${JSON.stringify(change)}.`;
}

/** Changes back to English, one paragraph each, numbered when there are several. */
export function formatChanges(changes: Change[]): string {
  if (changes.length === 1) return formatChange(changes[0]!);
  return changes.map((ch, i) => `${i + 1}. ${formatChange(ch)}`).join('\n\n');
}

// --- applying a text amendment ---

function normalizeForMatch(s: string): { text: string; map: number[] } {
  // collapse whitespace runs and unify quotes/dashes, remembering where each character came from
  const out: string[] = [];
  const map: number[] = [];
  let prevSpace = false;
  for (let i = 0; i < s.length; i++) {
    let ch = s[i]!;
    if (/\s/.test(ch)) {
      if (prevSpace) continue;
      ch = ' ';
      prevSpace = true;
    } else prevSpace = false;
    if ('‘’‚‛′'.includes(ch)) ch = "'";
    else if ('“”„‟″«»'.includes(ch)) ch = '"';
    else if ('–—‐‑'.includes(ch)) ch = '-';
    out.push(ch);
    map.push(i);
  }
  map.push(s.length);
  return { text: out.join(''), map };
}

function occurrences(hay: string, needle: string): number[] {
  const at: number[] = [];
  if (needle === '') return at;
  let i = hay.indexOf(needle);
  while (i >= 0) {
    at.push(i);
    i = hay.indexOf(needle, i + 1);
  }
  return at;
}

/** Find `needle` exactly once in `text` (falling back to whitespace- and quote-insensitive matching). */
function locate(text: string, needle: string, what: string): { start: number; end: number } | { error: string } {
  if (needle === '') return { error: `the ${what} text is empty` };
  const exact = occurrences(text, needle);
  if (exact.length === 1) return { start: exact[0]!, end: exact[0]! + needle.length };
  if (exact.length > 1) return { error: `${quote(needle)} occurs ${exact.length} times in the rule; the ${what} is ambiguous` };
  const hay = normalizeForMatch(text);
  const ndl = normalizeForMatch(needle.trim()).text;
  const loose = occurrences(hay.text, ndl);
  if (loose.length === 1) {
    const s = loose[0]!;
    return { start: hay.map[s]!, end: hay.map[s + ndl.length - 1]! + 1 };
  }
  if (loose.length > 1) return { error: `${quote(needle)} occurs ${loose.length} times in the rule (ignoring spacing and quote style); the ${what} is ambiguous` };
  return { error: `the rule does not contain ${quote(needle)}` };
}

/** Paragraph bounds around index `at`: paragraphs are separated by blank lines. */
function paragraphAround(text: string, at: number): { start: number; end: number } {
  const before = text.slice(0, at);
  const m = /\n[ \t]*\n(?![\s\S]*\n[ \t]*\n)/.exec(before);
  const start = m ? m.index + m[0].length : 0;
  const after = /\n[ \t]*\n/.exec(text.slice(at));
  const end = after ? at + after.index : text.length;
  return { start, end };
}

/**
 * Apply an amendment's text operations to a rule's text: `text` replaces it; each `replace.from` must occur
 * exactly once (else an error quoting it); `insert` adds a paragraph before/after the paragraph containing its
 * anchor (or at the start); `append` adds a paragraph at the end. `code` is not text and is ignored here.
 */
export function applyTextChange(ruleText: string, change: AmendChange | AmendSpec): { text: string } | { error: string } {
  const spec: AmendSpec = 'amend' in change && typeof (change as AmendChange).amend === 'object' ? (change as AmendChange).amend : (change as AmendSpec);
  let text = spec.text !== undefined ? spec.text : ruleText;
  for (const r of spec.replace ?? []) {
    const found = locate(text, r.from, 'replacement');
    if ('error' in found) return { error: `Rule ${spec.rule}: ${found.error}` };
    text = text.slice(0, found.start) + r.to + text.slice(found.end);
  }
  if (spec.insert) {
    const ins = spec.insert;
    const anchor = ins.after ?? ins.before;
    if (anchor === undefined) text = text.trim() === '' ? ins.text : `${ins.text}\n\n${text}`;
    else {
      const found = locate(text, anchor, 'insertion point');
      if ('error' in found) return { error: `Rule ${spec.rule}: ${found.error}` };
      const para = paragraphAround(text, found.start);
      text = ins.after !== undefined ? `${text.slice(0, para.end)}\n\n${ins.text}${text.slice(para.end)}` : `${text.slice(0, para.start)}${ins.text}\n\n${text.slice(para.start)}`;
    }
  }
  if (spec.append !== undefined) {
    const base = text.replace(/\s+$/, '');
    text = base === '' ? spec.append : `${base}\n\n${spec.append}`;
  }
  return { text };
}
