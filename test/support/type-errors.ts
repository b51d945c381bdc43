import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as ts from 'typescript';

const ROOT = resolve(__dirname, '../..');

/**
 * The TypeScript errors of `source` compiled on its own (strict, the project's path aliases), for specs that prove
 * a type-level check fails the build. Imports in `source` name modules by absolute path or alias.
 */
export function typeErrors(source: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'type-errors-'));
  try {
    const file = join(dir, 'fixture.ts');
    writeFileSync(file, source);
    const program = ts.createProgram([file], {
      strict: true,
      strictPropertyInitialization: false, // as tsconfig.json: DTO fields are filled by class-transformer
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      skipLibCheck: true,
      baseUrl: ROOT,
      paths: { '@app/domain/*': ['libs/domain/src/*'] },
      types: [],
    });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The path of a module for a fixture's import (forward slashes on every system). */
export function importPath(path: string): string {
  return path.replace(/\\/g, '/');
}
