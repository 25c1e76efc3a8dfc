// docs/rule-api.d.ts is what scripts/build-rule-api-dts.ts generates from the kernel's sources now, and it checks rule code.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { RULE_API_DTS, ruleApiDts } from '../../scripts/build-rule-api-dts.js';

function check(rule: string): string[] {
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, lib: ['lib.es2022.d.ts'], types: [] };
  const files = new Map([['/v/rule-api.d.ts', readFileSync(RULE_API_DTS, 'utf8')], ['/v/rule.ts', rule]]);
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists } = host;
  host.getSourceFile = (name, language, ...rest) => (files.has(name) ? ts.createSourceFile(name, files.get(name)!, language) : getSourceFile.call(host, name, language, ...rest));
  host.fileExists = (name) => files.has(name) || fileExists.call(host, name);
  const program = ts.createProgram([...files.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
}

describe('docs/rule-api.d.ts', () => {
  it('is current (run: npx tsx scripts/build-rule-api-dts.ts)', () => {
    expect(readFileSync(RULE_API_DTS, 'utf8')).toBe(ruleApiDts());
  });

  it('declares the API rule code is written against', () => {
    expect(check(`import type { ActionContext, ChangeSet } from 'nomicon';
      export default (api: RuleApi) => {
        const changes: ChangeSet = [{ repeal: { rule: '3' } }];
        api.action('go', { args: { n: 'number' }, perform: (ctx: ActionContext) => api.applyChanges(changes, { cause: String(ctx.args.n) }).ok });
      };`)).toEqual([]);
  });

  it('catches mistakes in rule code', () => {
    const problems = check(`export default (api: RuleApi) => {
      api.action('go', { args: { n: 'integer' }, perform: () => api.nope() });
      api.timer({ after: 5 }, 'x');
    };`);
    expect(problems.join('\n')).toMatch(/"integer"/);
    expect(problems.join('\n')).toMatch(/nope/);
    expect(problems.join('\n')).toMatch(/after/);
  });
});
