// Format commands: `import FILE-OR-FOLDER`, `export FILE --to F`, `parse-proposal TEXT|--file F`.
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { exportRuleset } from '../../formats/export.js';
import { importRulesetPath } from '../../formats/files.js';
import { IMPORT_FORMATS } from '../../formats/import.js';
import { parseProposal } from '../../formats/proposal.js';
import { EXPORT_FORMATS, type ExportFormat, type ImportedRuleset } from '../../formats/ruleset.js';

const OUTPUTS = ['summary', 'json'] as const;

/** `--format json` asks for JSON output; any other known layout name forces the input layout. */
function splitFormat(format: string | undefined, from: string | undefined, json: boolean | undefined): { input?: string; output: 'summary' | 'json' } {
  let output: 'summary' | 'json' = json ? 'json' : 'summary';
  let input = from;
  if (format !== undefined) {
    const f = format.toLowerCase();
    if ((OUTPUTS as readonly string[]).includes(f)) output = f as 'summary' | 'json';
    else if ((IMPORT_FORMATS as readonly string[]).includes(f)) input ??= f;
    else throw new Error(`unknown --format "${format}": use json or summary for the output, or one of ${IMPORT_FORMATS.join(', ')} for the input layout`);
  }
  return { input, output };
}

export function summarize(rs: ImportedRuleset, source: string): string {
  const lines: string[] = [];
  lines.push(`${source}: ${rs.rules.length} rule${rs.rules.length === 1 ? '' : 's'}, layout ${rs.format}${rs.title ? `, "${rs.title}"` : ''}`);
  if (rs.sections.length > 0) lines.push(`sections: ${rs.sections.map((s) => `${s.title} (${s.rules.length})`).join('; ')}`);
  const mutable = rs.rules.filter((r) => r.mutable === true).length;
  const immutable = rs.rules.filter((r) => r.mutable === false).length;
  const powered = rs.rules.filter((r) => r.power !== undefined).length;
  const facts: string[] = [];
  if (mutable + immutable > 0) facts.push(`${immutable} immutable, ${mutable} mutable`);
  if (powered > 0) facts.push(`${powered} with a power`);
  const withHistory = rs.rules.filter((r) => r.history.length > 0).length;
  if (withHistory > 0) facts.push(`${withHistory} with history`);
  const withStatus = rs.rules.filter((r) => r.status !== undefined).length;
  if (withStatus > 0) facts.push(`${withStatus} with a status note`);
  if (facts.length) lines.push(facts.join(', '));
  if (rs.rules.length > 0) {
    const numbers = rs.rules.map((r) => r.number);
    lines.push(`rules: ${numbers.length > 12 ? `${numbers.slice(0, 6).join(', ')}, ..., ${numbers.slice(-3).join(', ')}` : numbers.join(', ')}`);
  }
  lines.push(rs.warnings.length === 0 ? 'no warnings' : `${rs.warnings.length} warning${rs.warnings.length === 1 ? '' : 's'}:`);
  for (const w of rs.warnings) lines.push(`  ${w.line > 0 ? `line ${w.line}: ` : ''}${w.message}`);
  return lines.join('\n');
}

export function registerFormatCommands(program: Command): void {
  program
    .command('import')
    .description('read a ruleset (any layout: "Rule 101", "0. Title", markdown, Agora FLR/SLR, YAML, JSON; a file or a folder) and print a summary with warnings, or the structured ruleset as JSON')
    .argument('<path>', 'ruleset file or folder')
    .option('--format <f>', `json | summary (output), or an input layout: ${IMPORT_FORMATS.join(', ')}`)
    .option('--from <layout>', 'force the input layout instead of detecting it')
    .option('--json', 'print the structured ruleset as JSON (same as --format json)')
    .action((path: string, opts: { format?: string; from?: string; json?: boolean }) => {
      const { input, output } = splitFormat(opts.format, opts.from, opts.json);
      const rs = importRulesetPath(path, { format: input });
      if (output === 'json') process.stdout.write(exportRuleset(rs, 'json'));
      else console.log(summarize(rs, path));
    });

  program
    .command('export')
    .description('read a ruleset and write it as json, markdown, text (its own layout), flr or slr')
    .argument('<path>', 'ruleset file or folder')
    .option('--to <format>', EXPORT_FORMATS.join(' | '))
    .option('--format <format>', 'same as --to')
    .option('--from <layout>', 'force the input layout instead of detecting it')
    .action((path: string, opts: { to?: string; format?: string; from?: string }) => {
      const to = (opts.to ?? opts.format ?? 'text').toLowerCase();
      if (!(EXPORT_FORMATS as readonly string[]).includes(to)) throw new Error(`unknown export format "${to}"; expected one of ${EXPORT_FORMATS.join(', ')}`);
      const rs = importRulesetPath(path, { format: opts.from });
      for (const w of rs.warnings) console.error(`warning: ${w.line > 0 ? `line ${w.line}: ` : ''}${w.message}`);
      process.stdout.write(exportRuleset(rs, to as ExportFormat));
    });

  program
    .command('parse-proposal')
    .description('turn a proposal written in English into typed rule-changes (JSON)')
    .argument('[text...]', 'the proposal text (or use --file)')
    .option('--file <file>', 'read the proposal from a file ("-" for standard input)')
    .action((words: string[], opts: { file?: string }) => {
      let text: string;
      if (opts.file !== undefined) text = readFileSync(opts.file === '-' ? 0 : opts.file, 'utf8');
      else if (words.length > 0) text = words.join(' ');
      else throw new Error('parse-proposal needs the proposal text as an argument or --file FILE');
      console.log(JSON.stringify(parseProposal(text), null, 2));
    });
}
