import { DocumentKind } from '@app/domain/documents/document-number';
import { DocumentSource, SourceDocument } from '@app/domain/document-output/source-document';
import { Database } from '../database/typeorm-transaction-runner';

interface KindTable {
  table: string;
  lines: string;
  parent: string;
  noteLines: boolean;
  /** SQL select list producing the SourceDocument header columns (aliased). */
  header: string;
}

const COMMON = `d.id, d.client_id, d.currency, d.total_amount, d.declaration_text, d.transport_details, d.lr_number`;

const TABLES: Record<DocumentKind, KindTable> = {
  invoice: {
    table: 'invoices',
    lines: 'invoice_items',
    parent: 'invoice_id',
    noteLines: false,
    header: `${COMMON}, d.invoice_number AS number, d.invoice_date AS date, d.payment_due_date AS due_date, NULL AS validity_date,
      d.invoice_type AS type, d.status, d.payment_status, d.paid_amount, d.tds_amount, d.discount_type, d.discount_value, d.lut_number, NULL AS reference`,
  },
  quotation: {
    table: 'quotations',
    lines: 'quotation_items',
    parent: 'quotation_id',
    noteLines: false,
    header: `${COMMON}, d.quotation_number AS number, d.quotation_date AS date, NULL AS due_date, d.validity_date,
      CASE WHEN d.document_kind = 'proforma' THEN 'proforma' ELSE d.quotation_type END AS type, d.approval_status AS status,
      NULL AS payment_status, NULL AS paid_amount, NULL AS tds_amount, d.discount_type, d.discount_value, d.lut_number, NULL AS reference`,
  },
  'proforma-invoice': {
    table: 'proforma_invoices',
    lines: 'proforma_invoice_items',
    parent: 'proforma_invoice_id',
    noteLines: false,
    header: `${COMMON}, d.proforma_number AS number, d.proforma_date AS date, NULL AS due_date, d.validity_date, NULL AS type,
      d.approval_status AS status, NULL AS payment_status, NULL AS paid_amount, NULL AS tds_amount, d.discount_type, d.discount_value,
      d.lut_number, NULL AS reference`,
  },
  'debit-note': {
    table: 'debit_notes',
    lines: 'debit_note_items',
    parent: 'debit_note_id',
    noteLines: true,
    header: `${COMMON}, d.debit_note_number AS number, d.debit_note_date AS date, d.payment_due_date AS due_date, NULL AS validity_date,
      NULL AS type, d.status, d.payment_status, d.paid_amount, NULL AS tds_amount, NULL AS discount_type, NULL AS discount_value,
      NULL AS lut_number, NULL AS reference`,
  },
  'credit-note': {
    table: 'credit_notes',
    lines: 'credit_note_items',
    parent: 'credit_note_id',
    noteLines: true,
    header: `${COMMON}, d.credit_note_number AS number, d.credit_note_date AS date, NULL AS due_date, NULL AS validity_date, NULL AS type,
      d.status, NULL AS payment_status, NULL AS paid_amount, NULL AS tds_amount, NULL AS discount_type, NULL AS discount_value,
      NULL AS lut_number, (SELECT i.invoice_number FROM invoices i WHERE i.id = d.source_invoice_id AND i.account_id = d.account_id) AS reference`,
  },
};

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** Reads any of the five document kinds straight from their tables, scoped by account. */
export class SqlDocumentSource extends DocumentSource {
  constructor(private readonly db: Database) {
    super();
  }

  async load(accountId: number, kind: DocumentKind, id: number): Promise<SourceDocument | null> {
    const t = TABLES[kind];
    const manager = this.db.manager();
    const [h] = await manager.query(`SELECT ${t.header} FROM ${t.table} d WHERE d.id = ? AND d.account_id = ?`, [id, accountId]);
    if (!h) return null;
    const lines: Array<Record<string, unknown>> = await manager.query(
      t.noteLines
        ? `SELECT description, expense_date, amount FROM ${t.lines} WHERE ${t.parent} = ? AND account_id = ? ORDER BY id`
        : `SELECT item_description, hsn_code, quantity, rate, tax_rate, cgst_amount, sgst_amount, igst_amount, total_amount, discount_type,
             discount_value FROM ${t.lines} WHERE ${t.parent} = ? AND account_id = ? ORDER BY id`,
      [id, accountId],
    );
    return {
      kind,
      id: Number(h.id),
      clientId: Number(h.client_id),
      number: String(h.number),
      date: String(h.date),
      dueDate: str(h.due_date),
      validityDate: str(h.validity_date),
      currency: String(h.currency),
      type: str(h.type),
      status: str(h.status),
      paymentStatus: str(h.payment_status),
      paidAmount: str(h.paid_amount),
      tdsAmount: str(h.tds_amount),
      discountType: str(h.discount_type),
      discountValue: str(h.discount_value),
      totalAmount: String(h.total_amount),
      declarationText: str(h.declaration_text),
      lutNumber: str(h.lut_number),
      transportDetails: str(h.transport_details),
      lrNumber: str(h.lr_number),
      reference: str(h.reference),
      productLines: t.noteLines
        ? []
        : lines.map((l) => ({
            description: String(l.item_description),
            hsnCode: String(l.hsn_code ?? ''),
            quantity: String(l.quantity),
            rate: String(l.rate),
            taxRate: String(l.tax_rate),
            cgst: String(l.cgst_amount),
            sgst: String(l.sgst_amount),
            igst: String(l.igst_amount),
            total: String(l.total_amount),
            discountType: str(l.discount_type),
            discountValue: str(l.discount_value),
          })),
      noteLines: t.noteLines ? lines.map((l) => ({ description: String(l.description), expenseDate: str(l.expense_date), amount: String(l.amount) })) : [],
    };
  }

  async numbersOf(accountId: number, kind: DocumentKind, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const t = TABLES[kind];
    const column = {
      invoice: 'invoice_number',
      quotation: 'quotation_number',
      'proforma-invoice': 'proforma_number',
      'debit-note': 'debit_note_number',
      'credit-note': 'credit_note_number',
    }[kind];
    const rows: Array<{ id: number; number: string }> = await this.db
      .manager()
      .query(`SELECT id, ${column} AS number FROM ${t.table} WHERE account_id = ? AND id IN (?)`, [accountId, ids]);
    return new Map(rows.map((r) => [Number(r.id), String(r.number)]));
  }
}
