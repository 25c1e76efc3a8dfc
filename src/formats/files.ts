// Reading rulesets from disk: one file, or a folder of files (AgoraNomic/ruleset's rules/ and config/index).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { importRuleset, importRulesetFiles, type RulesetFile } from './import.js';
import type { ImportedRuleset } from './ruleset.js';

const SKIP = /^(\.|_)|\.(png|jpe?g|gif|ico|pdf|zip|gz|lock|rb|hs|js|ts|kts|gradle|cabal|erb|html|css|sh|sublime-\w+)$|^(LICENSE|Gemfile|README(\.\w+)?)$/i;

/** Files of a ruleset folder: its own files, plus rules/ and config/index when present (one level deep). */
export function rulesetFilesIn(dir: string): RulesetFile[] {
  const files: RulesetFile[] = [];
  const visit = (d: string, depth: number) => {
    const names = readdirSync(d).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    for (const name of names) {
      const path = join(d, name);
      const st = statSync(path);
      if (st.isDirectory()) {
        if (depth === 0 && (name === 'rules' || name === 'config')) visit(path, depth + 1);
        continue;
      }
      if (!st.isFile() || SKIP.test(name)) continue;
      if (depth > 0 && basename(d) === 'config' && name !== 'index') continue;
      files.push({ name: relative(dir, path), text: readFileSync(path, 'utf8') });
    }
  };
  visit(dir, 0);
  return files;
}

/** Import a ruleset file or folder. */
export function importRulesetPath(path: string, options: { format?: string } = {}): ImportedRuleset {
  if (statSync(path).isDirectory()) return importRulesetFiles(rulesetFilesIn(path), options);
  return importRuleset(readFileSync(path, 'utf8'), { format: options.format, fileName: basename(path) });
}
