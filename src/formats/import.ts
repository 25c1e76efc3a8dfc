// importRuleset: detect a ruleset's layout (JSON, YAML, Agora FLR/SLR, "Rule N" text, "N." text, markdown) and
// import it; then infer mutability the way the ruleset states it. importRulesetFiles combines a folder's files.
import { parse as parseYaml } from 'yaml';
import { importFlr, looksLikeFlr } from './flr.js';
import { splitLines } from './lines.js';
import { canonicalRule, sectionsOf, ruleNumberKey, type ImportedRule, type ImportedRuleset, type ImportWarning } from './ruleset.js';
import { importJson, importYaml, looksLikeYaml } from './structured.js';
import { importPlainText, type HeaderKind } from './text-import.js';

export interface ImportOptions {
  /** Force a layout instead of detecting it (see IMPORT_FORMATS). */
  format?: string;
  /** Used as a hint (".json", ".yaml", ".md") and in messages. */
  fileName?: string;
}

/** Layout names accepted by `options.format`. */
export const IMPORT_FORMATS = [
  'auto', 'text', 'json', 'yaml', 'agora-yaml', 'flr', 'slr', 'markdown', 'md',
  'rule', 'rule-paragraphs', 'rule-titled', 'rule-inline-title', 'numbered', 'numbered-titled',
] as const;

const PLAIN: Record<string, HeaderKind> = {
  markdown: 'markdown',
  md: 'markdown',
  rule: 'rule',
  'rule-paragraphs': 'rule',
  'rule-titled': 'rule',
  'rule-inline-title': 'rule',
  numbered: 'numbered',
  'numbered-titled': 'numbered',
};

export function importRuleset(text: string, options: ImportOptions = {}): ImportedRuleset {
  if (typeof text !== 'string') throw new TypeError('importRuleset: text must be a string');
  const format = (options.format ?? 'auto').toLowerCase();
  const ext = /\.([A-Za-z]+)$/.exec(options.fileName ?? '')?.[1]?.toLowerCase();
  let result: ImportedRuleset;
  if (format === 'json') result = importJson(text);
  else if (format === 'yaml' || format === 'agora-yaml') result = importYaml(text, options.fileName);
  else if (format === 'flr' || format === 'slr') result = importFlr(text);
  else if (PLAIN[format]) result = inferMutability(importPlainText(text, PLAIN[format]));
  else if (format === 'auto' || format === 'text') result = detect(text, format === 'text' ? undefined : ext, options.fileName);
  else throw new Error(`unknown ruleset format "${options.format}"; expected one of ${IMPORT_FORMATS.join(', ')}`);
  result.rules = result.rules.map(canonicalRule);
  return result;
}

function detect(text: string, ext: string | undefined, fileName: string | undefined): ImportedRuleset {
  const t = text.replace(/^\uFEFF/, '').trimStart();
  if (ext === 'json' || t.startsWith('{') || (t.startsWith('[') && /^\[\s*[{\]]/.test(t))) {
    const json = importJson(text);
    if (json.rules.length > 0 || ext === 'json') return json;
  }
  if (ext === 'yaml' || ext === 'yml' || looksLikeYaml(text)) {
    const yaml = importYaml(text, fileName);
    if (yaml.rules.length > 0 || ext === 'yaml' || ext === 'yml') return yaml;
  }
  const lines = splitLines(text);
  if (looksLikeFlr(lines)) return importFlr(text);
  return inferMutability(importPlainText(text, ext === 'md' || ext === 'markdown' ? 'markdown' : undefined));
}

/**
 * Mutability as the ruleset states it, for rules whose header does not:
 * - a section heading saying "Immutable"/"Mutable" applies to the rules under it;
 * - where headers mark only one kind ("Rule 101 (Immutable)"), unmarked rules are the other kind (Nomic I, V);
 * - otherwise an initial-set clause ("Rules 101-119 (immutable) and 201-213 (mutable)") applies to the rules
 *   in those ranges whose history shows no later change (Gnomic).
 */
export function inferMutability(rs: ImportedRuleset): ImportedRuleset {
  const layout = rs.layout;
  let source: 'markers' | 'initial-set' | 'sections' | 'none' = 'none';
  const explicit = rs.rules.filter((r) => r.mutable !== undefined);
  for (const r of rs.rules) {
    if (r.mutable !== undefined || r.section === undefined) continue;
    if (/\bimmutable\b/i.test(r.section)) r.mutable = false;
    else if (/\bmutable\b/i.test(r.section)) r.mutable = true;
    if (r.mutable !== undefined) source = 'sections';
  }
  if (source === 'none' && explicit.length > 0) {
    source = 'markers';
    const hasFalse = explicit.some((r) => r.mutable === false);
    const hasTrue = explicit.some((r) => r.mutable === true);
    if (hasFalse !== hasTrue) for (const r of rs.rules) if (r.mutable === undefined) r.mutable = hasFalse;
  }
  if (source === 'none') {
    const ranges: { lo: number; hi: number; mutable: boolean }[] = [];
    for (const r of rs.rules) {
      // "The Initial Set consists of Rule 0 (sacred), Rules 101-119 (immutable) and 201-213 (mutable)."
      for (const sentence of r.text.split(/(?<=[.;])\s+/)) {
        if (!/initial set/i.test(sentence)) continue;
        const re = /(\d+)(?:\s*(?:-|–|to)\s*(\d+))?\s*\((immutable|mutable|sacred)\)/gi;
        let m: RegExpExecArray | null;
        while ((m = re.exec(sentence))) {
          const lo = Number(m[1]);
          ranges.push({ lo, hi: m[2] ? Number(m[2]) : lo, mutable: m[3]!.toLowerCase() === 'mutable' });
        }
      }
    }
    if (ranges.length > 0) {
      for (const r of rs.rules) {
        if (!/^\d+$/.test(r.number)) continue;
        if (r.history.length > 0 && !r.history.every((h) => /^initial/i.test(h.trim()))) continue;
        const n = Number(r.number);
        const range = ranges.find((x) => n >= x.lo && n <= x.hi);
        if (range) {
          r.mutable = range.mutable;
          source = 'initial-set';
        }
      }
    }
  }
  if (layout) layout.mutability = source;
  return rs;
}

export interface RulesetFile {
  name: string;
  text: string;
}

/**
 * Several files as one ruleset: a folder of one-rule files (AgoraNomic/ruleset's rules/*, with config/index
 * giving sections and order), or several ruleset files. Warnings name the file they come from.
 */
export function importRulesetFiles(files: RulesetFile[], options: { format?: string } = {}): ImportedRuleset {
  const warnings: ImportWarning[] = [];
  const index = files.find((f) => /(^|\/)config\/index$/.test(f.name) || /(^|\/)index\.ya?ml$/.test(f.name));
  const order: { title: string; rules: string[] }[] = [];
  if (index) {
    try {
      const value = parseYaml(index.text) as unknown;
      if (Array.isArray(value)) {
        for (const s of value) {
          if (s && typeof s === 'object' && Array.isArray((s as { rules?: unknown }).rules)) {
            const sec = s as { name?: unknown; title?: unknown; rules: unknown[] };
            order.push({ title: String(sec.name ?? sec.title ?? ''), rules: sec.rules.map(String) });
          }
        }
      }
    } catch (e) {
      warnings.push({ line: 0, message: `${index.name}: not a YAML section index (${(e as Error).message}); ignored` });
    }
  }
  const rules: ImportedRule[] = [];
  const formats = new Map<string, number>();
  let title: string | undefined;
  for (const file of files) {
    if (file === index) continue;
    let rs: ImportedRuleset;
    try {
      rs = importRuleset(file.text, { format: options.format, fileName: file.name });
    } catch (e) {
      warnings.push({ line: 0, message: `${file.name}: ${(e as Error).message}; skipped` });
      continue;
    }
    for (const w of rs.warnings) warnings.push({ line: w.line, message: `${file.name}: ${w.message}` });
    if (rs.rules.length === 0) {
      warnings.push({ line: 0, message: `${file.name}: no rules found; skipped` });
      continue;
    }
    formats.set(rs.format, (formats.get(rs.format) ?? 0) + rs.rules.length);
    if (title === undefined && rs.title !== undefined && files.length === 1) title = rs.title;
    for (const r of rs.rules) {
      if (!r.attrs.file) r.attrs.file = file.name;
      rules.push(r);
    }
  }
  let ordered = rules;
  if (order.length > 0) {
    const pos = new Map<string, number>();
    order.forEach((s, si) =>
      s.rules.forEach((n, ri) => {
        if (!pos.has(n)) pos.set(n, si * 100000 + ri);
      }),
    );
    for (const s of order) for (const n of s.rules) {
      const rule = rules.find((r) => r.number === n);
      if (rule && rule.section === undefined) rule.section = s.title;
      if (!rule) warnings.push({ line: 0, message: `${index!.name}: section ${JSON.stringify(s.title)} lists rule ${n}, which no file holds` });
    }
    const listed = rules.filter((r) => pos.has(r.number)).sort((a, b) => pos.get(a.number)! - pos.get(b.number)!);
    const unlisted = rules.filter((r) => !pos.has(r.number)).sort(compareRules);
    for (const r of unlisted) warnings.push({ line: 0, message: `rule ${r.number} (${String(r.attrs.file)}) is in no section of ${index!.name}; placed at the end` });
    ordered = [...listed, ...unlisted];
  }
  const format = [...formats.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'files';
  const out: ImportedRuleset = { format, sections: sectionsOf(ordered), rules: ordered, warnings };
  if (title !== undefined) out.title = title;
  return out;
}

export function compareRules(a: ImportedRule, b: ImportedRule): number {
  const ka = ruleNumberKey(a.number);
  const kb = ruleNumberKey(b.number);
  return ka[0] - kb[0] || ka[1] - kb[1] || ka[2].localeCompare(kb[2]);
}
