// `npm run bench`: runs every benchmark in one process on this machine and writes
// docs/BENCHMARKS.md with the machine, the date, each result and its baseline from the same run.
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { benchFormats } from './formats.js';
import { benchKernel } from './kernel.js';
import { benchNomicV } from './nomic-v.js';
import { benchServer } from './server.js';
import { benchStorage, type BenchResult } from './storage.js';

const suites: Array<[string, () => Promise<BenchResult[]>]> = [
  ['storage', () => benchStorage()],
  ['kernel', () => benchKernel()],
  ['formats', () => benchFormats()],
  ['nomic-v', () => benchNomicV()],
  ['server', () => benchServer()],
];

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(2));
const rows: string[] = [];
for (const [suite, run] of suites) {
  process.stderr.write(`bench ${suite}...\n`);
  for (const r of await run()) {
    const ratio = r.baseline ? `${(r.value / r.baseline.value).toFixed(3)}` : '';
    rows.push(`| ${r.name} | ${fmt(r.value)} ${r.unit} | ${r.baseline ? `${r.baseline.name}: ${fmt(r.baseline.value)} ${r.baseline.unit}` : '—'} | ${ratio} | ${r.note ?? ''} |`);
    console.log(rows[rows.length - 1]);
  }
}
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}`;
writeFileSync('docs/BENCHMARKS.md', [
  '# Benchmarks', '',
  'Written by `npm run bench` in one run; every figure beside its baseline measured in the same run on the same machine.', '',
  `- date: ${new Date().toISOString()}`, `- machine: ${machine}`, '',
  '| benchmark | result | baseline (same run) | ratio | notes |', '|---|---|---|---|---|', ...rows, '',
].join('\n'));
console.log('wrote docs/BENCHMARKS.md');
process.exit(0); // sockets and pools of the server benchmark may linger
