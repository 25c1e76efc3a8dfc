import { describe, expect, it } from 'vitest';
import { bracketDepth, compileRuleCode } from '../../src/kernel/compile.js';

describe('compileRuleCode', () => {
  it('compiles TypeScript rule code to CommonJS, and says where it does not compile', () => {
    const ok = compileRuleCode('export default (api: any) => { const n: number = 1; api.log(String(n)); };');
    expect('js' in ok && ok.js).toContain('module.exports');
    const bad = compileRuleCode('export default (api) => { api.action( }');
    expect('error' in bad && bad.error).toMatch(/^line 1:/);
  });

  it('measures bracket nesting outside strings and comments, and refuses code nested too deep before compiling', () => {
    expect(bracketDepth('f(a[1], { b: [2] })')).toBe(3);
    expect(bracketDepth('const s = "((((("; // [[[[\n/* {{{{ */ x(1)')).toBe(1);
    expect(bracketDepth("const t = `((${'['}`; y()")).toBe(1);
    const deep = compileRuleCode(`export default () => ${'['.repeat(300)}${']'.repeat(300)};`);
    expect(deep).toEqual({ error: 'rule code nests brackets at most 256 levels deep' });
    const fine = compileRuleCode(`export default () => ${'['.repeat(200)}${']'.repeat(200)};`);
    expect('js' in fine).toBe(true);
  });
});
