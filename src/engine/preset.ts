// A preset is a ruleset as data plus code: every rule's text imported from its seed file, and for
// each mechanized rule a TypeScript module (the rule's code, stored in the game like its text).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importRuleset } from '../formats/import.js';
import type { ImportedRule } from '../formats/ruleset.js';
import type { JsonObject } from '../kernel/types.js';

export interface PresetDefinition {
  name: string;
  title: string;
  description: string;
  /** The seed file (in the repository's seeds/ folder) the rules' text comes from. */
  seedFile: string;
  /** The preset's folder (its `rules/` holds one module per mechanized rule, named NUMBER.ts). */
  dir: URL;
  /** Rule number -> why people enforce it rather than code. */
  enforcedByPeople: Record<string, string>;
  /** The preset's interpretations of ambiguous text, for its documentation page. */
  readings?: string[];
}

/** A rule as a game's setup input carries it. */
export interface RuleSpec extends JsonObject {
  number: string;
  title: string;
  text: string;
  mutable: boolean;
}

export interface LoadedPreset extends PresetDefinition {
  rules: RuleSpec[];
  /** Rule number -> code source. */
  code: Record<string, string>;
}

export const SEEDS_DIR = fileURLToPath(new URL('../../seeds/', import.meta.url));

export function readSeed(file: string): string {
  return readFileSync(`${SEEDS_DIR}${file}`, 'utf8');
}

/** Rule specs from imported rules: number, title, text, mutability and power, history as notes. */
export function ruleSpecs(rules: ImportedRule[]): RuleSpec[] {
  return rules.map((rule) => {
    const spec: RuleSpec = { number: rule.number, title: rule.title ?? '', text: rule.text, mutable: rule.mutable ?? true };
    if (rule.power !== undefined) spec.power = rule.power;
    const attrs: JsonObject = { ...(rule.attrs ?? {}) };
    if (rule.section) attrs.section = rule.section;
    if (rule.status) attrs.status = rule.status;
    if (Object.keys(attrs).length > 0) spec.attrs = attrs;
    if (rule.history?.length) spec.history = rule.history.map((note) => ({ kind: 'noted', note }));
    return spec;
  });
}

const loaded = new Map<string, LoadedPreset>();

export function loadPreset(definition: PresetDefinition): LoadedPreset {
  const cached = loaded.get(definition.name);
  if (cached) return cached;
  const imported = importRuleset(readSeed(definition.seedFile), { fileName: definition.seedFile });
  const rules = ruleSpecs(imported.rules);
  const code: Record<string, string> = {};
  for (const rule of rules) {
    try {
      code[rule.number] = readFileSync(new URL(`rules/${rule.number}.ts`, definition.dir), 'utf8');
      rule.code = code[rule.number]!;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const preset = { ...definition, rules, code };
  loaded.set(definition.name, preset);
  return preset;
}
