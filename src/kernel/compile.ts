// Compiles rule code (TypeScript) to the CommonJS the sandbox evaluates. Cached by source: the
// same code compiles once per process, and compilation is deterministic, so replays agree.
import { createHash } from 'node:crypto';
import { transformSync } from 'esbuild';

export type Compiled = { js: string } | { error: string };

const cache = new Map<string, Compiled>();
const MAX_SOURCE = 256 * 1024;
/** The cache keeps the most recently used results up to this many bytes: rule code cannot grow it without end. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
let cacheBytes = 0;

const sizeOf = (c: Compiled) => ('js' in c ? c.js.length : c.error.length);

export function compileRuleCode(source: string): Compiled {
  const hash = createHash('sha256').update(source).digest('hex');
  let compiled = cache.get(hash);
  if (compiled) {
    cache.delete(hash); // most recently used last
  } else {
    compiled = compileUncached(source);
    cacheBytes += sizeOf(compiled);
  }
  cache.set(hash, compiled);
  for (const [key, old] of cache) {
    if (cacheBytes <= MAX_CACHE_BYTES) break;
    cache.delete(key);
    cacheBytes -= sizeOf(old);
  }
  return compiled;
}

/** Brackets nested deeper than this are refused before compiling: esbuild takes seconds on such input. */
const MAX_NESTING = 256;

/** The deepest nesting of (), [] and {} outside strings and comments (a rough scan; regex literals are not skipped). */
export function bracketDepth(source: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === '\\') i++;
    } else if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 1;
    } else if (c === '(' || c === '[' || c === '{') {
      if (++depth > max) max = depth;
    } else if (c === ')' || c === ']' || c === '}') {
      depth = Math.max(0, depth - 1);
    }
  }
  return max;
}

function compileUncached(source: string): Compiled {
  if (source.length > MAX_SOURCE) return { error: `rule code is limited to ${MAX_SOURCE / 1024} KiB` };
  if (bracketDepth(source) > MAX_NESTING) return { error: `rule code nests brackets at most ${MAX_NESTING} levels deep` };
  try {
    const out = transformSync(source, { loader: 'ts', format: 'cjs', target: 'es2022', sourcemap: false, logLevel: 'silent' });
    return { js: out.code };
  } catch (error) {
    const errors = (error as { errors?: { text: string; location?: { line: number; column: number } }[] }).errors;
    if (errors?.length) return { error: errors.map((e) => (e.location ? `line ${e.location.line}:${e.location.column}: ${e.text}` : e.text)).join('; ') };
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
