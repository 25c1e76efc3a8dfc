// The grammar of rule header lines ("Rule 101 (Immutable)", "Rule 4E36: Title", "0. Title", "### Rule 2 / Title")
// and of the parenthesised annotations they carry (mutability, power, status).
import type { RuleAttr } from './ruleset.js';

/** A rule number as communities write them: 101, 4E36, 0, 1000, 291+1i. */
export const RULE_NUMBER_SOURCE = String.raw`\d+(?:[A-Za-z]\d+)*[A-Za-z]?(?:\+\d*[A-Za-z]?)?`;

const STATUS_WORDS = /^(void|repealed|suspended|dormant|obsolete|inactive|superseded|defunct|expired|pending|vetoed|vacated|null)\b/i;

export interface Annotations {
  mutable?: boolean;
  power?: number;
  status?: string;
  attrs: Record<string, RuleAttr>;
}

export interface ParsedHeader {
  number: string;
  /** undefined when the header line has no title part; "" for "Rule 5:" with nothing after. */
  title?: string;
  /** The separator written between number and title (": ", " / "). */
  separator?: string;
  revision?: number;
  annotations: Annotations;
  /** For "101. text" layouts: what follows the number on the header line. */
  rest?: string;
  /** Markdown heading level (1-6), for markdown headers. */
  level?: number;
}

export function emptyAnnotations(): Annotations {
  return { attrs: {} };
}

/** Parse a number written in an annotation: "3", "0.5", "1/2". */
export function parseNumber(text: string): number | undefined {
  const t = text.trim();
  const frac = /^(-?\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)$/.exec(t);
  if (frac) {
    const d = Number(frac[2]);
    return d === 0 ? undefined : Number(frac[1]) / d;
  }
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(t)) return undefined;
  return Number(t);
}

/**
 * Read one parenthesised annotation's inside ("Immutable", "Power=3", "sacred", "void: conflicting rule"),
 * adding what it says to `into`. Returns false (and leaves `into` alone) when it is not an annotation.
 */
export function readAnnotation(inner: string, into: Annotations): boolean {
  const items = inner.split(/\s*[,;]\s*/).map((s) => s.trim()).filter((s) => s !== '');
  if (items.length === 0) return false;
  const next: Annotations = { ...into, attrs: { ...into.attrs } };
  // A status note is the whole parenthesis ("void: conflicting rule, see 303").
  if (STATUS_WORDS.test(items[0]!)) {
    next.status = inner.trim();
    Object.assign(into, next);
    return true;
  }
  for (const item of items) {
    let m: RegExpExecArray | null;
    if (/^immutable$/i.test(item)) next.mutable = false;
    else if (/^mutable$/i.test(item)) next.mutable = true;
    else if (/^sacred$/i.test(item)) {
      next.mutable = false;
      next.attrs.sacred = true;
    } else if ((m = /^power\s*[=:]?\s*(\S+)$/i.exec(item)) && parseNumber(m[1]!) !== undefined) {
      next.power = parseNumber(m[1]!);
    } else if ((m = /^([A-Za-z][\w-]*)\s*=\s*(\S.*)$/.exec(item))) {
      const v = m[2]!.trim();
      const n = parseNumber(v);
      next.attrs[m[1]!.toLowerCase()] = n !== undefined && /^-?[\d.]+$/.test(v) ? n : v === 'true' ? true : v === 'false' ? false : v;
    } else return false;
  }
  Object.assign(into, next);
  return true;
}

/**
 * Peel known annotations off a header's remainder: "(Immutable)", "(Power=3) (Immutable)" (`both`: from either
 * end), only from its start (`lead`: before a title separator), or only from the end of a title without ever
 * taking the whole title (`title`: "Rule 5: (void: eaten)" is titled "(void: eaten)").
 */
function peelAnnotations(rest: string, ann: Annotations, mode: 'both' | 'lead' | 'title' = 'both'): string {
  let s = rest.trim();
  for (;;) {
    const lead = mode === 'title' ? null : /^\(([^()]*)\)\s*/.exec(s);
    if (lead && readAnnotation(lead[1]!, ann)) {
      s = s.slice(lead[0].length);
      continue;
    }
    if (mode === 'lead') return s;
    const trail = /\s*\(([^()]*)\)$/.exec(s);
    if (trail && trail.index > 0 && readAnnotation(trail[1]!, ann)) {
      s = s.slice(0, trail.index).trimEnd();
      continue;
    }
    return s;
  }
}

const RULE_HEAD = new RegExp(String.raw`^ {0,3}Rule\s+(${RULE_NUMBER_SOURCE})(?:\/(\d+))?(?![\dA-Za-z+])(.*)$`, 'i');

/**
 * "Rule 101", "Rule 101 (Immutable)", "Rule 4E36: Rules", "Rule 2 / Title", "Rule 1030/12 (Power=3)".
 * Returns null for prose that merely starts with "Rule" ("Rule 101 says ...", "Rule are numbered").
 */
export function parseRuleHeader(line: string): ParsedHeader | null {
  const m = RULE_HEAD.exec(line);
  if (!m) return null;
  const number = m[1]!;
  const revision = m[2] !== undefined ? Number(m[2]) : undefined;
  const annotations = emptyAnnotations();
  const rest = peelAnnotations(m[3]!, annotations, 'lead');
  if (rest === '') return { number, revision, annotations };
  const sep = /^(\s*[:/.–—-]\s*|\s+[-–—]\s+)(.*)$/.exec(rest);
  if (!sep) return peelAnnotations(rest, annotations) === '' ? { number, revision, annotations } : null;
  const title = peelAnnotations(sep[2]!, annotations, 'title');
  // "Rule 5. The ..." is a header only if what follows reads like a title, not a sentence.
  if (sep[1]!.trim() === '.' && (title.length > 90 || /[.!?]$/.test(title))) return null;
  if (title.length > 160 || (title.length > 90 && /[.!?]$/.test(title))) return null;
  return { number, title, separator: sep[1]!.trim() === '/' ? ' / ' : `${sep[1]!.trim()} `, revision, annotations };
}

const NUMBERED_HEAD = new RegExp(String.raw`^ {0,3}(${RULE_NUMBER_SOURCE})\.\s+(\S.*)$`);

/** "101. All players must ..." or "6. Precedence": the number and what follows it. */
export function parseNumberedHeader(line: string): ParsedHeader | null {
  const m = NUMBERED_HEAD.exec(line);
  if (!m) return null;
  const annotations = emptyAnnotations();
  const rest = peelAnnotations(m[2]!, annotations);
  return { number: m[1]!, rest, title: rest, separator: '. ', annotations };
}

/** Does the remainder after "N." read like a title rather than the first line of the rule's text? */
export function looksLikeTitle(rest: string): boolean {
  const t = rest.trim();
  return t.length > 0 && t.length <= 80 && !/[.;,:]$/.test(t) && t.split(/\s+/).length <= 12;
}

const MD_HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const MD_NUMBERED = new RegExp(String.raw`^(?:§\s*)?(${RULE_NUMBER_SOURCE})(?:\s*[.:)]\s+|\s+[-–—]\s+|\s*$)(.*)$`);

export interface MarkdownHeading {
  level: number;
  text: string;
  rule: ParsedHeader | null;
}

/** "## Rule 101 (Immutable)", "### 101. Title", "## 4E36: Rules"; other headings have `rule: null`. */
export function parseMarkdownHeading(line: string): MarkdownHeading | null {
  const m = MD_HEADING.exec(line);
  if (!m) return null;
  const level = m[1]!.length;
  const text = m[2]!.replace(/^\*\*(.*)\*\*$/, '$1').trim();
  let rule = parseRuleHeader(text);
  if (!rule) {
    const n = MD_NUMBERED.exec(text);
    if (n) {
      const annotations = emptyAnnotations();
      const title = peelAnnotations(n[2]!, annotations, /^\(/.test(n[2]!.trim()) ? 'both' : 'title');
      rule = { number: n[1]!, title: title === '' ? undefined : title, separator: '. ', annotations };
    }
  }
  if (rule) rule.level = level;
  return { level, text, rule };
}

/** Write annotations back as header parentheses: " (Immutable)", " (Power=3)". */
export function formatAnnotations(parts: { mutable?: boolean; power?: number; status?: string }, powerText?: (p: number) => string): string {
  const items: string[] = [];
  if (parts.power !== undefined) items.push(`Power=${powerText ? powerText(parts.power) : String(parts.power)}`);
  if (parts.mutable === false) items.push('Immutable');
  if (parts.mutable === true) items.push('Mutable');
  const out = items.map((i) => ` (${i})`).join('');
  return parts.status !== undefined ? `${out} (${parts.status})` : out;
}

export function isStatusText(text: string): boolean {
  return STATUS_WORDS.test(text.trim());
}
