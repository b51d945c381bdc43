import { EInvoiceRegistration, EInvoiceRegistrations, IrnDetails } from '@app/domain/einvoice/einvoice.port';
import { EInvoicedKind } from '@app/domain/einvoice/irp-payload';
import { Database } from '../database/database';

type Row = Record<string, string | number | null>;
const str = (v: string | number | null | undefined) => (v === null || v === undefined ? null : String(v));

/** einvoice_registrations, every query bound to the account and the document kind (`invoice_id` is the document's id). */
export class SqlEInvoiceRegistrations extends EInvoiceRegistrations {
  constructor(private readonly db: Database) {
    super();
  }

  async find(accountId: number, invoiceId: number, kind: EInvoicedKind = 'invoice'): Promise<EInvoiceRegistration | null> {
    const [r] = await this.db.manager().query<Row[]>(
      `SELECT invoice_id, irn, ack_no, DATE_FORMAT(ack_date, '%Y-%m-%d %H:%i:%s') AS ack_date, signed_qr_code, signed_invoice, status,
                DATE_FORMAT(cancelled_at, '%Y-%m-%d %H:%i:%s') AS cancelled_at, cancel_reason, DATE_FORMAT(created_at, '%Y-%m-%d %H:%i:%s') AS created_at
           FROM einvoice_registrations WHERE account_id = ? AND document_kind = ? AND invoice_id = ?`,
      [accountId, kind, invoiceId],
    );
    if (!r) return null;
    return {
      invoiceId: Number(r.invoice_id),
      kind,
      irn: String(r.irn),
      ackNo: String(r.ack_no),
      ackDate: String(r.ack_date),
      signedQrCode: String(r.signed_qr_code),
      signedInvoice: str(r.signed_invoice),
      status: r.status === 'cancelled' ? 'cancelled' : 'active',
      cancelledAt: str(r.cancelled_at),
      cancelReason: str(r.cancel_reason),
      createdAt: String(r.created_at),
    };
  }

  async save(accountId: number, invoiceId: number, d: IrnDetails, createdAt: string, kind: EInvoicedKind = 'invoice'): Promise<void> {
    await this.db.manager().query(
      `INSERT INTO einvoice_registrations (account_id, document_kind, invoice_id, irn, ack_no, ack_date, signed_qr_code, signed_invoice, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'active', ?)
       ON DUPLICATE KEY UPDATE irn = VALUES(irn), ack_no = VALUES(ack_no), ack_date = VALUES(ack_date), signed_qr_code = VALUES(signed_qr_code),
         signed_invoice = VALUES(signed_invoice), status = 'active', cancelled_at = NULL, cancel_reason = NULL, created_at = VALUES(created_at)`,
      [accountId, kind, invoiceId, d.irn, d.ackNo, d.ackDate, d.signedQrCode, d.signedInvoice, createdAt],
    );
  }

  async markCancelled(accountId: number, invoiceId: number, at: string, reason: string, kind: EInvoicedKind = 'invoice'): Promise<void> {
    await this.db
      .manager()
      .query(
        `UPDATE einvoice_registrations SET status = 'cancelled', cancelled_at = ?, cancel_reason = ? WHERE account_id = ? AND document_kind = ? AND invoice_id = ? AND status = 'active'`,
        [at, reason.slice(0, 100), accountId, kind, invoiceId],
      );
  }

  async activeAmong(accountId: number, invoiceIds: number[], kind: EInvoicedKind = 'invoice'): Promise<Map<number, string>> {
    if (!invoiceIds.length) return new Map();
    const rows = await this.db
      .manager()
      .query<Row[]>(
        `SELECT invoice_id, irn FROM einvoice_registrations WHERE account_id = ? AND document_kind = ? AND status = 'active' AND invoice_id IN (?)`,
        [accountId, kind, invoiceIds],
      );
    return new Map(rows.map((r) => [Number(r.invoice_id), String(r.irn)]));
  }
}
