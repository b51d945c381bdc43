import { Allocation, AllocationDocumentType, Payment, PaymentMode, PaymentSource } from '@app/domain/payments/payment';
import { money2 } from '@app/domain/shared/money';
import { PaymentAllocationRow, PaymentRow } from './payment.entity';

/** An allocation row with the number of its document (joined where the read needs it). */
export type AllocationRecord = PaymentAllocationRow & { documentNumber?: string | null };

export const ALLOCATION_COLUMNS = `a.id AS id, a.account_id AS accountId, a.payment_id AS paymentId, a.client_id AS clientId,
  a.document_type AS documentType, a.document_id AS documentId, a.amount AS amount, a.tds_amount AS tdsAmount,
  a.tds_recorded AS tdsRecorded, a.payment_source AS paymentSource, a.allocation_date AS allocationDate, a.created_at AS createdAt`;

/** The number of an allocation's document, from the tables of the two kinds a payment settles. */
export const DOCUMENT_NUMBER = `CASE a.document_type
    WHEN 'invoice' THEN (SELECT i.invoice_number FROM invoices i WHERE i.id = a.document_id AND i.account_id = a.account_id)
    ELSE (SELECT n.debit_note_number FROM debit_notes n WHERE n.id = a.document_id AND n.account_id = a.account_id) END`;

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    accountId: row.accountId,
    clientId: row.clientId,
    amount: row.amount,
    tdsAmount: row.tdsAmount,
    allocatedAmount: row.allocatedAmount,
    allocatedTds: row.allocatedTds,
    currency: row.currency,
    paymentDate: row.paymentDate,
    mode: row.mode as PaymentMode,
    reference: row.reference,
    notes: row.notes,
    source: row.source as PaymentSource,
    sourceDocument:
      row.sourceDocumentType && row.sourceDocumentId ? { type: row.sourceDocumentType as AllocationDocumentType, id: Number(row.sourceDocumentId) } : null,
    receiptNumber: row.receiptNumber,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toAllocation(row: AllocationRecord): Allocation {
  return {
    id: Number(row.id),
    paymentId: Number(row.paymentId),
    clientId: Number(row.clientId),
    document: { type: row.documentType as AllocationDocumentType, id: Number(row.documentId) },
    amount: money2(row.amount),
    tdsAmount: money2(row.tdsAmount),
    tdsRecorded: Number(row.tdsRecorded) === 1,
    allocationDate: String(row.allocationDate),
    documentNumber: row.documentNumber ?? null,
    source: row.paymentSource as PaymentSource,
    createdAt: String(row.createdAt),
  };
}
