import { CaSyncDataReader } from '@app/domain/ca-sync/ca-sync.port';
import { CaSyncData, CaSyncExpense, CaSyncInvoice, CaSyncInvoiceLine, CaSyncNote, CaSyncTds } from '@app/domain/ca-sync/ca-sync-data';
import { Database } from '../database/database';

type Row = Record<string, string | number | null>;
const str = (v: string | number | null | undefined) => (v === null || v === undefined ? null : String(v));
/** Documents the books count: issued and archived (drafts and cancelled ones are left out). */
const COUNTED = `('issued', 'archived')`;
/** A section is the account's own or a shared (seeded) one. */
const SECTION_JOIN = (alias: string, doc: string) =>
  `LEFT JOIN tds_sections ${alias} ON ${alias}.id = ${doc}.tds_section_id AND (${alias}.account_id IS NULL OR ${alias}.account_id = ${doc}.account_id)`;

/** The account's documents of a period for the CA workbook; every query is bound to the account. */
export class SqlCaSyncData extends CaSyncDataReader {
  constructor(private readonly db: Database) {
    super();
  }

  private q(sql: string, params: unknown[]): Promise<Row[]> {
    return this.db.manager().query<Row[]>(sql, params);
  }

  async read(accountId: number, from: string, to: string): Promise<CaSyncData> {
    const range = [accountId, from, to];
    const [invoiceRows, lineRows, creditRows, debitRows, expenseRows, receivableRows] = await Promise.all([
      this.q(
        `SELECT i.id, i.invoice_number, i.invoice_date, i.invoice_type, i.status, i.total_amount, c.name AS client_name, c.gstin AS client_gstin,
                COALESCE(c.state_code, LEFT(c.gstin, 2)) AS place_of_supply
           FROM invoices i LEFT JOIN clients c ON c.id = i.client_id AND c.account_id = i.account_id
          WHERE i.account_id = ? AND i.invoice_date BETWEEN ? AND ? AND i.status IN ${COUNTED}`,
        range,
      ),
      this.q(
        `SELECT it.invoice_id, it.hsn_code, it.tax_rate, it.total_amount, it.cgst_amount, it.sgst_amount, it.igst_amount
           FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id AND it.account_id = i.account_id
          WHERE i.account_id = ? AND i.invoice_date BETWEEN ? AND ? AND i.status IN ${COUNTED}
          ORDER BY it.invoice_id, it.id`,
        range,
      ),
      this.q(
        `SELECT n.credit_note_number AS number, n.credit_note_date AS date, n.status, n.total_amount, c.name AS client_name, c.gstin AS client_gstin,
                si.invoice_number AS against
           FROM credit_notes n LEFT JOIN clients c ON c.id = n.client_id AND c.account_id = n.account_id
           LEFT JOIN invoices si ON si.id = n.source_invoice_id AND si.account_id = n.account_id
          WHERE n.account_id = ? AND n.credit_note_date BETWEEN ? AND ? AND n.status IN ${COUNTED}`,
        range,
      ),
      this.q(
        `SELECT n.debit_note_number AS number, n.debit_note_date AS date, n.status, n.total_amount, c.name AS client_name, c.gstin AS client_gstin
           FROM debit_notes n LEFT JOIN clients c ON c.id = n.client_id AND c.account_id = n.account_id
          WHERE n.account_id = ? AND n.debit_note_date BETWEEN ? AND ? AND n.status IN ${COUNTED}`,
        range,
      ),
      this.q(
        `SELECT e.expense_date, e.expense_description, e.expense_category, e.vendor_name, e.vendor_pan, e.payment_method, e.expense_status,
                e.expense_amount, e.tds_amount, e.tds_rate, e.tds_challan_number, e.tds_deposited_on, s.code AS section_code
           FROM expenses e ${SECTION_JOIN('s', 'e')}
          WHERE e.account_id = ? AND e.expense_date BETWEEN ? AND ?
          ORDER BY e.expense_date, e.id`,
        range,
      ),
      this.q(
        `SELECT i.invoice_number, i.invoice_date, i.tds_rate, i.tds_amount, c.name AS client_name, c.gstin AS client_gstin, s.code AS section_code
           FROM invoices i LEFT JOIN clients c ON c.id = i.client_id AND c.account_id = i.account_id ${SECTION_JOIN('s', 'i')}
          WHERE i.account_id = ? AND i.invoice_date BETWEEN ? AND ? AND i.status IN ${COUNTED} AND i.tds_amount > 0`,
        range,
      ),
    ]);

    const invoices: CaSyncInvoice[] = invoiceRows.map((r) => ({
      id: Number(r.id),
      number: String(r.invoice_number),
      date: String(r.invoice_date),
      clientName: str(r.client_name) ?? '',
      clientGstin: str(r.client_gstin),
      placeOfSupply: str(r.place_of_supply),
      invoiceType: String(r.invoice_type),
      status: String(r.status),
      total: String(r.total_amount),
    }));
    const lines: CaSyncInvoiceLine[] = lineRows.map((r) => ({
      invoiceId: Number(r.invoice_id),
      hsnCode: str(r.hsn_code) ?? '',
      taxRate: String(r.tax_rate),
      lineTotal: String(r.total_amount),
      cgst: String(r.cgst_amount),
      sgst: String(r.sgst_amount),
      igst: String(r.igst_amount),
    }));
    const note =
      (kind: CaSyncNote['kind']) =>
      (r: Row): CaSyncNote => ({
        kind,
        number: String(r.number),
        date: String(r.date),
        clientName: str(r.client_name) ?? '',
        clientGstin: str(r.client_gstin),
        againstInvoice: str(r.against),
        status: String(r.status),
        amount: String(r.total_amount),
      });
    const expenses: CaSyncExpense[] = expenseRows.map((r) => ({
      date: String(r.expense_date),
      description: String(r.expense_description),
      category: String(r.expense_category),
      vendorName: str(r.vendor_name) ?? '',
      vendorPan: str(r.vendor_pan),
      paymentMethod: str(r.payment_method) ?? '',
      status: String(r.expense_status),
      amount: String(r.expense_amount),
      tdsSection: str(r.section_code),
      tdsAmount: str(r.tds_amount),
    }));
    const tds: CaSyncTds[] = [
      ...receivableRows.map((r): CaSyncTds => ({
        direction: 'receivable',
        date: String(r.invoice_date),
        reference: String(r.invoice_number),
        party: str(r.client_name) ?? '',
        pan: r.client_gstin ? String(r.client_gstin).slice(2, 12) : null,
        section: str(r.section_code),
        rate: str(r.tds_rate),
        amount: String(r.tds_amount),
        challanNumber: null,
        depositedOn: null,
      })),
      ...expenseRows
        .filter((r) => r.tds_amount !== null && Number(r.tds_amount) > 0)
        .map((r): CaSyncTds => ({
          direction: 'payable',
          date: String(r.expense_date),
          reference: String(r.expense_description),
          party: str(r.vendor_name) ?? '',
          pan: str(r.vendor_pan),
          section: str(r.section_code),
          rate: str(r.tds_rate),
          amount: String(r.tds_amount),
          challanNumber: str(r.tds_challan_number),
          depositedOn: str(r.tds_deposited_on),
        })),
    ];
    return { invoices, lines, notes: [...creditRows.map(note('credit')), ...debitRows.map(note('debit'))], expenses, tds };
  }
}
