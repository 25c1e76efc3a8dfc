// The web app as the server serves it: src/web bundled by esbuild in memory once per process
// (index.html, app.js, app.css), so a checkout needs no build step.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export interface WebAssets {
  files: Map<string, { body: string; type: string }>;
}

const WEB_DIR = fileURLToPath(new URL('../web/', import.meta.url));

let assets: Promise<WebAssets> | undefined;

async function bundle(): Promise<WebAssets> {
  const result = await build({
    entryPoints: [`${WEB_DIR}main.ts`],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    minify: false,
    sourcemap: false,
    logLevel: 'silent',
  });
  const files = new Map<string, { body: string; type: string }>();
  files.set('/app.js', { body: result.outputFiles[0]!.text, type: 'text/javascript; charset=utf-8' });
  files.set('/app.css', { body: readFileSync(`${WEB_DIR}app.css`, 'utf8'), type: 'text/css; charset=utf-8' });
  files.set('/', { body: readFileSync(`${WEB_DIR}index.html`, 'utf8'), type: 'text/html; charset=utf-8' });
  return { files };
}

/** The bundled web app (built on first use, then kept). */
export function webAssets(): Promise<WebAssets> {
  assets ??= bundle().catch((error) => {
    assets = undefined;
    throw error;
  });
  return assets;
}
