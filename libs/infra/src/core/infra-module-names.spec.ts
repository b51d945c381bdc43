import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..');

/** Every file under libs/infra/src, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** `clients-infra.module.ts` -> `ClientsInfraModule`. */
function className(file: string): string {
  return (
    file
      .replace(/\.module\.ts$/, '')
      .split('-')
      .map((part) => part[0].toUpperCase() + part.slice(1))
      .join('') + 'Module'
  );
}

describe('infra modules are named one way', () => {
  const modules = sources(ROOT).filter((file) => /@Module\(/.test(readFileSync(file, 'utf8')));

  it('finds the modules', () => {
    expect(modules.length).toBeGreaterThan(20);
  });

  it('each is <name>-infra.module.ts with the class <Name>InfraModule, one module per file', () => {
    const wrong = modules.flatMap((file) => {
      const name = file.split('/').pop() as string;
      const text = readFileSync(file, 'utf8');
      const classes = [...text.matchAll(/@Module\([\s\S]*?\)\s*export class (\w+)/g)].map((m) => m[1]);
      const problems: string[] = [];
      if (!name.endsWith('-infra.module.ts')) problems.push(`${relative(ROOT, file)}: the file name does not end in -infra.module.ts`);
      else if (classes.length !== 1 || classes[0] !== className(name)) {
        problems.push(`${relative(ROOT, file)}: declares ${classes.join(', ') || 'no exported module class'}, expected ${className(name)}`);
      }
      return problems;
    });
    expect(wrong).toEqual([]);
  });
});
