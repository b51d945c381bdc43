import { join } from 'node:path';
import { importPath, typeErrors } from '../../../../test/support/type-errors';

/** Compiles `body` beside a DTO and a domain command; returns its errors. */
function compile(body: string): string[] {
  return typeErrors(`import { commandFits } from '${importPath(join(__dirname, 'commands'))}';
class LineDto { tax_rate: number; item_description?: string }
class InvoiceDto { client_id: number; lr_number?: string | null; items?: LineDto[] }
interface InvoiceCommand { clientId: number; lrNumber?: string | null; items?: Array<{ taxRate: number | string; itemDescription?: string }> }
${body}
`);
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
