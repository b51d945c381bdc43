import { DocumentStatus, PaymentStatus } from '@app/domain/documents/document-enums';
import { DocumentRef } from '@app/domain/payments/payment';
import { ReceivableDocument, ReceivableDocuments, Settlement } from '@app/domain/payments/receivable-documents.port';
import { Clock } from '@app/domain/shared/clock.port';
import { money2 } from '@app/domain/shared/money';
import { Database } from '../database/database';
import { versionedBatch } from '../shared/data-version';
import { sqlNow } from '../shared/sql-time';

/** Where each kind a payment settles keeps its number and TDS (debit notes carry none). */
const TABLES: Record<DocumentRef['type'], { table: string; number: string; tds: string }> = {
  invoice: { table: 'invoices', number: 'invoice_number', tds: 'tds_amount' },
  'debit-note': { table: 'debit_notes', number: 'debit_note_number', tds: 'NULL' },
};

interface Row {
  id: number;
  client_id: number;
  number: string;
  status: string;
  currency: string;
  total_amount: string;
  tds_amount: string | null;
  payment_status: string;
  paid_amount: string;
  payment_date: string | null;
  paid_at: string | null;
}

/** Invoices and debit notes as the payment ledger reads and settles them, with a row lock per document. */
export class SqlReceivableDocuments extends ReceivableDocuments {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    super();
  }

  async lock(accountId: number, ref: DocumentRef): Promise<ReceivableDocument | null> {
    return (await this.lockAll(accountId, [ref]))[0] ?? null;
  }

  /**
   * One read per kind, debit notes before invoices (compareRefs), each through the primary key in id order, so the
   * rows are locked in the order `compareRefs` gives.
   */
  async lockAll(accountId: number, refs: DocumentRef[]): Promise<ReceivableDocument[]> {
    const locked: ReceivableDocument[] = [];
    for (const type of (Object.keys(TABLES) as Array<DocumentRef['type']>).sort()) {
      const ids = [...new Set(refs.filter((r) => r.type === type).map((r) => r.id))];
      if (!ids.length) continue;
      const t = TABLES[type];
      const rows = await this.db.manager().query<Row[]>(
        `SELECT id, client_id, \`${t.number}\` AS number, status, currency, total_amount, ${t.tds} AS tds_amount, payment_status, paid_amount,
                payment_date, paid_at
           FROM \`${t.table}\` FORCE INDEX (PRIMARY) WHERE id IN (${ids.map(() => '?').join(', ')}) AND account_id = ? ORDER BY id FOR UPDATE`,
        [...ids, accountId],
      );
      for (const row of rows) locked.push(toDocument(type, row));
    }
    return locked;
  }

  async settle(accountId: number, ref: DocumentRef, s: Settlement): Promise<void> {
    await this.settleAll(accountId, [{ ref, settlement: s }]);
  }

  /** One round trip: the UPDATEs of the documents sent together, with the bump of the account's data version. */
  async settleAll(accountId: number, changes: Array<{ ref: DocumentRef; settlement: Settlement }>): Promise<void> {
    if (!changes.length) return;
    const now = sqlNow(this.clock.now());
    const statements = changes.map(({ ref, settlement: s }) => {
      const t = TABLES[ref.type];
      const tds = ref.type === 'invoice' ? ', tds_amount = ?' : '';
      return {
        sql: `UPDATE \`${t.table}\` SET payment_status = ?, paid_amount = ?, payment_date = ?, paid_at = ?${tds}, updated_at = ? WHERE account_id = ? AND id = ?`,
        params: [s.paymentStatus, s.paidAmount, s.paymentDate, s.paidAt, ...(ref.type === 'invoice' ? [s.tdsAmount] : []), now, accountId, ref.id],
      };
    });
    await versionedBatch(this.db, accountId, statements);
  }
}

function toDocument(type: DocumentRef['type'], row: Row): ReceivableDocument {
  return {
    type,
    id: Number(row.id),
    clientId: Number(row.client_id),
    number: row.number,
    status: row.status as DocumentStatus,
    currency: row.currency,
    totalAmount: money2(row.total_amount),
    tdsAmount: row.tds_amount === null ? null : money2(row.tds_amount),
    paymentStatus: row.payment_status as PaymentStatus,
    paidAmount: money2(row.paid_amount),
    paymentDate: row.payment_date,
    paidAt: row.paid_at,
  };
}
