// Type-checks a rule's code against the rule API (src/kernel/rule-api.ts) with the TypeScript
// compiler, for the web app's code editor. The kernel itself only transpiles rule code; this tells
// an author about type errors before they propose it. TypeScript is loaded on first use; where it
// is not installed the check says so rather than failing.
import { readFileSync } from 'node:fs';
import { dirname, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CodeDiagnostic {
  line: number;
  column: number;
  message: string;
}

export interface CodeCheck {
  available: boolean;
  diagnostics: CodeDiagnostic[];
}

const KERNEL = fileURLToPath(new URL('../kernel/', import.meta.url));
const RULE_FILE = '/rule.ts';
/** Every module specifier that means "the rule API" in rule code. */
const API_NAMES = /(^nomicon$|rule-api(\.js|\.ts)?$)/;

let kernelFiles: Map<string, string> | undefined;

function virtualKernel(): Map<string, string> {
  kernelFiles ??= new Map(['rule-api.ts', 'types.ts', 'changes.ts'].map((f) => [`/kernel/${f}`, readFileSync(`${KERNEL}${f}`, 'utf8')]));
  return kernelFiles;
}

type TS = typeof import('typescript');
let loaded: Promise<TS | undefined> | undefined;

function typescript(): Promise<TS | undefined> {
  loaded ??= import('typescript').then((m) => (m.default ?? m) as TS).catch(() => undefined);
  return loaded;
}

export async function checkRuleCode(code: string): Promise<CodeCheck> {
  const ts = await typescript();
  if (!ts) return { available: false, diagnostics: [] };
  const files = new Map(virtualKernel());
  files.set(RULE_FILE, code);
  const options: import('typescript').CompilerOptions = {
    strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler, lib: ['lib.es2022.d.ts'], types: [], skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const realGetSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, onError, fresh) => {
    const text = files.get(name);
    if (text !== undefined) return ts.createSourceFile(name, text, language, true);
    return realGetSourceFile(name, language, onError, fresh);
  };
  const realFileExists = host.fileExists.bind(host);
  host.fileExists = (name) => files.has(name) || realFileExists(name);
  const realReadFile = host.readFile.bind(host);
  host.readFile = (name) => files.get(name) ?? realReadFile(name);
  host.resolveModuleNames = (names, containing) => names.map((name) => {
    const target = API_NAMES.test(name) ? '/kernel/rule-api.ts'
      : name.startsWith('.') ? posix.join(dirname(containing), name).replace(/\.js$/, '.ts') : undefined;
    return target && files.has(target) ? { resolvedFileName: target, extension: ts.Extension.Ts, isExternalLibraryImport: false } : undefined;
  });
  const program = ts.createProgram({ rootNames: [RULE_FILE], options, host });
  const diagnostics = ts.getPreEmitDiagnostics(program)
    .filter((d) => !d.file || d.file.fileName === RULE_FILE)
    .map((d) => {
      const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : { line: 0, character: 0 };
      return { line: at.line + 1, column: at.character + 1, message: ts.flattenDiagnosticMessageText(d.messageText, '\n') };
    });
  return { available: true, diagnostics };
}
