// Each preset's issue asks for at least one scenario per mechanized rule. A scenario names the rules
// it exercises in its opening comment ("# Rules 204, 208: ..."), its name, or its file name; this
// test holds every rule that carries code to that.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PRESETS = ['nomic-i', 'nomic-v', 'gnomic', 'docnomic', 'bnomic'];
const root = (preset: string, sub: string) => fileURLToPath(new URL(`../../src/presets/${preset}/${sub}/`, import.meta.url));

/** Rule numbers a scenario says it covers: tokens in its leading comment block, its name and its file name. */
function coveredBy(file: string, source: string): Set<string> {
  const lines = source.split('\n');
  const head: string[] = [];
  for (const line of lines) {
    if (!line.startsWith('#')) break;
    head.push(line);
  }
  const name = /^name:(.*)$/m.exec(source)?.[1] ?? '';
  const words = `${head.join(' ')} ${name} ${file}`.match(/[0-9][0-9A-Za-z+]*/g) ?? [];
  return new Set(words);
}

describe('every mechanized rule has a scenario', () => {
  for (const preset of PRESETS) {
    it(preset, () => {
      const coded = readdirSync(root(preset, 'rules')).filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3));
      const covered = new Set<string>();
      for (const file of readdirSync(root(preset, 'scenarios'))) {
        for (const n of coveredBy(file, readFileSync(root(preset, 'scenarios') + file, 'utf8'))) covered.add(n);
      }
      expect(coded.length).toBeGreaterThan(0);
      expect(coded.filter((n) => !covered.has(n))).toEqual([]);
    });
  }
});
