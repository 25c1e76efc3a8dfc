// The format commands (import, export, parse-proposal) and the purity of the proposal parser.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { build } from 'esbuild';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerFormatCommands } from '../../src/cli/commands/formats.js';
import { SEED_FILES, SEEDS_DIR } from './helpers.js';

async function run(...args: string[]): Promise<{ out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(`${a.join(' ')}\n`));
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(`${a.join(' ')}\n`));
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out.push(String(chunk));
    return true;
  });
  const program = new Command().exitOverride();
  registerFormatCommands(program);
  await program.parseAsync(['node', 'nomicon', ...args]);
  vi.restoreAllMocks();
  return { out: out.join(''), err: err.join('') };
}

afterEach(() => vi.restoreAllMocks());

const seedPath = (f: string) => join(SEEDS_DIR, f);

describe('nomicon import', () => {
  it('prints a summary with the warnings', async () => {
    const { out } = await run('import', seedPath(SEED_FILES.bnomic));
    expect(out).toContain('68 rules, layout rule-inline-title, "Google cache: the B Nomic Ruleset, as of 26 May 2008"');
    expect(out).toContain('sections: Foundation (8); Time (4);');
    expect(out).toContain('4 warnings:\n  line 1: mailing-list archive header');
    expect(out).toContain('line 1721: mailing-list footer after rule 4E0');
  });

  it('--format json (or --json) prints the structured ruleset', async () => {
    for (const flags of [['--format', 'json'], ['--json']]) {
      const { out } = await run('import', seedPath(SEED_FILES.nomicV), ...flags);
      const rs = JSON.parse(out) as { rules: { number: string; mutable: boolean; text: string; history: string[] }[]; warnings: unknown[] };
      expect(rs.rules).toHaveLength(32);
      expect(rs.rules[0]).toMatchObject({ number: '101', mutable: false, history: [] });
      expect(Object.keys(rs.rules[0]!).slice(0, 5)).toEqual(['number', 'title', 'mutable', 'text', 'history']);
      expect(rs.warnings).toEqual([]);
    }
  });

  it('--format with a layout name forces the input layout; an unknown one is an error', async () => {
    const { out } = await run('import', seedPath(SEED_FILES.docnomic), '--format', 'rule');
    expect(out).toContain(': 0 rules, layout');
    await expect(run('import', seedPath(SEED_FILES.docnomic), '--format', 'pdf')).rejects.toThrow('unknown --format "pdf"');
  });
});

describe('nomicon export', () => {
  it('--to markdown / flr / text writes the ruleset; warnings go to stderr', async () => {
    const md = await run('export', seedPath(SEED_FILES.gnomic), '--to', 'markdown');
    expect(md.out).toContain('## Rule 101 (Immutable): Follow the rules.\n');
    expect(md.err).toContain('warning: line 212: rule 322: header repeated');
    const flr = await run('export', seedPath(SEED_FILES.gnomic), '--format', 'flr');
    expect(flr.out).toContain('Rule 303/0 (void: conflicting rule)\nMay they wait until they\'re dead.\n');
    const text = await run('export', seedPath(SEED_FILES.nomicV), '--to', 'text');
    expect(text.out).toBe(`${readFileSync(seedPath(SEED_FILES.nomicV), 'utf8')}\n`);
    await expect(run('export', seedPath(SEED_FILES.nomicV), '--to', 'pdf')).rejects.toThrow('unknown export format "pdf"');
  });
});

describe('nomicon parse-proposal', () => {
  it('prints the changes as JSON, from the argument or a file', async () => {
    const { out } = await run('parse-proposal', 'Amend Rule 203 by replacing "24 hours" with "36 hours".');
    expect(JSON.parse(out)).toEqual({ changes: [{ amend: { rule: '203', replace: [{ from: '24 hours', to: '36 hours' }] } }], notes: [] });
    const dir = mkdtempSync(join(tmpdir(), 'nomicon-prop-'));
    writeFileSync(join(dir, 'p.txt'), '1. Repeal Rule 216.\n2. Transmute Rule 109.\n');
    const fromFile = await run('parse-proposal', '--file', join(dir, 'p.txt'));
    expect(JSON.parse(fromFile.out).changes).toEqual([{ repeal: { rule: '216' } }, { transmute: { rule: '109' } }]);
    await expect(run('parse-proposal')).rejects.toThrow('parse-proposal needs the proposal text');
  });
});

describe('the proposal parser can run in the sandbox', () => {
  const source = fileURLToPath(new URL('../../src/formats/proposal.ts', import.meta.url));

  it('imports nothing but types', () => {
    const imports = readFileSync(source, 'utf8').match(/^import .*$/gm) ?? [];
    expect(imports.length).toBeGreaterThan(0);
    for (const line of imports) expect(line).toMatch(/^import type /);
    expect(readFileSync(source, 'utf8')).not.toMatch(/\brequire\(|from 'node:|process\.|globalThis/);
  });

  it('bundles on its own into code with no imports', async () => {
    const result = await build({ entryPoints: [source], bundle: true, write: false, format: 'esm', platform: 'neutral', logLevel: 'silent' });
    const code = result.outputFiles[0]!.text;
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).toContain('parseProposal');
  });
});
