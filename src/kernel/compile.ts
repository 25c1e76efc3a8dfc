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

function compileUncached(source: string): Compiled {
  if (source.length > MAX_SOURCE) return { error: `rule code is limited to ${MAX_SOURCE / 1024} KiB` };
  try {
    const out = transformSync(source, { loader: 'ts', format: 'cjs', target: 'es2022', sourcemap: false, logLevel: 'silent' });
    return { js: out.code };
  } catch (error) {
    const errors = (error as { errors?: { text: string; location?: { line: number; column: number } }[] }).errors;
    if (errors?.length) return { error: errors.map((e) => (e.location ? `line ${e.location.line}:${e.location.column}: ${e.text}` : e.text)).join('; ') };
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
