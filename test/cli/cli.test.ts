// The `nomicon` command as people run it: a child process per command, on a temporary data folder.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/nomicon.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'nomicon-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function nomicon(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: dir, env: { ...process.env, DATABASE_URL: '' } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('nomicon scenario', () => {
  it('passes a good scenario and ends with the summary line', async () => {
    const file = fileURLToPath(new URL('../fixtures/scenarios/nomic-v-first-vote.yaml', import.meta.url));
    const run = await nomicon('scenario', file);
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('1 passed, 0 failed');
  });

  it('reports the file, the step, what was expected and what was found, and exits 1', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, [
      'name: wrong expectations',
      'game: {preset: nomic-v, players: [alice]}',
      'steps:',
      '  - check: {player/alice.points: 5}',
      '  - {as: alice, do: fly}',
    ].join('\n'));
    const garbage = join(dir, 'garbage.yaml');
    writeFileSync(garbage, 'steps: 3\n');
    const run = await nomicon('scenario', bad, garbage);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`${bad} step 0: player/alice.points: expected 5, found 0`);
    expect(run.stdout).toContain(`${bad} step 1: alice fly {}: expected ok, found refused: no rule defines the action "fly"`);
    expect(run.stdout).toContain(`${garbage} step (game): not a scenario`);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('0 passed, 2 failed');
  });
});

describe('nomicon games', () => {
  it('creates a game, acts in it, reads its state and log, and verifies its replay', async () => {
    const created = await nomicon('new', '--preset', 'nomic-v', '--id', 'g1', '--players', 'alice,bob', '--start', '2026-01-05T00:00:00Z');
    expect(created.stdout.trim()).toBe('g1');
    const act = await nomicon('act', 'g1', 'alice', 'propose', '--args', JSON.stringify({ title: 'T', text: 'Repeal Rule 216.' }), '--at', '2026-01-05T01:00:00Z');
    expect(JSON.parse(act.stdout)).toMatchObject({ status: 'ok', result: 'proposal/1' });
    const refused = await nomicon('act', 'g1', 'carol', 'propose', '--args', '{"text":"x"}', '--at', '2026-01-05T02:00:00Z');
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stdout).message).toContain('only players');
    expect(JSON.parse((await nomicon('state', 'g1', 'proposal/1.author')).stdout)).toBe('alice');
    const log = await nomicon('log', 'g1');
    expect(log.stdout).toContain('alice propose');
    expect(log.stdout).toContain('refused: only players');
    const replay = await nomicon('replay', 'g1', '--verify');
    expect(JSON.parse(replay.stdout)).toMatchObject({ ok: true, entries: 3 });
    const bad = await nomicon('act', 'g1', 'alice', 'vote', '--args', 'not json');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--args must be a JSON object');
  });
});
