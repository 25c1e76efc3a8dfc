// Serves the web app: the page, its script and its style sheet, bundled from src/web at first use.
import type { FastifyInstance } from 'fastify';
import { webAssets } from '../web.js';

const CSP = [
  "default-src 'self'",
  "connect-src 'self' ws: wss:",
  "img-src 'self' data:",
  "style-src 'self'",
  "script-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function registerWebApp(app: FastifyInstance): void {
  for (const path of ['/', '/index.html', '/app.js', '/app.css']) {
    app.get(path, async (_req, reply) => {
      const { files } = await webAssets();
      const file = files.get(path === '/index.html' ? '/' : path)!;
      void reply.type(file.type).header('cache-control', 'no-cache');
      if (file.type.startsWith('text/html')) void reply.header('content-security-policy', CSP);
      return file.body;
    });
  }
}
