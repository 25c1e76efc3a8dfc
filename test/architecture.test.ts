// Dependencies point inward: interfaces -> server -> engine -> kernel. This test keeps it so.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The top-level src/ folders each file imports (relative imports only; packages are not layers). */
function importedLayers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const layers = new Set<string>();
  for (const m of text.matchAll(/(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
    const target = relative(SRC, resolve(file, '..', m[1] ?? m[2]!));
    if (!target.startsWith('..')) layers.add(target.split('/')[0]!);
  }
  return [...layers];
}

// What each layer may import besides itself.
const allowed: Record<string, string[]> = {
  kernel: [],
  storage: ['kernel'],
  formats: ['kernel'],
  engine: ['kernel', 'storage', 'formats', 'presets'],
  presets: ['kernel', 'engine'],
  server: ['kernel', 'storage', 'formats', 'engine'],
  web: ['kernel'],
  adapters: ['kernel', 'storage', 'formats', 'engine'],
  cli: ['kernel', 'storage', 'formats', 'engine', 'server', 'adapters'],
};

describe('architecture', () => {
  for (const layer of Object.keys(allowed)) {
    it(`${layer} imports only ${allowed[layer]!.join(', ') || 'itself'}`, () => {
      let dir: string;
      try {
        dir = join(SRC, layer);
        statSync(dir);
      } catch {
        return;
      }
      const violations = files(dir).flatMap((file) =>
        importedLayers(file).filter((l) => l !== layer && !allowed[layer]!.includes(l)).map((l) => `${relative(SRC, file)} imports ${l}`));
      expect(violations).toEqual([]);
    });
  }

  it('rule code in presets imports only types', () => {
    const bad = files(join(SRC, 'presets')).filter((f) => f.includes('/rules/'))
      .filter((f) => /^import\s+(?!type\b)/m.test(readFileSync(f, 'utf8')));
    expect(bad).toEqual([]);
  });
});
