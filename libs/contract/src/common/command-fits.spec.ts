import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as ts from 'typescript';

const ROOT = resolve(__dirname, '../../../..');

/** Compiles `body` beside a DTO and a domain command, with the project's path aliases; returns its diagnostics. */
function compile(body: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'command-fits-'));
  try {
    const file = join(dir, 'fits.ts');
    const commands = join(__dirname, 'commands').replace(/\\/g, '/');
    writeFileSync(
      file,
      `import { commandFits } from '${commands}';
class LineDto { tax_rate: number; item_description?: string }
class InvoiceDto { client_id: number; lr_number?: string | null; items?: LineDto[] }
interface InvoiceCommand { clientId: number; lrNumber?: string | null; items?: Array<{ taxRate: number | string; itemDescription?: string }> }
${body}
`,
    );
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

describe('commandFits: a DTO that does not make the domain command does not build', () => {
  it('builds when the DTO makes the command (names by the rule, types the domain takes, lines included)', () => {
    expect(compile('export const ok = commandFits<InvoiceDto, InvoiceCommand>(true);')).toEqual([]);
  }, 30_000);

  it.each([
    [
      'a field the domain lacks',
      'class Extra extends InvoiceDto { po_number?: string }\nexport const x = commandFits<Extra, InvoiceCommand>(true);',
      'fieldsTheDomainLacks',
    ],
    ['a field the body lacks', "export const x = commandFits<Omit<InvoiceDto, 'lr_number'>, InvoiceCommand>(true);", 'fieldsTheBodyLacks'],
    [
      'a type the domain refuses',
      'class Wrong { client_id: string; lr_number?: string | null; items?: LineDto[] }\nexport const x = commandFits<Wrong, InvoiceCommand>(true);',
      'typesTheDomainRefuses',
    ],
    [
      'a line field named otherwise',
      'class Line2 { taxrate: number }\nclass Doc2 { client_id: number; lr_number?: string; items?: Line2[] }\nexport const x = commandFits<Doc2, InvoiceCommand>(true);',
      'typesTheDomainRefuses',
    ],
  ])(
    'fails on %s, naming what differs',
    (_name, body, names) => {
      const problems = compile(body);
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.join('\n')).toContain(names);
    },
    30_000,
  );
});
