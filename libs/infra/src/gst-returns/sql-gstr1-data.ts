import { Gstr1DataReader } from '@app/domain/gst-returns/gst-exports.port';
import { Gstr1Invoice, Gstr1Line, Gstr1Note, Gstr1RetainedNumber, noteLinesFromAmounts } from '@app/domain/gst-returns/gstr1';
import { placeOfSupply } from '@app/domain/gst-returns/place-of-supply';
import { Database } from '../database/database';
import { DOCUMENT_TABLES } from '../documents/document-tables';

type Row = Record<string, string | number | null>;

/** The tax fields a note line may carry (null on lines stored with an amount only; the cess null on a line without). */
const NOTE_TAX = 'l.hsn_code, l.quantity, l.unit, l.taxable_value, l.tax_rate, l.cgst_amount, l.sgst_amount, l.igst_amount, l.cess_amount';

/**
 * Taxable value of a line in SQL: quantity x rate less the line discount, rounded half-up to paise, as
 * `lineTaxable` of the PDF computes it (DECIMAL arithmetic is exact; thousands of lines of a month need
 * no per-line decimal work in the process).
 */
const TAXABLE = `ROUND(it.quantity * it.rate - CASE it.discount_type WHEN 'percentage' THEN it.quantity * it.rate * COALESCE(it.discount_value, 0) / 100
  WHEN 'fixed' THEN COALESCE(it.discount_value, 0) ELSE 0 END, 2)`;
/** The Table 13 kind of each kind of retained document. */
const RETAINED_KINDS: Record<string, Gstr1RetainedNumber['kind']> = { invoice: 'invoice', 'debit-note': 'debit', 'credit-note': 'credit' };
const str = (v: string | number | null | undefined) => (v === null || v === undefined ? null : String(v));

/**
 * The notes of one kind dated in the period (drafts excepted) with their client and the invoice they
 * refer to; a credit note's defaults to its source invoice.
 */
function notesSql(kind: 'credit-note' | 'debit-note'): string {
  const t = DOCUMENT_TABLES[kind];
  const invoiceId = kind === 'credit-note' ? 'COALESCE(n.original_invoice_id, n.source_invoice_id)' : 'n.original_invoice_id';
  return `SELECT n.id, n.${t.number} AS number, n.${t.date} AS date, n.status, n.total_amount, c.gstin, c.state_code, c.registration_type,
                n.place_of_supply, n.supply_type, n.reverse_charge, n.currency, n.exchange_rate,
                CASE WHEN n.ecommerce_gstin IS NULL THEN si.ecommerce_gstin ELSE n.ecommerce_gstin END AS ecommerce_gstin,
                CASE WHEN n.ecommerce_gstin IS NULL THEN si.ecommerce_section ELSE n.ecommerce_section END AS ecommerce_section,
                si.id AS src_id, si.invoice_number AS src_number, si.invoice_date AS src_date, si.total_amount AS src_total, si.invoice_type AS src_type,
                si.currency AS src_currency, si.exchange_rate AS src_exchange_rate,
                (SELECT CASE WHEN MIN(x.tax_rate) = MAX(x.tax_rate) THEN MIN(x.tax_rate) END
                   FROM invoice_items x WHERE x.invoice_id = si.id AND x.account_id = si.account_id) AS src_rate
           FROM ${t.table} n LEFT JOIN clients c ON c.id = n.client_id AND c.account_id = n.account_id
           LEFT JOIN invoices si ON si.id = ${invoiceId} AND si.account_id = n.account_id
          WHERE n.account_id = ? AND n.${t.date} BETWEEN ? AND ? AND n.status <> 'draft'
          ORDER BY n.${t.date}, n.id`;
}

/** The columns of an invoice line GSTR-1 reads (`it`), its taxable value as stored or computed. */
const INVOICE_LINE = `it.invoice_id, it.item_description, it.hsn_code, it.quantity, it.tax_rate, it.cgst_amount, it.sgst_amount, it.igst_amount, it.unit, it.cess_amount,
                COALESCE(it.taxable_value, ${TAXABLE}) AS taxable`;

/** Invoice lines by invoice id. */
function linesByInvoice(rows: Row[]): Map<number, Gstr1Line[]> {
  const linesOf = new Map<number, Gstr1Line[]>();
  for (const r of rows) {
    const id = Number(r.invoice_id);
    const line: Gstr1Line = {
      hsnCode: str(r.hsn_code) ?? '',
      description: String(r.item_description),
      quantity: String(r.quantity),
      unit: str(r.unit),
      taxable: String(r.taxable),
      taxRate: String(r.tax_rate),
      cgst: String(r.cgst_amount),
      sgst: String(r.sgst_amount),
      igst: String(r.igst_amount),
      cess: str(r.cess_amount),
    };
    const list = linesOf.get(id);
    if (list) list.push(line);
    else linesOf.set(id, [line]);
  }
  return linesOf;
}

/**
 * The documents GSTR-1 reads: invoices and notes dated in the period with their clients and lines, every
 * query bound to the account. Drafts are not read (they never reach a return).
 */
export class SqlGstr1Data extends Gstr1DataReader {
  constructor(private readonly db: Database) {
    super();
  }

  private q(sql: string, params: unknown[]): Promise<Row[]> {
    return this.db.manager().query<Row[]>(sql, params);
  }

  async read(
    accountId: number,
    from: string,
    to: string,
    businessState: string | null,
  ): Promise<{ invoices: Gstr1Invoice[]; notes: Gstr1Note[]; retained: Gstr1RetainedNumber[] }> {
    const range = [accountId, from, to];
    const [invoiceRows, lineRows, creditRows, debitRows, noteLineRows, retainedRows, sourceLineRows] = await Promise.all([
      this.q(
        `SELECT i.id, i.invoice_number, i.invoice_date, i.invoice_type, i.status, i.total_amount, c.gstin, c.state_code, c.registration_type, i.place_of_supply, i.supply_type, i.reverse_charge,
                i.currency, i.exchange_rate, i.ecommerce_gstin, i.ecommerce_section
           FROM invoices i LEFT JOIN clients c ON c.id = i.client_id AND c.account_id = i.account_id
          WHERE i.account_id = ? AND i.invoice_date BETWEEN ? AND ? AND i.status <> 'draft'
          ORDER BY i.invoice_date, i.id`,
        range,
      ),
      this.q(
        `SELECT ${INVOICE_LINE}
           FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id AND it.account_id = i.account_id
          WHERE i.account_id = ? AND i.invoice_date BETWEEN ? AND ? AND i.status IN ('issued', 'archived')
          ORDER BY it.invoice_id, it.id`,
        range,
      ),
      this.q(notesSql('credit-note'), range),
      this.q(notesSql('debit-note'), range),
      this.q(
        `SELECT 'credit' AS kind, l.credit_note_id AS note_id, l.description, l.amount, ${NOTE_TAX}
           FROM credit_notes n JOIN credit_note_items l ON l.credit_note_id = n.id AND l.account_id = n.account_id
          WHERE n.account_id = ? AND n.credit_note_date BETWEEN ? AND ? AND n.status IN ('issued', 'archived')
         UNION ALL
         SELECT 'debit', l.debit_note_id, l.description, l.amount, ${NOTE_TAX}
           FROM debit_notes n JOIN debit_note_items l ON l.debit_note_id = n.id AND l.account_id = n.account_id
          WHERE n.account_id = ? AND n.debit_note_date BETWEEN ? AND ? AND n.status IN ('issued', 'archived')`,
        [...range, ...range],
      ),
      // Tax documents deleted after they were issued: Table 13 counts their numbers as cancelled.
      this.q(
        `SELECT kind, document_number, document_date FROM retained_tax_documents
          WHERE account_id = ? AND document_date BETWEEN ? AND ? ORDER BY document_date, id`,
        range,
      ),
      // Lines of the invoices the period's notes are against (of any date): Table 12 takes their HSN codes for
      // note lines without one. The notes' invoice ids are joined as a derived table: written as `invoice_id IN
      // (... UNION ...)` the server walked every line of the account to test each against the set (12.6 s at
      // 100,000 invoices; docs/benchmarks.md, "Scale table").
      this.q(
        `SELECT ${INVOICE_LINE}
           FROM (SELECT COALESCE(n.original_invoice_id, n.source_invoice_id) AS invoice_id FROM credit_notes n
                  WHERE n.account_id = ? AND n.credit_note_date BETWEEN ? AND ? AND n.status IN ('issued', 'archived')
                 UNION
                 SELECT n.original_invoice_id FROM debit_notes n
                  WHERE n.account_id = ? AND n.debit_note_date BETWEEN ? AND ? AND n.status IN ('issued', 'archived')) src
           JOIN invoice_items it ON it.account_id = ? AND it.invoice_id = src.invoice_id
          ORDER BY it.invoice_id, it.id`,
        [...range, ...range, accountId],
      ),
    ]);

    const linesOf = linesByInvoice(lineRows);
    const sourceLinesOf = linesByInvoice(sourceLineRows);
    const party = (r: Row) => ({
      clientGstin: str(r.gstin),
      clientRegistrationType: str(r.registration_type),
      clientStateCode: str(r.state_code),
      placeOfSupply: str(r.place_of_supply),
      supplyType: str(r.supply_type),
      reverseCharge: Number(r.reverse_charge) === 1,
      currency: str(r.currency) ?? undefined,
      exchangeRate: str(r.exchange_rate),
      ecommerceGstin: str(r.ecommerce_gstin),
      ecommerceSection: str(r.ecommerce_section),
    });
    const invoices: Gstr1Invoice[] = invoiceRows.map((r) => ({
      ...party(r),
      number: String(r.invoice_number),
      date: String(r.invoice_date),
      status: String(r.status),
      invoiceType: String(r.invoice_type),
      total: String(r.total_amount),
      lines: linesOf.get(Number(r.id)) ?? [],
    }));

    // A note line with its own tax fields is taken as it is; one with an amount only is split below.
    const noteRows = new Map<string, Row[]>();
    for (const r of noteLineRows) {
      const key = `${String(r.kind)}:${Number(r.note_id)}`;
      const list = noteRows.get(key);
      if (list) list.push(r);
      else noteRows.set(key, [r]);
    }
    const noteLines = (rows: Row[], rate: string, inter: boolean): Gstr1Line[] =>
      rows.flatMap((r) =>
        r.tax_rate === null || r.tax_rate === undefined
          ? noteLinesFromAmounts([{ description: String(r.description), amount: String(r.amount) }], rate, inter)
          : [
              {
                hsnCode: str(r.hsn_code) ?? '',
                description: String(r.description),
                quantity: str(r.quantity) ?? '0',
                unit: str(r.unit),
                taxable: str(r.taxable_value) ?? String(r.amount),
                taxRate: String(r.tax_rate),
                cgst: str(r.cgst_amount) ?? '0.00',
                sgst: str(r.sgst_amount) ?? '0.00',
                igst: str(r.igst_amount) ?? '0.00',
                cess: str(r.cess_amount),
              },
            ],
      );
    const note =
      (kind: 'credit' | 'debit') =>
      (r: Row): Gstr1Note => {
        const p = party(r);
        const original = r.src_number
          ? {
              number: String(r.src_number),
              date: String(r.src_date),
              total: String(r.src_total),
              invoiceType: String(r.src_type),
              currency: str(r.src_currency) ?? undefined,
              exchangeRate: str(r.src_exchange_rate),
              lines: sourceLinesOf.get(Number(r.src_id)) ?? [],
            }
          : null;
        const pos = placeOfSupply({ ...p, businessStateCode: businessState });
        const inter = original?.invoiceType === 'export' || original?.invoiceType === 'sez' || pos !== businessState;
        // Lines with an amount only are taken as tax-inclusive at the single rate of the invoice the note is against.
        const lines = noteLines(noteRows.get(`${kind}:${Number(r.id)}`) ?? [], str(r.src_rate) ?? '0', inter);
        return { ...p, kind, number: String(r.number), date: String(r.date), status: String(r.status), total: String(r.total_amount), lines, original };
      };
    const retained = retainedRows.map((r) => ({
      kind: RETAINED_KINDS[String(r.kind)] ?? 'invoice',
      number: String(r.document_number),
      date: String(r.document_date),
    }));
    return { invoices, notes: [...creditRows.map(note('credit')), ...debitRows.map(note('debit'))], retained };
  }
}
