// `nomicon scenario FILE...`: runs scenarios and ends with the line `N passed, M failed`.
import type { Command } from 'commander';
import { runScenarioFile } from '../../engine/scenario.js';

export function registerScenarioCommand(program: Command): void {
  program
    .command('scenario')
    .description('run game scenarios (YAML or JSON, format in docs/SCENARIOS.md); exits 0 only if every check holds')
    .argument('<files...>', 'scenario files')
    .option('-q, --quiet', 'print only failures and the summary')
    .action(async (files: string[], opts: { quiet?: boolean }) => {
      let passed = 0;
      let failed = 0;
      for (const file of files) {
        const result = await runScenarioFile(file);
        if (result.passed) {
          passed++;
          if (!opts.quiet) console.log(`ok   ${file}: ${result.name}`);
          continue;
        }
        failed++;
        console.log(`FAIL ${file}: ${result.name}`);
        for (const f of result.failures) console.log(`  ${file} step ${f.step < 0 ? '(game)' : f.step}: ${f.message}`);
      }
      console.log(`${passed} passed, ${failed} failed`);
      if (failed > 0) process.exitCode = 1;
    });
}
