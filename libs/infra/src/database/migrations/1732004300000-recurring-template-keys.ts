import { MigrationInterface, QueryRunner } from 'typeorm';

type Rename = (key: string) => string;

// A migration keeps its own copy of the renaming: it must do tomorrow what it does today.
const toCamel: Rename = (key) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const toSnake: Rename = (key) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function renamed(value: unknown, rename: Rename): unknown {
  if (Array.isArray(value)) return value.map((v) => renamed(v, rename));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [rename(k), renamed(v, rename)]));
}

/**
 * A recurring profile's `template` is the invoice command the domain takes (camelCase keys: `lrNumber`,
 * `items[].taxRate`), no longer the request body it came from (`lr_number`, `items[].tax_rate`); the API shows it
 * in snake_case as before. Rewrites the stored templates, 500 rows at a time.
 */
export class RecurringTemplateKeys1732004300000 implements MigrationInterface {
  name = 'RecurringTemplateKeys1732004300000';

  async up(q: QueryRunner): Promise<void> {
    await this.rewrite(q, toCamel);
  }

  async down(q: QueryRunner): Promise<void> {
    await this.rewrite(q, toSnake);
  }

  private async rewrite(q: QueryRunner, rename: Rename): Promise<void> {
    let after = 0;
    for (;;) {
      const rows = (await q.query('SELECT id, template FROM recurring_invoices WHERE id > ? ORDER BY id LIMIT 500', [after])) as {
        id: number;
        template: string | object;
      }[];
      if (rows.length === 0) return;
      for (const row of rows) {
        await q.query('UPDATE recurring_invoices SET template = ? WHERE id = ?', [
          JSON.stringify(renamed(typeof row.template === 'string' ? JSON.parse(row.template) : row.template, rename)),
          row.id,
        ]);
      }
      after = Number(rows[rows.length - 1].id);
    }
  }
}
