// `nomicon serve`: the HTTP server and web app on SQLite in the data folder, or on PostgreSQL when
// DATABASE_URL is set; fires the timers missed while it was down, then keeps them on time.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { buildServer } from '../../server/app.js';
import { openEventStore } from '../../storage/index.js';

export function registerServeCommand(program: Command): void {
  program.command('serve')
    .description('run the server and web app (SQLite in the data folder; PostgreSQL when DATABASE_URL is set)')
    .option('--port <n>', 'port to listen on', process.env.PORT ?? '8080')
    .option('--host <host>', 'address to listen on', process.env.HOST ?? '0.0.0.0')
    .option('--data <dir>', 'data folder (SQLite file nomicon.db inside); DATABASE_URL wins when set', 'data')
    .option('--secure-cookies', 'mark session cookies Secure (when served over HTTPS)')
    .action(async (opts: { port: string; host: string; data: string; secureCookies?: boolean }) => {
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, not "${opts.port}"`);
      const url = process.env.DATABASE_URL?.trim() || undefined;
      const { store, database } = await openEventStore({ url, dataDir: resolve(opts.data) });
      if (!database) throw new Error('the server needs a database (SQLite or PostgreSQL)');
      const app = await buildServer({
        store, database,
        scheduler: true,
        shared: database.capabilities.concurrentConnections,
        secureCookies: opts.secureCookies ?? false,
        logger: { level: process.env.LOG_LEVEL ?? 'info' },
      });
      const stop = async (signal: string) => {
        app.log.info(`${signal}: shutting down`);
        await app.close();
        await store.close();
        process.exit(0);
      };
      process.once('SIGINT', () => void stop('SIGINT'));
      process.once('SIGTERM', () => void stop('SIGTERM'));
      const address = await app.listen({ port, host: opts.host });
      app.log.info(`nomicon: serving on ${address.replace('0.0.0.0', 'localhost')} with ${database.dialect} (${database.location})`);
    });
}
