// The structured ruleset that every importer produces and every exporter reads.

/** A scalar attribute a layout carries beside a rule (revision, annotations, sacred, ...). */
export type RuleAttr = string | number | boolean;

export interface ImportedRule {
  /** The number as written: "101", "4E36", "0", "1000", "291+1i". */
  number: string;
  /** The rule's name; "" where the ruleset gives none. */
  title: string;
  /** Set only where the ruleset says so (a header marker, a section heading, its initial-set clause). */
  mutable?: boolean;
  /** Agora/B Nomic style power, where the ruleset gives one. */
  power?: number;
  /** The rule's text exactly as written: paragraphs and lists kept, header removed, trailing whitespace trimmed. */
  text: string;
  /** History / chronology notes, one entry per element, in the order written. */
  history: string[];
  /** A status note such as Gnomic's "void: conflicting rule". */
  status?: string;
  /** The title of the section heading the rule stands under. */
  section?: string;
  attrs: Record<string, RuleAttr>;
  /** 1-based line of the rule's header in the imported text (absent for structured input). */
  line?: number;
}

export interface ImportWarning {
  /** 1-based line the warning is about; 0 when it concerns the whole input. */
  line: number;
  message: string;
}

/** How a plain-text ruleset was laid out, so `exportRuleset(..., 'text')` can write it back the same way. */
export interface TextLayout {
  /** What starts a rule: "Rule 101 ...", "101. ...", a markdown heading, an Agora FLR header. */
  header: 'rule' | 'numbered' | 'markdown' | 'flr';
  /** Where the title is: on the header line, on the line after it, or nowhere. */
  titles: 'inline' | 'next-line' | 'none';
  /** What separates number and title on the header line (": ", " / ", ". "). */
  titleSeparator?: string;
  /** A line written between rules ("|" in DocNomic). */
  separatorLine?: string;
  /** How history is written: a final paragraph, a bracketed block, a "History:" block. */
  history: 'paragraph' | 'brackets' | 'block' | 'none';
  /** Where mutability came from, so the exporter writes it the same way. */
  mutability: 'markers' | 'initial-set' | 'sections' | 'none';
  /** Blank lines after each rule (2 in Nomic I/V, 0 in B Nomic). */
  blankLinesBetween: number;
  /** Section headings end with ":" (DocNomic). */
  sectionColon?: boolean;
}

export interface ImportedSection {
  title: string;
  rules: string[];
  description?: string;
}

export interface ImportedRuleset {
  /** The layout recognised: "rule-paragraphs", "rule-titled", "rule-inline-title", "numbered-titled", "numbered", "markdown", "flr", "slr", "agora-yaml", "yaml", "json". */
  format: string;
  title?: string;
  sections: ImportedSection[];
  rules: ImportedRule[];
  warnings: ImportWarning[];
  /** Text before the first rule that is not the title or a section heading (notes, page or e-mail chrome). */
  preamble?: string;
  /** Text after the last rule that belongs to no rule (page footers, mailing-list footers). */
  trailer?: string;
  /** Details of a plain-text layout, for writing it back. */
  layout?: TextLayout;
}

export type ExportFormat = 'json' | 'markdown' | 'text' | 'flr' | 'slr';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['json', 'markdown', 'text', 'flr', 'slr'];

/** Group rules into sections by their `section` field, in order of first appearance. */
export function sectionsOf(rules: ImportedRule[]): ImportedSection[] {
  const sections: ImportedSection[] = [];
  const byTitle = new Map<string, ImportedSection>();
  for (const rule of rules) {
    if (rule.section === undefined) continue;
    let section = byTitle.get(rule.section);
    if (!section) {
      section = { title: rule.section, rules: [] };
      byTitle.set(rule.section, section);
      sections.push(section);
    }
    section.rules.push(rule.number);
  }
  return sections;
}

/** A number's value for ordering: "4E36" -> 36 within era 4; plain integers as themselves. */
export function ruleNumberKey(n: string): [number, number, string] {
  const era = /^(\d+)E(\d+)$/i.exec(n);
  if (era) return [Number(era[1]), Number(era[2]), n];
  const plain = /^\d+/.exec(n);
  return [0, plain ? Number(plain[0]) : Number.MAX_SAFE_INTEGER, n];
}

export function formatPower(p: number): string {
  return Number.isInteger(p) ? String(p) : String(Number(p.toPrecision(12)));
}

/** The same rule with its keys in the documented order (number, title, mutable, power, text, history, ...). */
export function canonicalRule(r: ImportedRule): ImportedRule {
  const out = { number: r.number, title: r.title } as ImportedRule;
  if (r.mutable !== undefined) out.mutable = r.mutable;
  if (r.power !== undefined) out.power = r.power;
  out.text = r.text;
  out.history = r.history;
  if (r.status !== undefined) out.status = r.status;
  if (r.section !== undefined) out.section = r.section;
  out.attrs = r.attrs;
  if (r.line !== undefined) out.line = r.line;
  return out;
}
