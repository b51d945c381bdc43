import { EInvoiceRegistration } from '@app/domain/einvoice/einvoice.port';
import { IRP_DOCUMENT_TYPES } from '@app/domain/einvoice/irp-payload';

export function presentEInvoice(r: EInvoiceRegistration) {
  return {
    invoice_id: r.kind === 'invoice' ? r.invoiceId : null,
    document_type: IRP_DOCUMENT_TYPES[r.kind],
    document_id: r.invoiceId,
    irn: r.irn,
    ack_no: r.ackNo,
    ack_date: r.ackDate,
    signed_qr_code: r.signedQrCode,
    status: r.status,
    cancelled_at: r.cancelledAt,
    cancel_reason: r.cancelReason,
  };
}
