// A real IMAP server for the tests: Debian's dovecot on 127.0.0.1, with its own configuration, users and maildirs in a temporary folder; it dies with the test process.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export const DOVECOT = process.env.NOMICON_DOVECOT ?? '/usr/sbin/dovecot';

/** Why the IMAP tests cannot run here, or undefined when they can. */
export function dovecotMissing(): string | undefined {
  if (!existsSync(DOVECOT)) return `${DOVECOT} is missing (npm run setup installs Debian's dovecot-imapd where apt-get is available)`;
  return undefined;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok, fail) => server.once('error', fail).listen(0, '127.0.0.1', () => ok()));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((ok) => server.close(() => ok()));
  return port;
}

/** Resolves once the server greets on `port`. */
async function greets(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (result: boolean) => {
      socket.destroy();
      ok(result);
    };
    socket.once('data', (data) => done(data.toString().startsWith('* OK')));
    socket.once('error', () => done(false));
    socket.setTimeout(2_000, () => done(false));
  });
}

export interface Dovecot {
  host: string;
  port: number;
  dir: string;
  /** The log dovecot wrote (for a failing test's message). */
  log(): string;
  /** Drops every IMAP connection of `user` (doveadm kick), as a server restart would. */
  kick(user: string): void;
  stop(): Promise<void>;
}

function uidOf(name: string): { uid: number; gid: number } | undefined {
  try {
    return { uid: Number(execFileSync('id', ['-u', name]).toString().trim()), gid: Number(execFileSync('id', ['-g', name]).toString().trim()) };
  } catch {
    return undefined;
  }
}

/**
 * Starts dovecot for `users` (name -> password). As root its mail processes run as nobody (dovecot
 * refuses mail access as root), otherwise everything runs as the current user.
 */
export async function startDovecot(users: Record<string, string>): Promise<Dovecot> {
  const dir = mkdtempSync(join(tmpdir(), 'nomicon-dovecot-'));
  chmodSync(dir, 0o755); // the login and mail processes run as other users when started by root
  const root = process.getuid?.() === 0;
  const me = userInfo();
  const group = root ? '' : execFileSync('id', ['-gn']).toString().trim();
  const mailUser = root ? uidOf('nobody') ?? { uid: 65534, gid: 65534 } : { uid: me.uid, gid: me.gid };
  const port = await freePort();
  const mail = join(dir, 'mail');
  mkdirSync(mail);
  if (root) chownSync(mail, mailUser.uid, mailUser.gid);
  const passwd = join(dir, 'passwd');
  writeFileSync(passwd, Object.entries(users).map(([user, pass]) => `${user}:{PLAIN}${pass}:${mailUser.uid}:${mailUser.gid}::${mail}/${user}::\n`).join(''), { mode: 0o644 });
  const logFile = join(dir, 'dovecot.log');
  const conf = join(dir, 'dovecot.conf');
  writeFileSync(conf, [
    `base_dir = ${dir}/run`,
    `state_dir = ${dir}/state`,
    `log_path = ${logFile}`,
    `info_log_path = ${logFile}`,
    'protocols = imap',
    'listen = 127.0.0.1',
    'ssl = no',
    'disable_plaintext_auth = no',
    'auth_mechanisms = plain login',
    `mail_location = maildir:${mail}/%u`,
    `first_valid_uid = ${Math.min(mailUser.uid, 500)}`,
    `first_valid_gid = ${Math.min(mailUser.gid, 500)}`,
    ...(root ? [] : [`default_login_user = ${me.username}`, `default_internal_user = ${me.username}`, `default_internal_group = ${group}`]),
    `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${passwd}\n}`,
    `userdb {\n  driver = passwd-file\n  args = username_format=%u ${passwd}\n}`,
    `service imap-login {\n  chroot =\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
    'service anvil {\n  chroot =\n}',
    '',
  ].join('\n'), { mode: 0o644 });
  // A shell between the test and dovecot: when the test process goes, however it goes, its end of
  // the pipe closes, `read` returns and dovecot is stopped.
  const keeper: ChildProcess = spawn('/bin/sh', ['-c', `"$0" -F -c "$1" </dev/null >>"$2" 2>&1 & d=$!; trap 'kill -TERM $d 2>/dev/null; wait $d' EXIT; read _ || true`, DOVECOT, conf, logFile], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  const exited = new Promise<void>((ok) => keeper.once('exit', () => ok()));
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '(no log)');
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    keeper.stdin?.end();
    const timer = setTimeout(() => keeper.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  while (!(await greets(port))) {
    if (Date.now() > deadline || keeper.exitCode !== null) {
      const text = log();
      await stop();
      throw new Error(`dovecot did not start on 127.0.0.1:${port}:\n${text}`);
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  const kick = (user: string) => void execFileSync(join(DOVECOT, '..', '..', 'bin', 'doveadm'), ['-c', conf, 'kick', user], { stdio: 'pipe' });
  return { host: '127.0.0.1', port, dir, log, kick, stop };
}
