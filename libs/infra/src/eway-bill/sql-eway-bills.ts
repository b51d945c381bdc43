import { EwayBill, EwayBills, ExtensionChange } from '@app/domain/eway-bill/eway-bill.port';
import { CargoKind } from '@app/domain/eway-bill/eway-bill-validity';
import { TransportMode } from '@app/domain/eway-bill/part-b';
import { Conflict } from '@app/domain/shared/domain-error';
import { Database } from '../database/database';

type Row = Record<string, string | number | null>;
const str = (v: string | number | null | undefined) => (v === null || v === undefined ? null : String(v));

const COLUMNS = `invoice_id, ewb_no, DATE_FORMAT(ewb_date, '%Y-%m-%d %H:%i:%s') AS ewb_date,
  DATE_FORMAT(valid_until, '%Y-%m-%d %H:%i:%s') AS valid_until, validity_days, transport_mode, distance_km, cargo, vehicle_number,
  transporter_id, transporter_name, transport_doc_no, DATE_FORMAT(transport_doc_date, '%Y-%m-%d') AS transport_doc_date, status,
  DATE_FORMAT(cancelled_at, '%Y-%m-%d %H:%i:%s') AS cancelled_at, cancel_reason, extended_times,
  DATE_FORMAT(created_at, '%Y-%m-%d %H:%i:%s') AS created_at`;

function toBill(r: Row): EwayBill {
  return {
    invoiceId: Number(r.invoice_id),
    ewbNo: String(r.ewb_no),
    ewbDate: String(r.ewb_date),
    validUntil: str(r.valid_until),
    validityDays: r.validity_days === null ? null : Number(r.validity_days),
    transportMode: String(r.transport_mode) as TransportMode,
    distanceKm: Number(r.distance_km),
    cargo: String(r.cargo) as CargoKind,
    vehicleNumber: str(r.vehicle_number),
    transporterId: str(r.transporter_id),
    transporterName: str(r.transporter_name),
    transportDocNo: str(r.transport_doc_no),
    transportDocDate: str(r.transport_doc_date),
    status: r.status === 'cancelled' ? 'cancelled' : 'active',
    cancelledAt: str(r.cancelled_at),
    cancelReason: str(r.cancel_reason),
    extendedTimes: Number(r.extended_times),
    createdAt: String(r.created_at),
  };
}

function isDuplicate(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  return (e.driverError?.code ?? e.code) === 'ER_DUP_ENTRY';
}

/** eway_bills, every query bound to the account; one active bill per invoice (uq_eway_bills_active). */
export class SqlEwayBills extends EwayBills {
  constructor(private readonly db: Database) {
    super();
  }

  async find(accountId: number, invoiceId: number): Promise<EwayBill | null> {
    const [r] = await this.db
      .manager()
      .query<Row[]>(`SELECT ${COLUMNS} FROM eway_bills WHERE account_id = ? AND invoice_id = ? ORDER BY active_key IS NULL, id DESC LIMIT 1`, [
        accountId,
        invoiceId,
      ]);
    return r ? toBill(r) : null;
  }

  async save(accountId: number, b: Omit<EwayBill, 'status' | 'cancelledAt' | 'cancelReason' | 'extendedTimes'>): Promise<void> {
    try {
      await this.db.manager().query(
        `INSERT INTO eway_bills (account_id, invoice_id, ewb_no, ewb_date, valid_until, validity_days, transport_mode, distance_km, cargo,
           vehicle_number, transporter_id, transporter_name, transport_doc_no, transport_doc_date, status, active_key, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', 1, ?)`,
        [
          accountId,
          b.invoiceId,
          b.ewbNo,
          b.ewbDate,
          b.validUntil,
          b.validityDays,
          b.transportMode,
          b.distanceKm,
          b.cargo,
          b.vehicleNumber,
          b.transporterId,
          b.transporterName,
          b.transportDocNo,
          b.transportDocDate,
          b.createdAt,
        ],
      );
    } catch (e) {
      if (isDuplicate(e)) throw new Conflict('The invoice has an active e-way bill already.', { id: b.invoiceId });
      throw e;
    }
  }

  async markCancelled(accountId: number, invoiceId: number, at: string, reason: string): Promise<void> {
    await this.db
      .manager()
      .query(
        `UPDATE eway_bills SET status = 'cancelled', active_key = NULL, cancelled_at = ?, cancel_reason = ? WHERE account_id = ? AND invoice_id = ? AND active_key = 1`,
        [at, reason.slice(0, 100), accountId, invoiceId],
      );
  }

  async markExtended(accountId: number, invoiceId: number, c: ExtensionChange): Promise<void> {
    await this.db.manager().query(
      `UPDATE eway_bills SET valid_until = ?, validity_days = ?, transport_mode = ?, vehicle_number = ?, transport_doc_no = ?, transport_doc_date = ?,
         extended_times = extended_times + 1 WHERE account_id = ? AND invoice_id = ? AND active_key = 1`,
      [c.validUntil, c.validityDays, c.transportMode, c.vehicleNumber, c.transportDocNo, c.transportDocDate, accountId, invoiceId],
    );
  }

  async activeAmong(accountId: number, invoiceIds: number[]): Promise<Map<number, EwayBill>> {
    if (!invoiceIds.length) return new Map();
    const rows = await this.db
      .manager()
      .query<Row[]>(`SELECT ${COLUMNS} FROM eway_bills WHERE account_id = ? AND active_key = 1 AND invoice_id IN (?)`, [accountId, invoiceIds]);
    return new Map(rows.map((r) => [Number(r.invoice_id), toBill(r)]));
  }
}
