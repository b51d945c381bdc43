import type { OperationDoc } from './operations-kit';
import { arr, constant, date, int, money, nid, nstr, obj, ref, str, timestamp } from './schema-kit';
import {
  ISSUE_ON_PATCH,
  PAYMENT_STATUS_ON_PATCH,
  DELETE_SETTLED_DOCUMENT,
  EWAY_BILL_LOCK,
  cursorList,
  idOf,
  written,
  created,
  share,
  deleted,
  bulk,
  history,
  paymentWritten,
  RECORD_PAYMENT,
  RECURRING_CREATE,
  savedProfile,
  syncedList,
} from './operations-kit';

/** Operations of webhook deliveries, the audit log, sales documents, their PDFs and share links, payments and recurring invoices, in the order of the document. */
export const DOCUMENT_OPERATIONS: Record<string, OperationDoc> = {
  'GET /v1/webhooks/{id}': { id: 'getWebhook', summary: 'Get a webhook endpoint', data: ref('Webhook') },
  'PATCH /v1/webhooks/{id}': { id: 'updateWebhook', summary: 'Update a webhook endpoint', data: ref('Webhook') },
  'DELETE /v1/webhooks/{id}': { id: 'deleteWebhook', summary: 'Delete a webhook endpoint and its delivery log', data: deleted },
  'POST /v1/webhooks/{id}/rotate-secret': {
    id: 'rotateWebhookSecret',
    summary: 'A new signing secret, shown this once',
    description: 'A new signing secret, shown this once; the old one keeps signing beside it for 24 hours.',
    status: 200,
    data: obj({ secret: str({ example: 'whsec_…' }), previous_secret_expires_at: timestamp() }),
  },
  'GET /v1/webhooks/{id}/deliveries': {
    id: 'listWebhookDeliveries',
    summary: 'Deliveries to a webhook endpoint, newest first',
    data: cursorList('deliveries', ref('WebhookDelivery')),
  },
  'POST /v1/webhooks/{id}/deliveries/{delivery_id}/redeliver': {
    id: 'redeliverWebhookDelivery',
    summary: 'Send the event of a delivery again',
    description: 'Sends the event of a delivery again as a new delivery (202), queued behind the endpoint’s others.',
    status: 202,
    data: ref('WebhookDelivery'),
  },

  // audit
  'GET /v1/audit-log': { id: 'listAuditLog', summary: 'The audit trail, newest first', data: cursorList('entries', ref('AuditEntry')) },
  'GET /v1/invoices/{id}/history': { id: 'getInvoiceHistory', summary: 'Every change of an invoice, oldest first', data: history },
  'GET /v1/quotations/{id}/history': { id: 'getQuotationHistory', summary: 'Every change of a quotation, oldest first', data: history },
  'GET /v1/proforma-invoices/{id}/history': { id: 'getProformaInvoiceHistory', summary: 'Every change of a proforma invoice, oldest first', data: history },
  'GET /v1/debit-notes/{id}/history': { id: 'getDebitNoteHistory', summary: 'Every change of a debit note, oldest first', data: history },
  'GET /v1/credit-notes/{id}/history': { id: 'getCreditNoteHistory', summary: 'Every change of a credit note, oldest first', data: history },

  // document output
  'GET /v1/documents/{type}/{id}/pdf': { id: 'getDocumentPdf', summary: 'Download a document as PDF', binary: 'application/pdf', errors: [503] },
  'GET /v1/documents/{type}/{id}/share': { id: 'getDocumentShareLink', summary: 'Get or create the public link of a document', data: share },
  'POST /v1/documents/{type}/{id}/share': { id: 'createDocumentShareLink', summary: 'Get or create the public link of a document', data: share },
  'DELETE /v1/documents/{type}/{id}/share': { id: 'revokeDocumentShareLink', summary: 'Revoke the public link', data: obj({ revoked: constant(true) }) },
  'GET /v1/share/{token}': { id: 'getSharedDocumentPdf', summary: 'A shared document as PDF (public link)', binary: 'application/pdf', errors: [503] },
  'POST /v1/invoices/bulk-pdf': { id: 'getInvoicesPdfZip', summary: 'Download several invoices as a ZIP of PDFs', binary: 'application/zip', errors: [503] },

  // invoices
  'GET /v1/invoices': { id: 'listInvoices', summary: 'List invoices', data: syncedList('invoices', ref('InvoiceHeader')) },
  'POST /v1/invoices': created('createInvoice', 'Create an invoice', written('invoice_id', 'new invoice', 'invoice_number', { message: str() })),
  'POST /v1/invoices/bulk-delete': { id: 'bulkDeleteInvoices', summary: 'Delete several invoices', data: bulk },
  'GET /v1/invoices/recent-payments': {
    id: 'listRecentPayments',
    summary: 'Invoices that became paid recently',
    data: cursorList('payments', ref('RecentPayment')),
  },
  'GET /v1/invoices/{id}': { id: 'getInvoice', summary: 'Get an invoice with its lines', data: ref('Invoice') },
  'PATCH /v1/invoices/{id}': {
    id: 'updateInvoice',
    summary: 'Update an invoice',
    description: `${ISSUE_ON_PATCH}\n\n${PAYMENT_STATUS_ON_PATCH}\n\n${EWAY_BILL_LOCK}`,
    data: written('invoice_id', 'invoice'),
    errors: [409],
  },
  'GET /v1/invoices/{id}/reminders': {
    id: 'listInvoiceReminders',
    summary: 'The payment reminders of an invoice: sent, and the next one',
    data: obj({
      sent: arr(
        obj({
          step: int({ minimum: 1, description: 'Position of the step in the schedule when it was sent' }),
          days_offset: int({ description: 'Days after the due date (negative: before)' }),
          step_date: date(),
          sendout_id: nid('queued email'),
          email_status: nstr({ description: 'Status of the email (GET /v1/sendouts); null when none was queued' }),
          error: nstr({ description: 'Why no email was queued (no client email, no stored signature)' }),
          created_at: timestamp(),
        }),
      ),
      next: {
        ...obj({ step: int({ minimum: 1 }), days_offset: int(), date: date() }),
        nullable: true,
        description: 'Null: reminders off, the invoice paid or cancelled, the client opted out, or no step left',
      },
    }),
  },
  'DELETE /v1/invoices/{id}': {
    id: 'deleteInvoice',
    summary: 'Delete an invoice',
    description: `${DELETE_SETTLED_DOCUMENT} ${EWAY_BILL_LOCK}`,
    data: deleted,
    errors: [409],
  },

  // payments
  'GET /v1/payments': {
    id: 'listPayments',
    summary: 'List payments',
    description: 'Newest payment date first; filters combine: `client_id`, `fy_start_year` (or `date_from`/`date_to`) on the payment date, `mode`.',
    data: syncedList('payments', ref('PaymentHeader')),
  },
  'POST /v1/payments': {
    id: 'createPayment',
    summary: 'Record a payment received',
    description: RECORD_PAYMENT,
    status: 201,
    data: paymentWritten,
  },
  'POST /v1/payments/bulk-delete': { id: 'bulkDeletePayments', summary: 'Delete several payments (each reverses its allocations)', data: bulk },
  'GET /v1/payments/{id}': { id: 'getPayment', summary: 'Get a payment with its allocations', data: ref('Payment') },
  'GET /v1/payments/{id}/pdf': {
    id: 'getReceiptVoucherPdf',
    summary: 'The receipt voucher of an advance as PDF',
    description:
      'Only a payment with a `receipt_number` (an advance) has a receipt voucher (CGST rule 50); another payment is 404. The voucher prints the supplier and recipient (name, address, GSTIN), the voucher number and date, a description, the amount of the advance (the payment less what it settled of bills dated on or before its date), the place of supply (state and code; not determinable: inter-State), reverse charge and the signature. Advances for services show the GST included in the advance (tax = advance x rate / (100 + rate); CGST and SGST within the state, else IGST); advances for goods show no tax (notification 66/2017-Central Tax). `supply` and `tax_rate` say what the advance is for; by default both come from the invoices the advance was applied to, else the client’s latest invoice (SAC codes of chapter 99 are services, the highest rate of those lines), else the account’s inventory, else services at 18% (rule 50, proviso).',
    binary: 'application/pdf',
    errors: [503],
  },
  'PATCH /v1/payments/{id}': {
    id: 'updatePayment',
    summary: 'Change the reference or notes of a payment',
    description: 'Only `reference` and `notes` change here; the amounts change through allocations (or delete the payment and record it again).',
    data: idOf('payment_id', 'payment'),
  },
  'DELETE /v1/payments/{id}': {
    id: 'deletePayment',
    summary: 'Delete a payment',
    description:
      "Every allocation of the payment is reversed: each document's `paid_amount`, `payment_status`, `payment_date` (and TDS the payment recorded on it) return to what its other allocations say.",
    data: deleted,
  },
  'POST /v1/payments/{id}/allocations': {
    id: 'allocatePayment',
    summary: 'Apply what a payment holds unallocated to documents',
    description:
      "Allocates part of the payment's unallocated amount (an advance, say) to invoices or debit notes of its client, dated `allocation_date` (default today). The same rules as on create; 400 when the allocations take more than the payment holds unallocated.",
    status: 201,
    data: paymentWritten,
  },
  'DELETE /v1/payments/{id}/allocations/{allocation_id}': {
    id: 'deletePaymentAllocation',
    summary: 'Remove one allocation of a payment',
    description: "The document's balance comes back and the amount returns to the payment's unallocated amount (the client's credit).",
    data: obj({ deleted: constant(true), unallocated_amount: money('What the payment holds unallocated now') }),
  },

  // recurring invoices
  'GET /v1/recurring-invoices': {
    id: 'listRecurringInvoices',
    summary: 'List recurring invoice profiles',
    description: 'Newest first; `status` and `client_id` filter.',
    data: syncedList('recurring_invoices', ref('RecurringInvoice')),
  },
  'POST /v1/recurring-invoices': {
    id: 'createRecurringInvoice',
    summary: 'Create a recurring invoice profile',
    description: RECURRING_CREATE,
    status: 201,
    data: savedProfile,
    errors: [409],
  },
};
