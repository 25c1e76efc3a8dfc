// Benchmark of the ruleset importer (rules/s on each seed, with a plain line split of the same text as baseline)
// and of the proposal parser.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importRuleset } from '../src/formats/import.js';
import { formatChanges, parseProposal } from '../src/formats/proposal.js';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number; unit: string };
  note?: string;
}

const SEEDS_DIR = process.env.NOMICON_SEEDS ?? fileURLToPath(new URL('../seeds/', import.meta.url));

const NAMES: Record<string, string> = {
  '000': 'Nomic I',
  '001': 'Nomic V',
  '002': 'Gnomic',
  '003': 'DocNomic',
  '004': 'B Nomic',
};

/** Run `work` repeatedly for at least `minMs` (after a warm-up) and return runs per second. */
function rate(work: () => unknown, minMs = 400): number {
  for (let i = 0; i < 5; i++) work();
  let runs = 0;
  const start = performance.now();
  let elapsed = 0;
  let sink = 0;
  while (elapsed < minMs || runs < 10) {
    const r = work();
    if (Array.isArray(r)) sink += r.length;
    runs++;
    elapsed = performance.now() - start;
  }
  if (sink < 0) console.log(sink); // keep the baseline's result alive
  return (runs * 1000) / elapsed;
}

const round = (n: number) => Math.round(n);

export async function benchFormats(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const files = readdirSync(SEEDS_DIR).filter((f) => f.endsWith('.txt')).sort();
  let largest: { file: string; size: number } | undefined;
  for (const file of files) {
    const path = join(SEEDS_DIR, file);
    const size = statSync(path).size;
    if (!largest || size > largest.size) largest = { file, size };
  }
  for (const file of files) {
    const text = readFileSync(join(SEEDS_DIR, file), 'utf8');
    const rules = importRuleset(text).rules.length;
    const label = NAMES[file.slice(0, 3)] ?? file;
    const importsPerSec = rate(() => importRuleset(text));
    const splitsPerSec = rate(() => text.split('\n'));
    const isLargest = file === largest?.file;
    results.push({
      name: `formats: import ${label} (${rules} rules, ${Math.round(text.length / 1024)} KiB)${isLargest ? ' [largest seed]' : ''}`,
      value: round(importsPerSec * rules),
      unit: 'rules/s',
      baseline: { name: 'split the same text into lines', value: round(splitsPerSec * rules), unit: 'rules/s' },
      note: `${(1000 / importsPerSec).toFixed(2)} ms per import; the baseline does no parsing, so it bounds what any line-based importer can reach`,
    });
  }
  // proposals: a mixed proposal of every kind, parsed repeatedly
  const proposal = formatChanges([
    { amend: { rule: '203', replace: [{ from: '24 hours', to: '36 hours' }] } },
    { enact: { title: 'Points for passing', text: 'A player whose proposal is adopted gains 10 points.\n\nPoints are public.' } },
    { repeal: { rule: '216' } },
    { transmute: { rule: '109', mutable: true } },
    { retitle: { rule: '6', title: 'Precedence' } },
    { set: { rule: '4E75', attribute: 'power', value: 0.75 } },
    { amend: { rule: '201', append: 'Proposals expire after a week.' } },
  ]);
  const changes = parseProposal(proposal).changes.length;
  const parsesPerSec = rate(() => parseProposal(proposal));
  results.push({
    name: `formats: parse a ${changes}-change proposal (${proposal.length} chars)`,
    value: round(parsesPerSec * changes),
    unit: 'changes/s',
    baseline: { name: 'split the same text into sentences', value: round(rate(() => proposal.split(/(?<=[.;])\s+/)) * changes), unit: 'changes/s' },
  });
  return results;
}

// `tsx bench/formats.ts` prints the results on its own
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const r of await benchFormats()) {
    console.log(`${r.name}: ${r.value} ${r.unit}${r.baseline ? ` (baseline ${r.baseline.name}: ${r.baseline.value} ${r.baseline.unit})` : ''}`);
  }
}
