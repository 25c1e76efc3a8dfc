// `nomicon mail`: run the e-mail gateway (SMTP or IMAP in, SMTP out) for the games a fronts configuration file maps; personal addresses, link codes, reports.
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { loadFrontsConfig, type FrontsConfig } from '../../adapters/config.js';
import { openFrontHost } from '../../adapters/host.js';
import { LinkStore } from '../../adapters/links.js';
import { personalAddress } from '../../adapters/mail/addresses.js';
import { MailGateway } from '../../adapters/mail/gateway.js';
import { smtpSender } from '../../adapters/mail/send.js';
import { reportText } from '../../adapters/render.js';

const CONFIG_HELP = 'the fronts configuration (JSON; see docs/MAIL.md)';

function log(message: string, error?: unknown): void {
  console.error(`nomicon mail: ${message}${error ? `: ${(error as Error)?.message ?? String(error)}` : ''}`);
}

function secretOf(config: FrontsConfig): string {
  const secret = process.env[config.mail.secretEnv]?.trim();
  if (!secret || secret.length < 16) throw new Error(`set a secret of at least 16 characters in the environment variable ${config.mail.secretEnv} (personal addresses are signed with it; changing it changes them all)`);
  return secret;
}

function imapOf(config: FrontsConfig) {
  const imap = config.mail.imap;
  if (!imap) return undefined;
  const pass = process.env[imap.passEnv];
  if (!pass) throw new Error(`set the password of the IMAP mailbox ${imap.user}@${imap.host} in the environment variable ${imap.passEnv}`);
  return { host: imap.host, port: imap.port, secure: imap.secure, user: imap.user, pass, mailbox: imap.mailbox, pollMs: imap.pollSeconds * 1000, idle: imap.idle };
}

function relayOf(config: FrontsConfig) {
  const send = config.mail.send;
  if (!send) throw new Error('the configuration has no mail.send relay: say where outgoing mail goes ({"host": ..., "port": 587})');
  const user = send.userEnv ? process.env[send.userEnv] : undefined;
  const pass = send.passEnv ? process.env[send.passEnv] : undefined;
  return smtpSender({ host: send.host, port: send.port, secure: send.secure, ...(user && pass ? { auth: { user, pass } } : {}) });
}

export function registerMailCommand(program: Command): void {
  const mail = program.command('mail').description('the e-mail gateway: list mail in over SMTP or IMAP, game news, forum and reports out (docs/MAIL.md)');

  mail.command('run', { isDefault: true })
    .description('run the gateway: an SMTP server for the lists\' addresses and/or an IMAP mailbox, outgoing mail through the configured relay')
    .requiredOption('--config <file>', CONFIG_HELP)
    .option('--scheduler', 'also fire the games\' timers on time (only when no `nomicon serve` runs them)')
    .action(async (opts: { config: string; scheduler?: boolean }) => {
      const config = loadFrontsConfig(opts.config);
      const games = config.games.filter((g) => g.mail);
      if (games.length === 0) throw new Error(`${opts.config} gives no game a list (add a "mail" section)`);
      const secret = secretOf(config);
      const relay = relayOf(config);
      const imap = imapOf(config);
      if (config.mail.listen === false && !imap) throw new Error('with "listen": false, give mail.imap: the gateway needs a way to receive mail');
      const host = await openFrontHost({ ...config, games }, { databaseUrl: process.env.DATABASE_URL?.trim() || undefined, log });
      if (opts.scheduler) host.schedule();
      const tls = config.mail.tls ? { key: readFileSync(config.mail.tls.key), cert: readFileSync(config.mail.tls.cert) } : undefined;
      const gateway = new MailGateway({
        games: games.map((g) => ({ id: g.game, port: host.ports.get(g.game)!, mail: g.mail! })),
        links: host.links, secret, send: relay.send, statePath: config.mail.state, listen: config.mail.listen, ...(tls ? { tls } : {}), ...(imap ? { imap } : {}), log,
      });
      const address = await gateway.start();
      const lists = games.map((g) => g.mail!.list).join(', ');
      if (address.port) log(`listening for ${lists} on ${address.host}:${address.port}`);
      if (imap) log(`reading mail for ${lists} from imap://${imap.user}@${imap.host}:${imap.port}/${imap.mailbox}`);
      const stop = async (signal: string) => {
        log(`${signal}: stopping`);
        await gateway.stop();
        relay.close();
        await host.close();
        process.exit(0);
      };
      process.once('SIGINT', () => void stop('SIGINT'));
      process.once('SIGTERM', () => void stop('SIGTERM'));
    });

  mail.command('address')
    .description('print a person\'s personal list address (what they write to; keep it private)')
    .argument('<game>').argument('<person>')
    .requiredOption('--config <file>', CONFIG_HELP)
    .action((gameId: string, person: string, opts: { config: string }) => {
      const config = loadFrontsConfig(opts.config);
      const game = config.games.find((g) => g.game === gameId && g.mail);
      if (!game) throw new Error(`game "${gameId}" has no list in ${opts.config}`);
      console.log(personalAddress(game.mail!.list, secretOf(config), game.game, person));
    });

  mail.command('link-code')
    .description('issue a one-time code that links a mail address to a person (they mail "link CODE" to the list address)')
    .argument('<person>')
    .requiredOption('--config <file>', CONFIG_HELP)
    .option('--ttl <minutes>', 'how long the code is valid', '60')
    .action((person: string, opts: { config: string; ttl: string }) => {
      const config = loadFrontsConfig(opts.config);
      const minutes = Number(opts.ttl);
      if (!Number.isFinite(minutes) || minutes <= 0) throw new Error(`--ttl must be a number of minutes, not "${opts.ttl}"`);
      console.log(new LinkStore(config.links).issueCode(person, minutes * 60_000));
    });

  mail.command('report')
    .description('mail a report to every member now (run it from cron on the schedule the rules set)')
    .argument('<game>').argument('<report>', 'ruleset, flr, slr, tallies, roster or status')
    .requiredOption('--config <file>', CONFIG_HELP)
    .action(async (gameId: string, report: string, opts: { config: string }) => {
      const config = loadFrontsConfig(opts.config);
      const game = config.games.find((g) => g.game === gameId && g.mail);
      if (!game) throw new Error(`game "${gameId}" has no list in ${opts.config}`);
      const secret = secretOf(config);
      const host = await openFrontHost({ ...config, games: [game] }, { databaseUrl: process.env.DATABASE_URL?.trim() || undefined, pollMs: 0 });
      const relay = relayOf(config);
      try {
        const state = await host.ports.get(gameId)!.state();
        const text = reportText(state, report, report === 'ruleset' ? game.mail!.rulesetFormat : undefined, gameId);
        if (text === undefined) throw new Error(`there is no report "${report}": ruleset, flr, slr, tallies, roster, status`);
        const members = new Map<string, string[]>(Object.entries(game.mail!.members).map(([p, a]) => [p, [a]]));
        for (const person of host.links.persons('mail')) if (state.objects[`player/${person}`]) members.set(person, [...(members.get(person) ?? []), ...host.links.accounts('mail', person)]);
        const name = game.mail!.name ?? gameId;
        for (const [person, to] of members) {
          await relay.send({
            from: `"${name}" <${game.mail!.list}>`, to, replyTo: personalAddress(game.mail!.list, secret, gameId, person),
            subject: `[${name}] ${report} as of ${new Date(state.now).toISOString().slice(0, 10)}`, text: report === 'ruleset' || report === 'flr' || report === 'slr' ? `The ${report} is attached.` : text,
            ...(report === 'ruleset' || report === 'flr' || report === 'slr' ? { attachments: [{ filename: `${gameId}-${report}.txt`, content: text }] } : {}),
          });
        }
        console.log(`mailed the ${report} to ${members.size} members`);
      } finally {
        relay.close();
        await host.close();
      }
    });
}
