// exportRuleset: write a structured ruleset as JSON, Markdown, plain text in the layout it came in, or Agora FLR/SLR.
import { exportFlr } from './flr.js';
import { formatAnnotations, isStatusText, parseNumberedHeader, parseRuleHeader } from './header.js';
import { isChronology, isHistoryLine, isHistoryMarker, readStatusLine } from './history.js';
import { isSeparator } from './lines.js';
import { EXPORT_FORMATS, formatPower, type ExportFormat, type ImportedRule, type ImportedRuleset, type TextLayout } from './ruleset.js';
import { importRuleset } from './import.js';
import { isHeadingLike } from './text-import.js';

export function exportRuleset(ruleset: ImportedRuleset, format: ExportFormat): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(ruleset, null, 2)}\n`;
    case 'markdown':
      return exportMarkdown(ruleset);
    case 'flr':
      return exportFlr(ruleset, true);
    case 'slr':
      return exportFlr(ruleset, false);
    case 'text': {
      const layout = textLayoutOf(ruleset);
      if (layout.header === 'markdown') return exportMarkdown(ruleset);
      if (layout.header === 'flr') return exportFlr(ruleset, ruleset.format !== 'slr');
      return exportTextChecked(ruleset, layout);
    }
    default:
      throw new Error(`unknown export format "${String(format)}"; expected one of ${EXPORT_FORMATS.join(', ')}`);
  }
}

/** The layout to write plain text in: the one recorded at import, else one fitting the ruleset. */
export function textLayoutOf(rs: ImportedRuleset): TextLayout {
  if (rs.layout) return rs.layout;
  if (rs.format === 'markdown') return { header: 'markdown', titles: 'inline', history: 'block', mutability: 'markers', blankLinesBetween: 1 };
  if (rs.format === 'flr' || rs.format === 'slr') return { header: 'flr', titles: 'next-line', history: 'block', mutability: 'none', blankLinesBetween: 1 };
  const titled = rs.rules.some((r) => r.title !== '');
  return {
    header: 'rule',
    titles: titled ? 'inline' : 'none',
    titleSeparator: ': ',
    history: 'block',
    mutability: 'none',
    blankLinesBetween: 1,
  };
}

/** Which mutability markers to write so that reading them back gives the same values. */
function markerPolicy(rs: ImportedRuleset, layout: TextLayout): (r: ImportedRule) => boolean | undefined {
  if (layout.mutability === 'initial-set' || layout.mutability === 'sections') return () => undefined;
  const values = rs.rules.map((r) => r.mutable);
  const allDefined = values.every((v) => v !== undefined);
  const hasTrue = values.includes(true);
  const hasFalse = values.includes(false);
  // Nomic I/V convention: mark only the immutable rules; unmarked ones read back as mutable.
  if (allDefined && hasTrue && hasFalse) return (r) => (r.mutable === false ? false : undefined);
  return (r) => r.mutable;
}

function historyLines(entries: string[], style: TextLayout['history']): { style: TextLayout['history']; lines: string[] } {
  if (entries.length === 0) return { style: 'none', lines: [] };
  if (style === 'brackets' && isChronology(entries) && !entries.some((e) => e.includes('[') || e.includes(']'))) {
    const lines = [...entries];
    lines[0] = `[${lines[0]}`;
    lines[lines.length - 1] = `${lines[lines.length - 1]}]`;
    return { style: 'brackets', lines };
  }
  if (style !== 'block' && entries.every((e) => isHistoryLine(e) && !e.includes('\n'))) return { style: 'paragraph', lines: entries };
  return { style: 'block', lines: ['History:', ...entries.map((e) => `- ${e}`)] };
}

function statusLine(status: string): string {
  return isStatusText(status) && !status.includes(')') ? `(${status})` : `Status: ${status}`;
}

/** Does `text` read back to the same rules (number, title, text)? */
function readsBack(rs: ImportedRuleset, text: string): boolean {
  const back = importRuleset(text).rules;
  return back.length === rs.rules.length && rs.rules.every((r, i) => back[i]!.number === r.number && back[i]!.title === r.title && back[i]!.text === r.text);
}

/**
 * Plain text in the ruleset's own layout, checked by reading it back. Some layouts are ambiguous (a short first
 * paragraph can read as a title); then the rules are written with explicit "Rule N: Title" / "Rule N:" headers.
 */
function exportTextChecked(rs: ImportedRuleset, layout: TextLayout): string {
  const out = exportText(rs, layout);
  if (rs.rules.length === 0 || readsBack(rs, out)) return out;
  return exportText(rs, { ...layout, header: 'rule', titles: 'inline', titleSeparator: ': ' }, true);
}

/** Plain text in a "Rule N" or "N." layout. */
function exportText(rs: ImportedRuleset, layout: TextLayout, explicitTitles = false): string {
  const out: string[] = [];
  // a "101." header is only read as one after a blank line, a separator or a heading
  const between = layout.separatorLine !== undefined ? 0 : layout.header === 'numbered' ? Math.max(1, layout.blankLinesBetween) : layout.blankLinesBetween;
  const marker = markerPolicy(rs, layout);
  const firstSection = rs.rules[0]?.section;
  if (rs.title !== undefined) out.push(rs.title);
  if (layout.separatorLine !== undefined && (rs.title !== undefined || rs.preamble)) out.push(layout.separatorLine);
  else if (rs.title !== undefined) out.push(...blank(Math.max(1, layout.blankLinesBetween)));
  if (rs.preamble) {
    out.push(rs.preamble);
    if (layout.separatorLine === undefined) out.push(...blank(Math.max(1, layout.blankLinesBetween)));
    else if (firstSection === undefined) out.push(layout.separatorLine); // no heading to part it from the first header
  }
  let section: string | undefined;
  rs.rules.forEach((rule, idx) => {
    if (rule.section !== undefined && rule.section !== section) {
      section = rule.section;
      const heading = `${rule.section}${layout.sectionColon ? ':' : ''}`;
      const alone = idx === 0 && rs.title === undefined && !rs.preamble;
      out.push(alone && rule.section === firstSection ? `  ${heading}` : heading);
    }
    const ann = formatAnnotations({ mutable: marker(rule), power: rule.power }, formatPower);
    const hist = historyLines(rule.history, layout.history);
    if (layout.header === 'numbered') {
      const titled = layout.titles === 'inline';
      const textLines = rule.text.split('\n');
      if (titled) out.push(`${rule.number}. ${rule.title}${ann}`, ...(rule.status !== undefined ? [statusLine(rule.status), ''] : []), ...(rule.text ? textLines : []));
      else out.push(`${rule.number}. ${textLines[0] ?? ''}${ann}`, ...textLines.slice(1));
    } else {
      const inline = layout.titles === 'inline' || (layout.titles === 'none' && rule.title !== '');
      const sep = layout.titleSeparator ?? ': ';
      const titlePart = inline && (rule.title !== '' || explicitTitles) ? `${sep.trimEnd() === '/' ? ' / ' : sep}${rule.title}`.trimEnd() : '';
      // annotations before the title: "Rule 5 (Immutable): Title" cannot be misread
      out.push(`Rule ${rule.number}${ann}${titlePart}`);
      out.push('');
      if (rule.status !== undefined) out.push(statusLine(rule.status), '');
      if (layout.titles === 'next-line') {
        if (rule.title !== '') out.push(rule.title, '');
        else out.push('');
      }
      if (rule.text) out.push(rule.text);
      else if (rule.history.length === 0) out.push(''); // an empty rule: keep a following heading apart from it
    }
    if (hist.lines.length > 0) {
      if (hist.style !== 'brackets' || rule.text === '') out.push('');
      out.push(...hist.lines);
    }
    if (layout.separatorLine !== undefined) out.push(layout.separatorLine);
    const lastLine = (out[out.length - 1] ?? '').split('\n').pop()!;
    const needsGap = isHeadingLike(lastLine) || isSeparator(lastLine) || parseRuleHeader(lastLine) !== null;
    out.push(...blank(Math.max(between, needsGap && layout.separatorLine === undefined ? 1 : 0)));
  });
  if (rs.trailer) out.push(rs.trailer);
  if (layout.separatorLine !== undefined && rs.trailer) out.push(layout.separatorLine);
  return `${out.join('\n').replace(/\s+$/, '')}\n`;
}

function blank(n: number): string[] {
  return new Array<string>(Math.max(0, n)).fill('');
}

/** Lines of rule text that markdown (or our markdown reader) would take for structure get a leading backslash. */
function escapeMarkdownLine(line: string): string {
  const t = line.trimStart();
  if (/^([#\\]|```|~~~)/.test(t) || isHistoryMarker(line) || readStatusLine(line) !== undefined || readsAsRuleHeader(t)) {
    return `${line.slice(0, line.length - t.length)}\\${t}`;
  }
  return line;
}

/** A line of text that the layout detector would count as a rule header ("Rule 7/3 (Power=2)", "12. Title"). */
export function readsAsRuleHeader(line: string): boolean {
  return parseRuleHeader(line) !== null || parseNumberedHeader(line) !== null;
}

export const TRAILER_HEADING = 'Outside the rules';

function exportMarkdown(rs: ImportedRuleset): string {
  const out: string[] = [];
  const hasSections = rs.rules.some((r) => r.section !== undefined);
  const level = hasSections ? '###' : '##';
  if (rs.title !== undefined) out.push(`# ${rs.title}`, '');
  if (rs.preamble) out.push(...rs.preamble.split('\n').map(escapeMarkdownLine), '');
  const descriptions = new Map(rs.sections.map((s) => [s.title, s.description]));
  let section: string | undefined;
  for (const rule of rs.rules) {
    if (rule.section !== undefined && rule.section !== section) {
      section = rule.section;
      out.push(`## ${section}`, '');
      const d = descriptions.get(section);
      if (d) out.push(...d.split('\n').map(escapeMarkdownLine), '');
    }
    const ann = formatAnnotations({ mutable: rule.mutable, power: rule.power }, formatPower);
    out.push(`${level} Rule ${rule.number}${ann}${rule.title !== '' ? `: ${rule.title}` : ''}`, '');
    if (rule.status !== undefined) out.push(`*Status: ${rule.status}*`, '');
    if (rule.text) out.push(...rule.text.split('\n').map(escapeMarkdownLine), '');
    if (rule.history.length > 0) out.push('**History:**', '', ...rule.history.map((h) => `- ${h}`), '');
  }
  // text after the last rule goes under its own heading, which reads back as a section opening no rules
  if (rs.trailer) out.push(`${hasSections ? '##' : '#'} ${TRAILER_HEADING}`, '', ...rs.trailer.split('\n').map(escapeMarkdownLine), '');
  return `${out.join('\n').replace(/\s+$/, '')}\n`;
}
