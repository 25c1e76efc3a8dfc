// Tests of `nomicon serve` as a process: it starts on SQLite in the data folder, serves the API and
// the web app, keeps accounts and games across a restart, and stops cleanly on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const BIN = join(process.cwd(), 'bin', 'nomicon.js');

async function start(data: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--data', data], {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start in 30 s:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving on (http:\/\/[^ "]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
  });
  return { child, url };
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('nomicon serve', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('serves the API and the web app on SQLite, and keeps everything across a restart', async () => {
    const data = mkdtempSync(join(tmpdir(), 'nomicon-serve-'));
    dirs.push(data);
    const first = await start(data);
    children.push(first.child);
    expect(await (await fetch(`${first.url}/api/health`)).json()).toEqual({ ok: true });
    expect(await (await fetch(`${first.url}/`)).text()).toContain('<main id="app">');
    const signUp = await fetch(`${first.url}/api/auth/sign-up`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'host', password: 'a long password' }) });
    expect(signUp.status).toBe(201);
    const cookie = signUp.headers.get('set-cookie')!.split(';')[0]!;
    const { csrfToken } = await signUp.json();
    const created = await fetch(`${first.url}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken }, body: JSON.stringify({ preset: 'nomic-v', id: 'kept', join: true }) });
    expect(created.status).toBe(201);
    expect(await stop(first.child)).toBe(0);

    const second = await start(data);
    children.push(second.child);
    const me = await (await fetch(`${second.url}/api/me`, { headers: { cookie } })).json();
    expect(me.account).toMatchObject({ name: 'host', admin: true });
    const players = await (await fetch(`${second.url}/api/games/kept/players`)).json();
    expect(players.players.map((p: { id: string }) => p.id)).toEqual(['host']);
    expect(await stop(second.child)).toBe(0);
  });
});
