// Runs scenario files as vitest cases, printing each failed step so a red test says why.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runScenarioFile } from '../../src/engine/scenario.js';

export function scenarioFiles(dir: string): string[] {
  return readdirSync(dir).filter((f) => /\.(ya?ml|json)$/.test(f)).sort().map((f) => join(dir, f));
}

export function itRunsScenarios(files: string[]): void {
  for (const file of files) {
    it(`scenario ${file.split('/').slice(-2).join('/')}`, async () => {
      const result = await runScenarioFile(file);
      const failures = result.failures.map((f) => `step ${f.step}: ${f.message}`).join('\n');
      expect(failures).toBe('');
      expect(result.passed).toBe(true);
    });
  }
}
