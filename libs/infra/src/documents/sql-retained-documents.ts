import { DocumentKind, documentKind } from '@app/domain/documents/document-kinds';
import { DRAFT_PREFIX } from '@app/domain/documents/document-numbering';
import { Database } from '../database/database';
import { DOCUMENT_TABLES } from './document-tables';

type Row = Record<string, unknown>;

/** Which documents of a kind are about to be deleted: by id, or all of one client (a client deleted with `cascade`). */
export type RetainedSelection = { ids: number[] } | { clientId: number };

/**
 * Keeps the tax documents (invoices, debit and credit notes) that hold a number of their tax series when they are
 * deleted: the API no longer shows them, but their header and lines as they were are copied to
 * `retained_tax_documents`, where GSTR-1 Table 13 counts their numbers as cancelled (rule 46(b): an issued number is
 * never freed or hidden from the tax records). Drafts that were never issued hold only a provisional number and are
 * not kept. Call inside the deleting transaction, before the rows go.
 */
export class SqlRetainedDocuments {
  constructor(private readonly db: Database) {}

  async retain(accountId: number, kind: DocumentKind, which: RetainedSelection): Promise<void> {
    if (!documentKind(kind).taxDocument) return;
    if ('ids' in which && !which.ids.length) return;
    const t = DOCUMENT_TABLES[kind];
    const manager = this.db.manager();
    const [condition, params] = 'ids' in which ? [`id IN (${which.ids.map(() => '?').join(', ')})`, which.ids] : ['client_id = ?', [which.clientId]];
    const headers = await manager.query<Row[]>(
      `SELECT * FROM \`${t.table}\` WHERE account_id = ? AND ${condition} AND \`${t.number}\` NOT LIKE ? ORDER BY id`,
      [accountId, ...params, `${DRAFT_PREFIX}/%`],
    );
    if (!headers.length) return;
    const ids = headers.map((h) => Number(h.id));
    const lines = await manager.query<Row[]>(
      `SELECT * FROM \`${t.lines}\` WHERE account_id = ? AND \`${t.parent}\` IN (${ids.map(() => '?').join(', ')}) ORDER BY id`,
      [accountId, ...ids],
    );
    const linesOf = new Map<number, Row[]>();
    for (const line of lines) {
      const id = Number(line[t.parent]);
      linesOf.set(id, [...(linesOf.get(id) ?? []), line]);
    }
    await manager.query(
      `INSERT INTO retained_tax_documents
         (account_id, kind, document_id, document_number, document_date, fy_start_year, status, deleted_at, header_json, lines_json)
       VALUES ${headers.map(() => '(?, ?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(), ?, ?)').join(', ')}`,
      headers.flatMap((h) => [
        accountId,
        kind,
        Number(h.id),
        String(h[t.number]),
        String(h[t.date]),
        Number(h.fy_start_year),
        String(h.status),
        JSON.stringify(h, bufferAsBase64),
        JSON.stringify(linesOf.get(Number(h.id)) ?? [], bufferAsBase64),
      ]),
    );
  }
}

/** Binary columns kept as base64 text rather than as an array of bytes. */
function bufferAsBase64(this: unknown, _key: string, value: unknown): unknown {
  return value && typeof value === 'object' && (value as { type?: unknown }).type === 'Buffer' && Array.isArray((value as { data?: unknown }).data)
    ? Buffer.from((value as { data: number[] }).data).toString('base64')
    : value;
}
