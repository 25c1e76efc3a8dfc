// Importer for plain-text rulesets whose rules start at header lines: "Rule 101 (Immutable)", "Rule 4E36: Title",
// "Rule 2 / Title", "0. Title", "101. text...", and markdown headings. Every line ends up in a rule, a heading,
// the preamble or trailer, or a warning that says where and why.
import {
  parseMarkdownHeading,
  parseNumberedHeader,
  parseRuleHeader,
  looksLikeTitle,
  type Annotations,
  type ParsedHeader,
} from './header.js';
import { isChronology, isHistoryLine, isHistoryMarker, readStatusLine, stripBullet } from './history.js';
import { excerpt, isBlank, isSeparator, joinText, splitLines } from './lines.js';
import { sectionsOf, type ImportedRule, type ImportedRuleset, type ImportWarning, type TextLayout } from './ruleset.js';

export type HeaderKind = 'rule' | 'numbered' | 'markdown';

interface Header {
  line: number; // 0-based index
  parsed: ParsedHeader;
  /** Where the body starts when the header was repeated on a later line. */
  bodyStart?: number;
}

interface Body {
  header: Header;
  section?: string;
  /** Index of the first line after the header (and after a next-line title when chosen). */
  lo: number;
  hi: number;
  status?: string;
  history: string[];
  historyStyle: TextLayout['history'];
  /** Blank lines between the header (or status) and the first content line. */
  blanksBefore: number;
  firstContent: number; // -1 when there is none
  endsWithSeparator?: string;
}

const MAIL_SENDER = /^\S.*\s+on\s+(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w*,\s+\d{1,2}\s+\w{3,}\s+\d{4}\b/;
const MAIL_NAV = /^\[(Date|Thread) (Prev|Next|Index)\]/i;
const MAIL_SUBJECT = /^\[[\w.-]{1,20}\]\s+(\S.*)$/;
const MAIL_FOOTER = /^_{10,}\s*$/;
const SECTION_WORDS = /\b(rules|section|part|chapter|article|immutable|mutable)\b/i;

/** A short line that can be a section heading ("Foundation", "Not So Fundamental Rules:"). */
export function isHeadingLike(line: string): boolean {
  const t = line.trim();
  if (t.length === 0 || t.length > 60) return false;
  if (!/^\p{L}/u.test(t)) return false;
  if (/[.;,!?"'”’)\]*/]$/.test(t)) return false;
  if (t.split(/\s+/).length > 8) return false;
  if (isHistoryLine(t) || isSeparator(t)) return false;
  return true;
}

function headingTitle(line: string): string {
  return line.trim().replace(/:$/, '').trim();
}

/** Count plausible headers of each kind, to choose the layout. */
export function detectHeaderKind(lines: string[]): HeaderKind | null {
  let rule = 0;
  let numbered = 0;
  let markdown = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (parseRuleHeader(line)) rule++;
    else if (numberedCandidate(lines, i)) numbered++;
    const md = parseMarkdownHeading(line);
    if (md?.rule) markdown++;
  }
  if (markdown > 0 && markdown * 2 >= Math.max(rule, numbered)) return 'markdown';
  if (rule > 0 && rule >= numbered) return 'rule';
  if (numbered > 0) return 'numbered';
  return null;
}

function numberedCandidate(lines: string[], i: number): ParsedHeader | null {
  const parsed = parseNumberedHeader(lines[i]!);
  if (!parsed) return null;
  const prev = i > 0 ? lines[i - 1]! : '';
  if (i === 0 || isBlank(prev) || isSeparator(prev) || /:\s*$/.test(prev) || isHeadingLike(prev)) return parsed;
  return null;
}

function numericValue(n: string): number | undefined {
  return /^\d+$/.test(n) ? Number(n) : undefined;
}

export function importPlainText(text: string, forced?: HeaderKind): ImportedRuleset {
  const lines = splitLines(text);
  const warnings: ImportWarning[] = [];
  const placed = new Array<boolean>(lines.length).fill(false);
  const place = (from: number, to: number) => {
    for (let i = from; i < to; i++) placed[i] = true;
  };
  const warn = (line: number, message: string) => warnings.push({ line: line + 1, message });

  const kind = forced ?? detectHeaderKind(lines);
  if (!kind) {
    const nonBlank = lines.findIndex((l) => !isBlank(l));
    if (nonBlank >= 0) warn(nonBlank, 'no rule headers found ("Rule 101", "101.", "## Rule 101", "Rule 1030/12 (Power=3)"); the whole text is kept as the preamble');
    const preamble = joinText(lines);
    return {
      format: 'text',
      sections: [],
      rules: [],
      warnings,
      ...(preamble ? { preamble } : {}),
    };
  }

  // --- 1. header lines, and (markdown) section headings ---
  const headers: Header[] = [];
  const mdSections = new Map<number, { title: string; level: number }>();
  let mdTitleLine = -1;
  if (kind === 'rule') {
    for (let i = 0; i < lines.length; i++) {
      const parsed = parseRuleHeader(lines[i]!);
      if (parsed) headers.push({ line: i, parsed });
    }
  } else if (kind === 'numbered') {
    let last: number | undefined;
    let lastNumber = '';
    for (let i = 0; i < lines.length; i++) {
      const parsed = numberedCandidate(lines, i);
      if (!parsed) continue;
      const v = numericValue(parsed.number);
      if (v !== undefined && last !== undefined && v <= last) {
        warn(i, `looks like the header of rule ${parsed.number} but follows rule ${lastNumber}; read as text of rule ${lastNumber}`);
        continue;
      }
      if (v !== undefined) last = v;
      lastNumber = parsed.number;
      headers.push({ line: i, parsed });
    }
  } else {
    const levels = new Map<number, number>();
    const all: { line: number; level: number; rule: ParsedHeader | null; text: string }[] = [];
    let inFence = false;
    for (let i = 0; i < lines.length; i++) {
      if (/^\s*(```|~~~)/.test(lines[i]!)) inFence = !inFence;
      if (inFence) continue;
      const md = parseMarkdownHeading(lines[i]!);
      if (!md) continue;
      all.push({ line: i, level: md.level, rule: md.rule, text: md.text });
      if (md.rule) levels.set(md.level, (levels.get(md.level) ?? 0) + 1);
    }
    const ruleLevel = [...levels.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 2;
    for (const h of all) {
      if (h.rule && h.level === ruleLevel) headers.push({ line: h.line, parsed: h.rule });
      else if (h.level < ruleLevel) {
        if (h.level === 1 && mdTitleLine < 0 && headers.length === 0 && mdSections.size === 0) mdTitleLine = h.line;
        else mdSections.set(h.line, { title: h.text, level: h.level });
      }
    }
  }

  // --- 2. merge a header repeated right after itself (Gnomic's "Rule 322 / Rule 322") ---
  const merged: Header[] = [];
  for (let k = 0; k < headers.length; k++) {
    const h = headers[k]!;
    const prev = merged[merged.length - 1];
    const between = prev ? lines.slice(prev.bodyStart ?? prev.line + 1, h.line) : [];
    if (prev && kind !== 'markdown' && prev.parsed.number === h.parsed.number && between.length <= 1 && between.every(isBlank)) {
      warn(h.line, `rule ${h.parsed.number}: header repeated (first on line ${prev.line + 1}); read as one rule`);
      placed[h.line] = true;
      if (prev.parsed.title === undefined && h.parsed.title !== undefined) prev.parsed.title = h.parsed.title;
      mergeAnnotations(prev.parsed.annotations, h.parsed.annotations);
      prev.bodyStart = h.line + 1;
      continue;
    }
    merged.push(h);
  }

  // --- 3. markdown section headings: each closes the rule above it and opens a section for the rules below ---
  const sectionStarts = new Map<number, string>(); // header line -> section title starting there
  const sectionDescriptions = new Map<string, string>();
  const preambleParts: string[] = [];
  const trailerParts: string[] = [];
  let sectionColon = false;
  if (kind === 'markdown') {
    const secLines = [...mdSections.keys()].sort((a, b) => a - b);
    for (const s of secLines) {
      const sec = mdSections.get(s)!;
      placed[s] = true;
      const nextRule = merged.find((h) => h.line > s);
      const nextSec = secLines.find((x) => x > s);
      const e = Math.min(nextRule?.line ?? lines.length, nextSec ?? lines.length);
      const desc = joinText(lines.slice(s + 1, e));
      if (desc) place(s + 1, e);
      if (nextRule && nextRule.line === e) {
        sectionStarts.set(nextRule.line, sec.title);
        if (desc) {
          const before = sectionDescriptions.get(sec.title);
          sectionDescriptions.set(sec.title, before ? `${before}\n\n${desc}` : desc);
        }
      } else {
        // a heading followed by another heading (or the end) opens no rules: its text goes to the preamble or trailer
        warn(s, `heading ${excerpt(sec.title)} ${nextRule ? 'is followed by another heading and' : 'after the last rule'} opens no rules`);
        if (desc) (merged.length > 0 && s > merged[0]!.line ? trailerParts : preambleParts).push(desc);
      }
    }
  }
  const firstSection = kind === 'markdown' ? Math.min(...[...mdSections.keys()], lines.length) : lines.length;

  // --- 4. preamble: title, e-mail chrome, a section heading right above the first rule ---
  const first = merged.length > 0 ? merged[0]!.line : lines.length;
  let title: string | undefined;
  if (kind === 'markdown' && mdTitleLine >= 0 && mdTitleLine < first) {
    title = parseMarkdownHeading(lines[mdTitleLine]!)!.text;
    placed[mdTitleLine] = true;
  }
  {
    let hi = Math.min(first, firstSection);
    while (hi > 0 && isBlank(lines[hi - 1]!)) hi--;
    if (kind !== 'markdown' && merged.length > 0 && hi > 0) {
      const l = lines[hi - 1]!;
      const direct = hi === first;
      const alone = firstNonBlank(lines, 0, hi) === hi - 1;
      if (isHeadingLike(l) && (alone ? direct && /^\s+\S/.test(l) || /\bmutable\b/i.test(l) : direct || SECTION_WORDS.test(l))) {
        sectionStarts.set(first, headingTitle(l));
        if (/:\s*$/.test(l)) sectionColon = true;
        placed[hi - 1] = true;
        hi--;
      }
    }
    const chrome: number[] = [];
    for (let i = 0; i < hi; i++) {
      const l = lines[i]!;
      if (placed[i] || isBlank(l)) continue;
      if (MAIL_SENDER.test(l) || MAIL_NAV.test(l)) {
        chrome.push(i);
        continue;
      }
      const subject = MAIL_SUBJECT.exec(l.trim());
      if (subject && chrome.length > 0 && title === undefined) {
        title = subject[1]!.trim();
        placed[i] = true;
        warn(i, 'mailing-list subject line; its text without the list tag is taken as the ruleset\'s title');
        continue;
      }
      if (title === undefined && kind !== 'markdown' && !isSeparator(l) && l.trim().length <= 120) {
        title = l.trim();
        placed[i] = true;
      }
    }
    for (const i of chrome) warn(i, `mailing-list archive header ${excerpt(lines[i]!)}; not part of the ruleset (kept in the preamble)`);
    const rest: number[] = [];
    for (let i = 0; i < hi; i++) {
      if (placed[i] || isBlank(lines[i]!)) continue;
      if (isSeparator(lines[i]!)) {
        placed[i] = true;
        continue;
      }
      rest.push(i);
    }
    if (rest.length > 0) {
      preambleParts.push(joinText(rest.map((i) => lines[i]!)));
      const notChrome = rest.filter((i) => !chrome.includes(i));
      if (notChrome.length > 0) {
        const a = notChrome[0]!;
        const b = notChrome[notChrome.length - 1]!;
        warn(a, `${a === b ? `line ${a + 1}` : `lines ${a + 1}-${b + 1}`} before the first rule (${excerpt(lines[a]!)}) ${a === b ? 'is' : 'are'} not a rule; kept as the ruleset's preamble`);
      }
      for (const i of rest) placed[i] = true;
    }
  }

  // --- 5. bodies ---
  const bodies: Body[] = [];
  let currentSection: string | undefined;
  for (let k = 0; k < merged.length; k++) {
    const h = merged[k]!;
    placed[h.line] = true;
    const isLast = k === merged.length - 1;
    const end = isLast ? lines.length : merged[k + 1]!.line;
    if (sectionStarts.has(h.line)) currentSection = sectionStarts.get(h.line);
    let bodyEnd = end;
    if (kind === 'markdown') {
      for (let i = h.line + 1; i < end; i++) {
        if (mdSections.has(i)) {
          bodyEnd = i;
          break;
        }
      }
    }
    const body = analyseBody(lines, h, h.bodyStart ?? h.line + 1, bodyEnd, {
      last: isLast,
      kind,
      warn,
      placed,
      onSection: (sectionTitle, colon) => {
        if (!isLast) sectionStarts.set(merged[k + 1]!.line, sectionTitle);
        if (colon) sectionColon = true;
      },
      onTrailer: (text) => trailerParts.push(text),
    });
    body.section = currentSection;
    bodies.push(body);
  }

  // --- 6. titles on the line after the header (Gnomic): decide for the whole file ---
  let nextLineTitles = false;
  if (kind === 'rule') {
    let votes = 0;
    let eligible = 0;
    for (const b of bodies) {
      if (b.header.parsed.title !== undefined) continue;
      const paras = paragraphs(lines, b.firstContent < 0 ? b.hi : b.firstContent, b.hi);
      if (paras.length < 2) continue;
      eligible++;
      if (titleCandidate(lines, paras[0]!)) votes++;
    }
    nextLineTitles = eligible > 0 && votes * 10 >= eligible * 6;
  }
  let numberedTitles = false;
  if (kind === 'numbered') {
    const votes = merged.filter((h) => looksLikeTitle(h.parsed.rest ?? '')).length;
    numberedTitles = votes * 2 > merged.length;
  }

  // --- 7. rules ---
  const rules: ImportedRule[] = [];
  const seen = new Map<string, number>();
  for (const b of bodies) {
    const p = b.header.parsed;
    let ruleTitle = p.title;
    let textLo = b.firstContent < 0 ? b.hi : b.firstContent;
    let lead: string[] = [];
    if (kind === 'numbered') {
      if (numberedTitles) ruleTitle = p.rest ?? '';
      else {
        ruleTitle = undefined;
        lead = [p.rest ?? ''];
      }
    } else if (kind === 'rule' && ruleTitle === undefined && nextLineTitles && b.firstContent >= 0 && b.blanksBefore <= 1) {
      const paras = paragraphs(lines, b.firstContent, b.hi);
      if (paras.length >= 2 && titleCandidate(lines, paras[0]!)) {
        ruleTitle = lines[paras[0]![0]]!.trim();
        textLo = paras[1]![0];
      }
    }
    const bodyLines = lines.slice(textLo, b.hi);
    const textLines = kind === 'markdown' ? bodyLines.map(unescapeMarkdown) : bodyLines;
    const text = joinText([...lead, ...textLines]);
    place(b.firstContent < 0 ? b.hi : b.firstContent, b.hi);

    const rule: ImportedRule = {
      number: p.number,
      title: ruleTitle ?? '',
      text,
      history: b.history,
      attrs: { ...p.annotations.attrs },
      line: b.header.line + 1,
    };
    if (p.annotations.mutable !== undefined) rule.mutable = p.annotations.mutable;
    if (p.annotations.power !== undefined) rule.power = p.annotations.power;
    const status = b.status ?? p.annotations.status;
    if (status !== undefined) rule.status = status;
    if (b.section !== undefined) rule.section = b.section;
    if (p.revision !== undefined) rule.attrs.revision = p.revision;
    if (text === '') warn(b.header.line, `rule ${p.number} has no text`);
    const prior = seen.get(p.number);
    if (prior !== undefined) warn(b.header.line, `rule ${p.number} appears twice (lines ${prior} and ${b.header.line + 1}); both kept`);
    seen.set(p.number, b.header.line + 1);
    rules.push(rule);
  }

  // --- 8. anything left unplaced is reported, never dropped silently ---
  for (let i = 0; i < lines.length; i++) {
    if (!placed[i] && !isBlank(lines[i]!) && !isSeparator(lines[i]!)) {
      warn(i, `line not placed in any rule ${excerpt(lines[i]!)}`);
      trailerParts.push(lines[i]!.trim());
    }
  }

  const layout = describeLayout(kind, merged, bodies, lines, nextLineTitles, numberedTitles);
  if (sectionColon) layout.sectionColon = true;
  const format =
    kind === 'markdown'
      ? 'markdown'
      : kind === 'numbered'
        ? numberedTitles
          ? 'numbered-titled'
          : 'numbered'
        : layout.titles === 'inline'
          ? 'rule-inline-title'
          : layout.titles === 'next-line'
            ? 'rule-titled'
            : 'rule-paragraphs';
  const sections = sectionsOf(rules);
  for (const s of sections) {
    const d = sectionDescriptions.get(s.title);
    if (d) s.description = d;
  }
  const result: ImportedRuleset = { format, sections, rules, warnings, layout };
  if (title !== undefined) result.title = title;
  const preamble = preambleParts.filter(Boolean).join('\n\n');
  if (preamble) result.preamble = preamble;
  const trailer = trailerParts.filter(Boolean).join('\n');
  if (trailer) result.trailer = trailer;
  warnings.sort((a, b) => a.line - b.line);
  return result;
}

function mergeAnnotations(into: Annotations, from: Annotations): void {
  if (into.mutable === undefined && from.mutable !== undefined) into.mutable = from.mutable;
  if (into.power === undefined && from.power !== undefined) into.power = from.power;
  if (into.status === undefined && from.status !== undefined) into.status = from.status;
  into.attrs = { ...from.attrs, ...into.attrs };
}

function firstNonBlank(lines: string[], lo: number, hi: number): number {
  for (let i = lo; i < hi; i++) if (!isBlank(lines[i]!)) return i;
  return hi;
}

/** Paragraphs in [lo, hi) as [start, end) ranges of non-blank lines. */
function paragraphs(lines: string[], lo: number, hi: number): [number, number][] {
  const out: [number, number][] = [];
  let i = lo;
  while (i < hi) {
    while (i < hi && isBlank(lines[i]!)) i++;
    if (i >= hi) break;
    const s = i;
    while (i < hi && !isBlank(lines[i]!)) i++;
    out.push([s, i]);
  }
  return out;
}

function titleCandidate(lines: string[], para: [number, number]): boolean {
  if (para[1] - para[0] !== 1) return false;
  const t = lines[para[0]]!.trim();
  return t.length > 0 && t.length <= 100 && !/:$/.test(t) && !/^[-*•\d]/.test(t) && !parseRuleHeader(t);
}

/** Undo the exporter's escapes: a backslash before "#", "\\", a code fence, or a line that would read as structure. */
function unescapeMarkdown(line: string): string {
  const m = /^(\s*)\\(.*)$/.exec(line);
  if (!m) return line;
  const rest = m[2]!;
  if (/^([#\\*`~])/.test(rest) || isHistoryMarker(rest) || readStatusLine(rest) !== undefined || parseRuleHeader(rest) || parseNumberedHeader(rest)) {
    return `${m[1]}${rest}`;
  }
  return line;
}

interface BodyOptions {
  last: boolean;
  kind: HeaderKind;
  warn: (line: number, message: string) => void;
  placed: boolean[];
  onSection: (title: string, colon: boolean) => void;
  onTrailer: (text: string) => void;
}

/** Split one rule's lines into status, content and history; peel section headings, separators and chrome off its end. */
function analyseBody(lines: string[], header: Header, lo: number, hi: number, o: BodyOptions): Body {
  const number = header.parsed.number;
  let endsWithSeparator: string | undefined;
  // (a) the end of the range: blank lines, separators, a heading for the next rules
  const rangeEnd = hi;
  const headings: string[] = [];
  let colon = false;
  for (;;) {
    while (hi > lo && isBlank(lines[hi - 1]!)) hi--;
    if (hi <= lo) break;
    const l = lines[hi - 1]!;
    if (isSeparator(l) && o.kind !== 'markdown') {
      endsWithSeparator ??= l.trim();
      o.placed[hi - 1] = true;
      hi--;
      continue;
    }
    const alone = hi - 1 === firstNonBlank(lines, lo, hi);
    // a rule whose only line is heading-like keeps it as text, unless blank lines part it from its header
    const aloneButApart = alone && hi - 1 - lo >= 2 && lines.slice(lo, hi - 1).every(isBlank);
    if (!o.last && o.kind !== 'markdown' && isHeadingLike(l) && (!alone || (aloneButApart && hi === rangeEnd))) {
      const directlyAbove = hi === rangeEnd;
      const above = lines[hi - 2] ?? '';
      if (directlyAbove || (SECTION_WORDS.test(l) && (isBlank(above) || isSeparator(above)))) {
        headings.unshift(headingTitle(l));
        if (/:\s*$/.test(l)) colon = true;
        o.placed[hi - 1] = true;
        hi--;
        continue;
      }
    }
    break;
  }
  if (headings.length > 0) {
    if (headings.length > 1) o.warn(hi, `several headings in a row (${headings.map((h) => JSON.stringify(h)).join(', ')}); the last is taken as the section`);
    o.onSection(headings[headings.length - 1]!, colon);
  }

  // (b) a mailing-list footer
  for (let i = lo; i < hi; i++) {
    if (MAIL_FOOTER.test(lines[i]!)) {
      const after = lines.slice(i + 1, hi).filter((l) => !isBlank(l));
      if (after.length <= 8) {
        const text = joinText(lines.slice(i, hi));
        o.warn(i, `mailing-list footer after rule ${number} (${after.length + 1} lines); not part of the rule`);
        o.onTrailer(text);
        for (let j = i; j < hi; j++) o.placed[j] = true;
        hi = i;
        while (hi > lo && isBlank(lines[hi - 1]!)) hi--;
        break;
      }
    }
  }

  // (c) the start: blank lines, a status paragraph
  let i = lo;
  let blanks = 0;
  while (i < hi && isBlank(lines[i]!)) {
    i++;
    blanks++;
  }
  let status: string | undefined;
  if (i < hi && (i + 1 >= hi || isBlank(lines[i + 1]!))) {
    const s = readStatusLine(lines[i]!);
    if (s !== undefined && i + 1 < hi) {
      status = s;
      o.placed[i] = true;
      i++;
      blanks = 0;
      while (i < hi && isBlank(lines[i]!)) {
        i++;
        blanks++;
      }
    }
  }
  const contentLo = i;

  // (d) history: a bracketed chronology (DocNomic), a "History:" block, or a final paragraph of history lines
  //     (markdown: only an explicit "History:" block)
  let history: string[] = [];
  let historyStyle: TextLayout['history'] = 'none';
  const bracket = o.kind === 'markdown' ? null : findBracketHistory(lines, contentLo, hi);
  if (bracket) {
    history = bracket.entries;
    historyStyle = 'brackets';
    for (const c of bracket.chrome) {
      o.warn(c, `${excerpt(lines[c]!)} follows rule ${number}'s history and a separator; not part of any rule (kept as trailer)`);
      o.onTrailer(lines[c]!.trim());
    }
    for (let j = bracket.start; j < hi; j++) o.placed[j] = true;
    hi = bracket.start;
  } else {
    let marker = -1;
    for (let i = hi - 1; i >= contentLo; i--) {
      if (isHistoryMarker(lines[i]!)) {
        marker = i;
        break;
      }
    }
    if (marker >= 0) {
      const entries: string[] = [];
      for (let i = marker + 1; i < hi; i++) {
        const l = lines[i]!;
        if (isBlank(l)) continue;
        if (/^\s+\S/.test(l) && !/^\s*[-*•]\s/.test(l) && entries.length > 0) entries[entries.length - 1] += ` ${l.trim()}`;
        else entries.push(stripBullet(l));
      }
      history = entries;
      historyStyle = 'block';
      for (let j = marker; j < hi; j++) o.placed[j] = true;
      hi = marker;
    } else if (o.kind !== 'markdown') {
      const paras = paragraphs(lines, contentLo, hi);
      const lastPara = paras[paras.length - 1];
      if (paras.length >= 2 && lastPara) {
        const ls = lines.slice(lastPara[0], lastPara[1]);
        if (ls.every((l) => isHistoryLine(l))) {
          history = ls.map((l) => l.trim());
          historyStyle = 'paragraph';
          for (let j = lastPara[0]; j < hi; j++) o.placed[j] = true;
          hi = lastPara[0];
        }
      }
    }
  }
  while (hi > lo && isBlank(lines[hi - 1]!)) hi--;

  const firstContent = contentLo < hi ? contentLo : -1;
  return { header, lo, hi, status, history, historyStyle, blanksBefore: blanks, firstContent, endsWithSeparator };
}

/** DocNomic's "[Initial Rule for Round 2.\n...]" at the end of a rule, possibly followed by a separator and page chrome. */
function findBracketHistory(lines: string[], lo: number, hi: number): { start: number; entries: string[]; chrome: number[] } | null {
  // find the closing line: the last line ending in "]", allowing a separator and a few chrome lines after it
  let k = hi - 1;
  const chrome: number[] = [];
  let sawSeparator = false;
  while (k >= lo) {
    const l = lines[k]!;
    if (isBlank(l)) {
      k--;
      continue;
    }
    if (/[^\]]\]\s*$/.test(l) || /^\s*\[[^[]*\]\s*$/.test(l)) break;
    if (isSeparator(l)) {
      sawSeparator = true;
      k--;
      continue;
    }
    if (sawSeparator || chrome.length >= 3) return null;
    chrome.push(k);
    k--;
  }
  if (k < lo) return null;
  if (chrome.length > 0) {
    // chrome must be separated from the history by a separator line
    const between = lines.slice(k + 1, Math.min(...chrome));
    if (!between.some(isSeparator)) return null;
  }
  let j = k;
  while (j >= lo && !/^\s*\[(?!\[)/.test(lines[j]!)) {
    if (k - j > 60) return null;
    j--;
  }
  if (j < lo) return null;
  const block = lines.slice(j, k + 1).map((l) => l.trim());
  block[0] = block[0]!.replace(/^\[/, '');
  block[block.length - 1] = block[block.length - 1]!.replace(/\]$/, '');
  if (!isChronology(block)) return null;
  // a rule must keep some text: a chronology at the very start is not history
  if (j === firstNonBlank(lines, lo, hi)) return null;
  return { start: j, entries: block.map((l) => l.trim()).filter((l) => l !== ''), chrome: chrome.reverse() };
}

function mode(values: number[], fallback: number): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = fallback;
  let bestCount = 0;
  for (const [v, c] of counts) if (c > bestCount || (c === bestCount && v < best)) [best, bestCount] = [v, c];
  return best;
}

function describeLayout(kind: HeaderKind, headers: Header[], bodies: Body[], lines: string[], nextLineTitles: boolean, numberedTitles: boolean): TextLayout {
  const inline = headers.filter((h) => h.parsed.title !== undefined && h.parsed.title !== '');
  const seps = new Map<string, number>();
  for (const h of inline) if (h.parsed.separator) seps.set(h.parsed.separator, (seps.get(h.parsed.separator) ?? 0) + 1);
  const separator = [...seps.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const styles = new Map<TextLayout['history'], number>();
  for (const b of bodies) if (b.historyStyle !== 'none') styles.set(b.historyStyle, (styles.get(b.historyStyle) ?? 0) + 1);
  const history = [...styles.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'none';
  const gaps: number[] = [];
  for (let k = 1; k < headers.length; k++) {
    let n = 0;
    let i = headers[k]!.line - 1;
    while (i >= 0 && isBlank(lines[i]!)) {
      n++;
      i--;
    }
    gaps.push(n);
  }
  const sepCounts = new Map<string, number>();
  for (const b of bodies) if (b.endsWithSeparator) sepCounts.set(b.endsWithSeparator, (sepCounts.get(b.endsWithSeparator) ?? 0) + 1);
  const sepLine = [...sepCounts.entries()].sort((a, b) => b[1] - a[1])[0];
  const titles: TextLayout['titles'] =
    kind === 'numbered' ? (numberedTitles ? 'inline' : 'none') : inline.length * 2 >= Math.max(1, headers.length) ? 'inline' : nextLineTitles ? 'next-line' : 'none';
  const layout: TextLayout = {
    header: kind,
    titles,
    history,
    mutability: 'none',
    blankLinesBetween: mode(gaps, 1),
  };
  if (separator && titles === 'inline' && kind !== 'numbered') layout.titleSeparator = separator;
  if (sepLine && sepLine[1] * 2 >= bodies.length) layout.separatorLine = sepLine[0];
  return layout;
}
