import { DocumentKind, documentKind, perKind } from '@app/domain/documents/document-kinds';
import { SourceDocument } from '@app/domain/document-output/source-document';
import { DocumentSource } from '@app/domain/document-output/document-source.port';
import { Database } from '../database/database';
import { DOCUMENT_TABLES } from '../documents/document-tables';
import { gstFieldsOfRow } from '../documents/gst-columns';

const COMMON = `d.id, d.client_id, d.currency, d.total_amount, d.declaration_text, d.transport_details, d.lr_number, d.lut_number,
  d.place_of_supply, d.supply_type, d.reverse_charge, d.round_off, d.supplier_snapshot, d.exchange_rate`;

/** The header select list of a kind: common columns, its number and date, and its own columns (NULL where it has none). */
function headerOf(kind: DocumentKind): string {
  const t = DOCUMENT_TABLES[kind];
  const gst = documentKind(kind).gstLines;
  const own: Record<string, string | null> = {
    due_date: t.source.dueDate,
    validity_date: t.source.validityDate,
    type: t.source.type,
    status: t.source.status,
    payment_status: t.source.paymentStatus,
    paid_amount: t.source.paidAmount,
    tds_amount: t.source.tdsAmount,
    discount_type: gst ? 'd.discount_type' : null,
    discount_value: gst ? 'd.discount_value' : null,
    original_invoice_id: t.source.originalInvoiceId,
    delivery_address: t.source.deliveryAddress,
    destination_country: t.source.destinationCountry,
    ship_to_gstin: t.source.shipToGstin,
    ship_to_name: t.source.shipToName,
  };
  const rest = Object.entries(own).map(([alias, sql]) => `${sql ?? 'NULL'} AS ${alias}`);
  return [COMMON, `d.${t.number} AS number`, `d.${t.date} AS date`, ...rest].join(', ');
}

const HEADERS: Record<DocumentKind, string> = perKind(({ path }) => headerOf(path));

type Row = Record<string, string | number | null>;

const str = (v: string | number | null | undefined): string | null => (v === null || v === undefined ? null : String(v));

/** Reads any of the five document kinds straight from their tables, scoped by account. */
export class SqlDocumentSource extends DocumentSource {
  constructor(private readonly db: Database) {
    super();
  }

  async load(accountId: number, kind: DocumentKind, id: number): Promise<SourceDocument | null> {
    const t = DOCUMENT_TABLES[kind];
    const noteLines = !documentKind(kind).gstLines;
    const manager = this.db.manager();
    const [h] = await manager.query<Row[]>(`SELECT ${HEADERS[kind]} FROM ${t.table} d WHERE d.id = ? AND d.account_id = ?`, [id, accountId]);
    if (!h) return null;
    const lines = await manager.query<Row[]>(
      noteLines
        ? `SELECT description, expense_date, amount, hsn_code, quantity, unit, taxable_value, tax_rate, cgst_amount, sgst_amount, igst_amount,
             cess_rate, cess_amount FROM ${t.lines} WHERE ${t.parent} = ? AND account_id = ? ORDER BY id`
        : `SELECT item_description, hsn_code, quantity, rate, tax_rate, cgst_amount, sgst_amount, igst_amount, total_amount, discount_type,
             discount_value, unit, taxable_value, header_discount, cess_rate, cess_amount FROM ${t.lines} WHERE ${t.parent} = ? AND account_id = ? ORDER BY id`,
      [id, accountId],
    );
    // The invoice a note refers to: its number and date (rule 53(1A)(g)), type and single rate (as GSTR-1 reads it).
    const [original] =
      h.original_invoice_id !== null && h.original_invoice_id !== undefined
        ? await manager.query<Row[]>(
            `SELECT i.invoice_number, DATE_FORMAT(i.invoice_date, '%Y-%m-%d') AS invoice_date, i.invoice_type,
                    (SELECT CASE WHEN MIN(x.tax_rate) = MAX(x.tax_rate) THEN MIN(x.tax_rate) END
                       FROM invoice_items x WHERE x.invoice_id = i.id AND x.account_id = i.account_id) AS single_rate
               FROM invoices i WHERE i.id = ? AND i.account_id = ?`,
            [Number(h.original_invoice_id), accountId],
          )
        : [];
    const [irn] =
      kind === 'invoice' || kind === 'credit-note' || kind === 'debit-note'
        ? await manager.query<Row[]>(
            `SELECT irn, ack_no, DATE_FORMAT(ack_date, '%Y-%m-%d %H:%i:%s') AS ack_date, signed_qr_code
               FROM einvoice_registrations WHERE account_id = ? AND document_kind = ? AND invoice_id = ? AND status = 'active'`,
            [accountId, kind, id],
          )
        : [];
    const [ewb] =
      kind === 'invoice'
        ? await manager.query<Row[]>(
            `SELECT ewb_no, DATE_FORMAT(ewb_date, '%Y-%m-%d %H:%i:%s') AS ewb_date, DATE_FORMAT(valid_until, '%Y-%m-%d %H:%i:%s') AS valid_until
               FROM eway_bills WHERE account_id = ? AND invoice_id = ? AND active_key = 1`,
            [accountId, id],
          )
        : [];
    const gst = gstFieldsOfRow({
      placeOfSupply: str(h.place_of_supply),
      supplyType: str(h.supply_type),
      reverseCharge: h.reverse_charge,
      roundOff: str(h.round_off),
      supplierSnapshot: h.supplier_snapshot,
      taxWarnings: null,
    });
    return {
      kind,
      id: Number(h.id),
      placeOfSupply: gst.placeOfSupply,
      supplyType: gst.supplyType,
      reverseCharge: gst.reverseCharge,
      roundOff: gst.roundOff,
      supplierSnapshot: gst.supplierSnapshot,
      clientId: Number(h.client_id),
      number: String(h.number),
      date: String(h.date),
      dueDate: str(h.due_date),
      validityDate: str(h.validity_date),
      currency: String(h.currency),
      exchangeRate: str(h.exchange_rate),
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
      deliveryAddress: str(h.delivery_address),
      destinationCountry: str(h.destination_country),
      shipToGstin: str(h.ship_to_gstin),
      shipToName: str(h.ship_to_name),
      reference: original ? String(original.invoice_number) : null,
      original: original ? { date: String(original.invoice_date), invoiceType: str(original.invoice_type), rate: str(original.single_rate) } : null,
      productLines: noteLines
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
            unit: str(l.unit),
            taxableValue: str(l.taxable_value),
            headerDiscount: str(l.header_discount),
            cessRate: str(l.cess_rate),
            cessAmount: str(l.cess_amount),
          })),
      noteLines: noteLines
        ? lines.map((l) => ({
            description: String(l.description),
            expenseDate: str(l.expense_date),
            amount: String(l.amount),
            hsnCode: str(l.hsn_code),
            quantity: str(l.quantity),
            unit: str(l.unit),
            taxableValue: str(l.taxable_value),
            taxRate: str(l.tax_rate),
            cgstAmount: str(l.cgst_amount),
            sgstAmount: str(l.sgst_amount),
            igstAmount: str(l.igst_amount),
            cessRate: str(l.cess_rate),
            cessAmount: str(l.cess_amount),
          }))
        : [],
      einvoice: irn ? { irn: String(irn.irn), ackNo: String(irn.ack_no), ackDate: String(irn.ack_date), signedQrCode: String(irn.signed_qr_code) } : null,
      ewayBill: ewb ? { ewbNo: String(ewb.ewb_no), ewbDate: String(ewb.ewb_date), validUntil: str(ewb.valid_until) } : null,
    };
  }

  async numbersOf(accountId: number, kind: DocumentKind, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const t = DOCUMENT_TABLES[kind];
    const rows: Array<{ id: number; number: string }> = await this.db
      .manager()
      .query(`SELECT id, ${t.number} AS number FROM ${t.table} WHERE account_id = ? AND id IN (?)`, [accountId, ids]);
    return new Map(rows.map((r) => [Number(r.id), String(r.number)]));
  }
}
