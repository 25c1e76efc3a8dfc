// Structured inputs: the engine's own JSON, a ruleset written as YAML, and AgoraNomic/ruleset's one-YAML-file-per-rule.
import { parseAllDocuments } from 'yaml';
import { agoraAnnotations, agoraHistoryEntry } from './history.js';
import { parseNumber } from './header.js';
import { sectionsOf, type ImportedRule, type ImportedRuleset, type ImportWarning, type RuleAttr, type TextLayout } from './ruleset.js';

type Plain = Record<string, unknown>;

const isObject = (v: unknown): v is Plain => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Does this parsed value describe one rule (it has text, and a number, id, title or name)? */
export function isRuleLike(v: unknown): v is Plain {
  return isObject(v) && 'text' in v && ('number' in v || 'id' in v || 'title' in v || 'name' in v);
}

function scalar(v: unknown): RuleAttr | undefined {
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return undefined;
}

const KNOWN = new Set(['number', 'id', 'title', 'name', 'text', 'history', 'mutable', 'mutability', 'power', 'status', 'section', 'attrs', 'annotations', 'rev', 'revision', 'line']);

/** Turn one rule-like object (ours or Agora's) into an ImportedRule; problems go to `warn`. */
export function normalizeRule(v: Plain, where: string, warn: (message: string) => void): ImportedRule | null {
  const num = v.number ?? v.id;
  if (num === undefined || num === null || String(num).trim() === '') {
    warn(`${where}: a rule without a number (no "number" or "id"); skipped`);
    return null;
  }
  const rule: ImportedRule = {
    number: String(num).trim(),
    title: v.title !== undefined && v.title !== null ? String(v.title) : v.name !== undefined && v.name !== null ? String(v.name) : '',
    text: typeof v.text === 'string' ? v.text.replace(/\s+$/, '') : v.text === undefined || v.text === null ? '' : String(v.text),
    history: [],
    attrs: {},
  };
  if (Array.isArray(v.history)) rule.history = v.history.map(agoraHistoryEntry);
  else if (typeof v.history === 'string') rule.history = v.history.split('\n').filter((l) => l.trim() !== '');
  const mut = v.mutable ?? v.mutability;
  if (typeof mut === 'boolean') rule.mutable = mut;
  else if (typeof mut === 'string' && /^(im)?mutable$/i.test(mut)) rule.mutable = !/^im/i.test(mut);
  if (typeof v.power === 'number' && Number.isFinite(v.power)) rule.power = v.power;
  else if (typeof v.power === 'string' && parseNumber(v.power) !== undefined) rule.power = parseNumber(v.power);
  else if (v.power !== undefined && v.power !== null) warn(`${where}: rule ${rule.number}: power ${JSON.stringify(v.power)} is not a number; ignored`);
  if (typeof v.status === 'string') rule.status = v.status;
  if (typeof v.section === 'string') rule.section = v.section;
  if (typeof v.line === 'number') rule.line = v.line;
  if (isObject(v.attrs)) {
    for (const [k, val] of Object.entries(v.attrs)) {
      const s = scalar(val);
      if (s !== undefined) rule.attrs[k] = s;
      else warn(`${where}: rule ${rule.number}: attribute ${k} is not a scalar; dropped`);
    }
  }
  const rev = v.rev ?? v.revision;
  if (typeof rev === 'number') rule.attrs.revision = rev;
  const ann = agoraAnnotations(v.annotations);
  if (ann) rule.attrs.annotations = ann;
  else if (typeof v.annotations === 'string' && v.annotations) rule.attrs.annotations = v.annotations;
  for (const [k, val] of Object.entries(v)) {
    if (KNOWN.has(k)) continue;
    const s = scalar(val);
    if (s !== undefined) rule.attrs[k] = s;
    else if (val !== null && val !== undefined) warn(`${where}: rule ${rule.number}: field ${k} is not a scalar; dropped`);
  }
  return rule;
}

/** A whole ruleset object ({title, sections, rules}), an array of rules, or one rule. */
export function rulesetFromValue(value: unknown, format: string, where = 'input'): ImportedRuleset | null {
  const warnings: ImportWarning[] = [];
  const warn = (message: string) => warnings.push({ line: 0, message });
  let rulesIn: unknown[];
  let meta: Plain = {};
  if (Array.isArray(value)) rulesIn = value;
  else if (isObject(value) && Array.isArray(value.rules)) {
    rulesIn = value.rules;
    meta = value;
  } else if (isRuleLike(value)) rulesIn = [value];
  else return null;
  const rules: ImportedRule[] = [];
  rulesIn.forEach((r, i) => {
    if (!isObject(r)) {
      warn(`${where}: rules[${i}] is not an object; skipped`);
      return;
    }
    const rule = normalizeRule(r, `${where}: rules[${i}]`, warn);
    if (rule) rules.push(rule);
  });
  // sections given separately assign rules that carry no section of their own
  if (Array.isArray(meta.sections)) {
    for (const s of meta.sections) {
      if (!isObject(s) || typeof (s.title ?? s.name) !== 'string' || !Array.isArray(s.rules)) continue;
      const title = String(s.title ?? s.name);
      for (const n of s.rules) {
        const rule = rules.find((r) => r.number === String(n));
        if (rule && rule.section === undefined) rule.section = title;
      }
    }
  }
  const sections = sectionsOf(rules);
  if (Array.isArray(meta.sections)) {
    for (const s of meta.sections) {
      if (isObject(s) && typeof s.description === 'string') {
        const mine = sections.find((x) => x.title === (s.title ?? s.name));
        if (mine) mine.description = s.description;
      }
    }
  }
  const out: ImportedRuleset = {
    format: typeof meta.format === 'string' && meta.format ? meta.format : format,
    sections,
    rules,
    warnings,
  };
  if (typeof meta.title === 'string') out.title = meta.title;
  if (typeof meta.preamble === 'string' && meta.preamble) out.preamble = meta.preamble;
  if (typeof meta.trailer === 'string' && meta.trailer) out.trailer = meta.trailer;
  if (isObject(meta.layout)) out.layout = meta.layout as unknown as TextLayout;
  if (Array.isArray(meta.warnings)) {
    for (const w of meta.warnings) {
      if (isObject(w) && typeof w.message === 'string') out.warnings.push({ line: typeof w.line === 'number' ? w.line : 0, message: w.message });
    }
  }
  return out;
}

export function importJson(text: string): ImportedRuleset {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return failed('json', `not valid JSON: ${(e as Error).message}`, text);
  }
  return rulesetFromValue(value, 'json') ?? failed('json', 'JSON is neither a ruleset ({"rules": [...]}), a list of rules, nor one rule', text);
}

/** YAML: one or more documents, each a ruleset, a list of rules or one rule (AgoraNomic/ruleset's files). */
export function importYaml(text: string, where = 'input'): ImportedRuleset {
  const docs = parseAllDocuments(text);
  const list = Array.isArray(docs) ? docs : [docs];
  const errors = list.flatMap((d) => d.errors.map((e) => e.message));
  if (errors.length > 0) return failed('yaml', `not valid YAML: ${errors[0]}`, text);
  const values = list.map((d) => d.toJS({ maxAliasCount: 100 }) as unknown).filter((v) => v !== null && v !== undefined);
  const agora = values.some((v) => isObject(v) && 'id' in v && Array.isArray(v.history) && v.history.some((h) => isObject(h) && 'change' in h));
  const format = agora ? 'agora-yaml' : 'yaml';
  if (values.length === 1) return rulesetFromValue(values[0], format, where) ?? failed(format, 'YAML is neither a ruleset, a list of rules, nor one rule', text);
  const rules: ImportedRule[] = [];
  const warnings: ImportWarning[] = [];
  values.forEach((v, i) => {
    const r = rulesetFromValue(v, format, `${where}: document ${i + 1}`);
    if (!r) warnings.push({ line: 0, message: `${where}: document ${i + 1} is not a rule; skipped` });
    else {
      rules.push(...r.rules);
      warnings.push(...r.warnings);
    }
  });
  return { format, sections: sectionsOf(rules), rules, warnings };
}

function failed(format: string, message: string, text: string): ImportedRuleset {
  const out: ImportedRuleset = { format, sections: [], rules: [], warnings: [{ line: 0, message }] };
  if (text.trim()) out.preamble = text.replace(/\s+$/, '');
  return out;
}

/** Quick test: does this text look like YAML describing rules (rather than prose)? */
export function looksLikeYaml(text: string): boolean {
  const t = text.replace(/^\uFEFF/, '');
  if (/^---\s*$/m.test(t.split('\n', 1)[0] ?? '')) return true;
  const keys = t.match(/^(number|id|name|title|text|history|rules|power|mutable|sections|format):/gm) ?? [];
  return new Set(keys).size >= 2 && /^(text|rules):/m.test(t);
}
