// Test helpers: the five seed rulesets and exact line slices of them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const SEEDS_DIR = process.env.NOMICON_SEEDS ?? fileURLToPath(new URL('../../seeds/', import.meta.url));

export const SEED_FILES = {
  nomicI: '000_69a0a2800e705b72.txt',
  nomicV: '001_8ae27d7cb3ca91a4.txt',
  gnomic: '002_142b4867bb310721.txt',
  docnomic: '003_5d4f6ffb6505cae1.txt',
  bnomic: '004_fcb906d613603658.txt',
} as const;

export type SeedName = keyof typeof SEED_FILES;

const cache = new Map<string, string>();

export function seed(name: SeedName): string {
  const file = SEED_FILES[name];
  let text = cache.get(file);
  if (text === undefined) {
    text = readFileSync(join(SEEDS_DIR, file), 'utf8');
    cache.set(file, text);
  }
  return text;
}

/** Lines `from`..`to` (1-based, inclusive) of a seed, joined with "\n": what a rule's text must equal. */
export function lines(name: SeedName, from: number, to: number): string {
  return seed(name).split('\n').slice(from - 1, to).join('\n');
}

export function line(name: SeedName, n: number): string {
  return seed(name).split('\n')[n - 1]!;
}
