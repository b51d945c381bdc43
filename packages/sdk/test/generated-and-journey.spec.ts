import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..', '..');
const SDK = join(ROOT, 'packages', 'sdk');

/** Casts and escapes from the type checker in a source file: `as T` (not `as const`), `<T>x`, `x!` and `any`. */
function castsIn(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const at = () => `${file.slice(ROOT.length + 1)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.getText()}`;
    if (ts.isAsExpression(node) && node.type.getText() !== 'const') found.push(at());
    if (ts.isTypeAssertionExpression(node) || ts.isNonNullExpression(node) || node.kind === ts.SyntaxKind.AnyKeyword) found.push(at());
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('SDK: generated types and the journey', () => {
  it('the committed generated files are what `npm run sdk:generate` makes of openapi/openapi.json (openapi-typescript, default options)', () => {
    const out = mkdtempSync(join(tmpdir(), 'sdk-generated-'));
    try {
      execFileSync(process.execPath, [join(SDK, 'scripts', 'generate.js'), '--out', out], { cwd: ROOT, stdio: 'pipe' });
      for (const file of ['schema.ts', 'operations.ts']) {
        const committed = readFileSync(join(SDK, 'src', 'generated', file), 'utf8');
        // A failure here means the API changed: run `npm run sdk:generate` and commit the result.
        expect([file, readFileSync(join(out, file), 'utf8') === committed]).toEqual([file, true]);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 300_000);

  it('the journey compiles with tsc --strict against the generated types, without a cast, a non-null assertion or any', () => {
    const examples = readdirSync(join(SDK, 'examples')).filter((f) => f.endsWith('.ts'));
    expect(examples).toContain('journey.ts');
    expect(examples.flatMap((f) => castsIn(join(SDK, 'examples', f)))).toEqual([]);
    const tsc = join(ROOT, 'node_modules', '.bin', 'tsc');
    execFileSync(tsc, ['-p', join(SDK, 'tsconfig.examples.json'), '--strict', '--noEmit'], { cwd: ROOT, stdio: 'pipe' });
  }, 600_000);

  it('finds the casts it is looking for', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdk-casts-'));
    try {
      const file = join(dir, 'casts.ts');
      writeFileSync(file, 'const a = 1 as number; const b = <string>"x"; const c = d!.e; let f: any; const g = [1] as const;\n');
      expect(castsIn(file).map((c) => c.split(' ').slice(1).join(' '))).toEqual(['1 as number', '<string>"x"', 'd!', 'any']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
