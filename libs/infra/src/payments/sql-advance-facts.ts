import { AdvanceFacts, SupplyLine } from '@app/domain/payments/advance-tax';
import { Payment } from '@app/domain/payments/payment';
import { AdvanceFactsReader } from '@app/domain/payments/receipt-voucher';
import { money2 } from '@app/domain/shared/money';
import { Database } from '../database/database';

/** What the payment settled of invoices and debit notes dated on or before its own date. */
const SETTLED_BILLS = `SELECT COALESCE(SUM(a.amount), 0) AS settled FROM payment_allocations a
  LEFT JOIN invoices i ON a.document_type = 'invoice' AND i.id = a.document_id AND i.account_id = a.account_id
  LEFT JOIN debit_notes n ON a.document_type = 'debit-note' AND n.id = a.document_id AND n.account_id = a.account_id
  WHERE a.account_id = ? AND a.payment_id = ? AND COALESCE(i.invoice_date, n.debit_note_date) <= ?`;

/** Lines of the invoices the payment was applied to that are dated after it (the supplies the advance was for). */
const APPLIED_LINES = `SELECT it.hsn_code AS hsnCode, it.tax_rate AS taxRate FROM payment_allocations a
  JOIN invoices i ON i.id = a.document_id AND i.account_id = a.account_id
  JOIN invoice_items it ON it.invoice_id = i.id AND it.account_id = i.account_id
  WHERE a.account_id = ? AND a.payment_id = ? AND a.document_type = 'invoice' AND i.invoice_date > ?`;

/** Lines of the client's latest issued (or archived) invoice in the payment's currency. */
const LATEST_LINES = `SELECT it.hsn_code AS hsnCode, it.tax_rate AS taxRate FROM invoice_items it
  WHERE it.account_id = ? AND it.invoice_id = (SELECT i.id FROM invoices i
    WHERE i.account_id = ? AND i.client_id = ? AND i.currency = ? AND i.status IN ('issued', 'archived')
    ORDER BY i.invoice_date DESC, i.id DESC LIMIT 1)`;

const INVENTORY = `SELECT COALESCE(SUM(type = 'product'), 0) AS products, COALESCE(SUM(type = 'service'), 0) AS services
  FROM inventory_items WHERE account_id = ?`;

/** The facts a receipt voucher is made from, in four reads scoped by the account. */
export class SqlAdvanceFactsReader extends AdvanceFactsReader {
  constructor(private readonly db: Database) {
    super();
  }

  async facts(accountId: number, payment: Pick<Payment, 'id' | 'clientId' | 'paymentDate' | 'currency'>): Promise<AdvanceFacts> {
    const m = this.db.manager();
    const [[settled], applied, [inventory]] = await Promise.all([
      m.query<Array<{ settled: string }>>(SETTLED_BILLS, [accountId, payment.id, payment.paymentDate]),
      m.query<SupplyLine[]>(APPLIED_LINES, [accountId, payment.id, payment.paymentDate]),
      m.query<Array<{ products: string | number; services: string | number }>>(INVENTORY, [accountId]),
    ]);
    const latest = applied.length ? [] : await m.query<SupplyLine[]>(LATEST_LINES, [accountId, accountId, payment.clientId, payment.currency]);
    const lines = (applied.length ? applied : latest).map((l) => ({ hsnCode: String(l.hsnCode ?? ''), taxRate: String(l.taxRate) }));
    return {
      settledBills: money2(settled?.settled ?? '0'),
      lines,
      linesFrom: applied.length ? 'applied' : latest.length ? 'latest_invoice' : null,
      inventory: { products: Number(inventory?.products ?? 0), services: Number(inventory?.services ?? 0) },
    };
  }
}
