// Agora's Full and Short Logical Rulesets: "Rule 1030/12 (Power=3)", title line, indented text,
// "History:" and "Annotations:" blocks, "-----" between rules and "=====" section blocks. Import and export.
import { formatAnnotations, parseRuleHeader, RULE_NUMBER_SOURCE } from './header.js';
import { dedent, excerpt, isBlank, joinText, splitLines } from './lines.js';
import { formatPower, sectionsOf, type ImportedRule, type ImportedRuleset, type ImportWarning } from './ruleset.js';

const FLR_HEADER = new RegExp(String.raw`^Rule\s+${RULE_NUMBER_SOURCE}\/\d+\b`);
const RULE_SEP = /^-{10,}\s*$/;
const SECTION_SEP = /^={10,}\s*$/;
const TEXT_INDENT = 6;

/** Does this text look like an FLR/SLR: column-0 "Rule N/rev" headers right after "-----" separator lines? */
export function looksLikeFlr(lines: string[]): boolean {
  let headers = 0;
  let rules = 0;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (/^ {0,3}Rule\s+\d/i.test(l)) rules++;
    if (!FLR_HEADER.test(l)) continue;
    let j = i - 1;
    while (j >= 0 && isBlank(lines[j]!)) j--;
    if (j >= 0 && RULE_SEP.test(lines[j]!)) headers++;
  }
  return headers > 0 && headers * 2 >= rules;
}

export function importFlr(text: string): ImportedRuleset {
  const lines = splitLines(text);
  const warnings: ImportWarning[] = [];
  const warn = (line: number, message: string) => warnings.push({ line: line + 1, message });
  const rules: ImportedRule[] = [];
  const descriptions = new Map<string, string>();
  let section: string | undefined;
  const sectionLines = new Map<string, number>();
  let hasHistory = false;

  const firstStructure = lines.findIndex((l) => SECTION_SEP.test(l) || FLR_HEADER.test(l));
  const headEnd = firstStructure < 0 ? lines.length : firstStructure;
  // the header block: title, dates, table of contents, power distribution
  const head = lines.slice(0, headEnd);
  let title: string | undefined;
  const titleAt = head.findIndex((l) => !isBlank(l) && !RULE_SEP.test(l));
  if (titleAt >= 0) title = head[titleAt]!.trim();
  const rest = head.filter((l, i) => i !== titleAt && !RULE_SEP.test(l));
  const preamble = joinText(rest);
  if (preamble) warn(titleAt + 1, `lines ${titleAt + 2}-${headEnd}: ruleset header (dates, contents, statistics) kept as the preamble, not rules`);

  const trailer: string[] = [];
  let i = headEnd;
  while (i < lines.length) {
    const l = lines[i]!;
    if (SECTION_SEP.test(l)) {
      // "=====" / section name / indented description / "-----"
      let j = i + 1;
      while (j < lines.length && isBlank(lines[j]!)) j++;
      if (j >= lines.length) break;
      if (FLR_HEADER.test(lines[j]!) || RULE_SEP.test(lines[j]!) || SECTION_SEP.test(lines[j]!)) {
        i = j;
        continue;
      }
      section = lines[j]!.trim();
      sectionLines.set(section, j);
      let k = j + 1;
      const desc: string[] = [];
      while (k < lines.length && !RULE_SEP.test(lines[k]!) && !SECTION_SEP.test(lines[k]!) && !FLR_HEADER.test(lines[k]!)) desc.push(lines[k++]!);
      const d = joinText(dedent(desc)).replace(/\s*\n\s*/g, ' ');
      if (d) descriptions.set(section, d);
      i = k;
      continue;
    }
    if (RULE_SEP.test(l) || isBlank(l)) {
      i++;
      continue;
    }
    if (!FLR_HEADER.test(l)) {
      warn(i, `${excerpt(l)} is outside any rule (expected "Rule N/rev (Power=p)" after a separator); kept as trailer`);
      trailer.push(l.trim());
      i++;
      continue;
    }
    const header = parseRuleHeader(l);
    if (!header) {
      warn(i, `unreadable rule header ${excerpt(l)}; kept as trailer`);
      trailer.push(l.trim());
      i++;
      continue;
    }
    const headerLine = i;
    // the title is the next line (may be empty)
    let ruleTitle = header.title ?? '';
    i++;
    if (ruleTitle === '' && i < lines.length && !isBlank(lines[i]!) && !RULE_SEP.test(lines[i]!) && !SECTION_SEP.test(lines[i]!) && /^\S/.test(lines[i]!) && !/^(History|Annotations):\s*$/.test(lines[i]!)) {
      ruleTitle = lines[i]!.trim();
      i++;
    }
    const textLines: string[] = [];
    const history: string[] = [];
    const annotations: string[] = [];
    let mode: 'text' | 'history' | 'annotations' = 'text';
    while (i < lines.length && !RULE_SEP.test(lines[i]!) && !SECTION_SEP.test(lines[i]!) && !FLR_HEADER.test(lines[i]!)) {
      const cur = lines[i]!;
      if (/^History:\s*$/.test(cur)) mode = 'history';
      else if (/^Annotations:\s*$/.test(cur)) mode = 'annotations';
      else if (mode === 'text') textLines.push(cur);
      else if (!isBlank(cur)) {
        const list = mode === 'history' ? history : annotations;
        if (/^\s+\S/.test(cur) && list.length > 0) list[list.length - 1] += ` ${cur.trim()}`;
        else list.push(cur.trim());
      }
      i++;
    }
    if (history.length > 0) hasHistory = true;
    const rule: ImportedRule = {
      number: header.number,
      title: ruleTitle,
      text: joinText(dedent(textLines, TEXT_INDENT)),
      history,
      attrs: { ...header.annotations.attrs },
      line: headerLine + 1,
    };
    if (header.revision !== undefined) rule.attrs.revision = header.revision;
    if (header.annotations.power !== undefined) rule.power = header.annotations.power;
    if (header.annotations.mutable !== undefined) rule.mutable = header.annotations.mutable;
    if (header.annotations.status !== undefined) rule.status = header.annotations.status;
    if (annotations.length > 0) rule.attrs.annotations = annotations.join('\n');
    if (section !== undefined) rule.section = section;
    if (rule.text === '') warn(headerLine, `rule ${rule.number} has no text`);
    rules.push(rule);
  }
  const sections = sectionsOf(rules);
  for (const s of sections) {
    const d = descriptions.get(s.title);
    if (d) s.description = d;
  }
  for (const [title, at] of sectionLines) {
    if (sections.some((s) => s.title === title)) continue;
    const d = descriptions.get(title);
    warn(at, `section ${excerpt(title)} has no rules${d ? ` (its description: ${JSON.stringify(d)})` : ''}`);
  }
  warnings.sort((a, b) => a.line - b.line);
  const out: ImportedRuleset = { format: hasHistory ? 'flr' : 'slr', sections, rules, warnings };
  if (title !== undefined) out.title = title;
  if (preamble) out.preamble = preamble;
  if (trailer.length) out.trailer = trailer.join('\n');
  return out;
}

const LINE = '-'.repeat(72);
const DOUBLE = '='.repeat(72);

/** Write an FLR (with history and annotations) or an SLR (text only). */
export function exportFlr(ruleset: ImportedRuleset, full: boolean): string {
  const out: string[] = [];
  if (ruleset.title !== undefined) out.push(ruleset.title, '');
  if (ruleset.preamble) out.push(...indentPreamble(ruleset.preamble), '');
  const descriptions = new Map(ruleset.sections.map((s) => [s.title, s.description]));
  let section: string | undefined;
  for (const rule of ruleset.rules) {
    if (rule.section !== undefined && rule.section !== section) {
      section = rule.section;
      out.push(DOUBLE, section);
      const d = descriptions.get(section);
      if (d) out.push(`   ${d}`);
    }
    out.push(LINE);
    const rev = typeof rule.attrs.revision === 'number' ? rule.attrs.revision : 0;
    out.push(`Rule ${rule.number}/${rev}${formatAnnotations({ power: rule.power, mutable: rule.mutable, status: rule.status }, formatPower)}`);
    out.push(rule.title, '');
    for (const line of rule.text.split('\n')) out.push(line === '' ? '' : `${' '.repeat(TEXT_INDENT)}${line}`);
    if (full) {
      out.push('', 'History:', '');
      for (const h of rule.history) out.push(h);
      const ann = rule.attrs.annotations;
      out.push('', 'Annotations:');
      if (typeof ann === 'string' && ann !== '') out.push(...ann.split('\n'));
    }
    out.push('');
  }
  out.push(LINE, '');
  if (ruleset.trailer) out.push(ruleset.trailer, '');
  return out.join('\n');
}

/** Preamble lines must not look like structure when read back. */
function indentPreamble(preamble: string): string[] {
  return preamble.split('\n').map((l) => (FLR_HEADER.test(l) || RULE_SEP.test(l) || SECTION_SEP.test(l) ? `  ${l}` : l));
}
