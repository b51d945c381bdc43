import { DEVICE_PLATFORMS } from '@app/domain/notifications/device.repository.port';
import { EXPENSE_CATEGORIES } from '@app/domain/expenses/expense';
import { arr, bool, constant, date, id, int, money, nid, nstr, ntimestamp, obj, oneOf, ref, Schema, str, timestamp } from './schema-kit';
import { count, total } from './resources';

/** What a PATCH of a tax document's status does to its number (rule 46(b)). */
const ISSUE_ON_PATCH =
  'A draft holds a provisional number (`DRAFT/YY-YY/NNNN`); setting `status` to `issued` (or `archived`) gives it the next number of the tax series for the financial year of its date, in the same transaction. A document that holds a tax number cannot go back to `draft` (400 on `status`); cancel it instead.';

/** How a PATCH of payment_status (the spec's path) and the payment ledger stay in step. */
const PAYMENT_STATUS_ON_PATCH =
  '`payment_status` `paid` or `partial` (the spec’s payment rules) records a payment of mode `other` (source `payment_status`) allocated to the document for what the header says was paid beyond the receipts allocated to it; `pending` removes such payments. Receipts allocated through /v1/payments stay: a PATCH may not say less was paid than they paid, nor change the client, currency, status (to draft or cancelled) or TDS they were allocated against (400; delete those allocations first).';

/** What deleting a tax document keeps (rule 46(b), GST records retained). */
const DELETE_TAX_DOCUMENT =
  'The document is gone from the API (404 afterwards, absent from lists, analytics and exports). One that was issued keeps its number in the tax records: GSTR-1 Table 13 (`doc_issue`) counts it as cancelled. A draft is deleted outright.';

/** Deleting an invoice or debit note also releases its payments. */
const DELETE_SETTLED_DOCUMENT = `${DELETE_TAX_DOCUMENT} Payments its payment status recorded go with it; receipts allocated to it are released (their amount returns to the client’s credit).`;

const EWAY_BILL_LOCK =
  'While the invoice has an e-way bill in force (active, not past its validity), a change of its goods, quantities, values, client, place of supply, delivery address or ship-to party, cancelling it and deleting it answer 409 `conflict` naming the bill (`details.ewb_no`): cancel the e-way bill first (bulk delete skips such an invoice).';

/** How one operation answers, beyond what Nest reflects from the controller. */
export interface OperationDoc {
  /** Stable operationId: a client's method name. */
  id: string;
  summary: string;
  description?: string;
  /** Success status when it is not the one Nest reflects. */
  status?: number;
  /** `data` of the success envelope; `binary` for a file answer. */
  data?: Schema;
  binary?: 'application/pdf' | 'application/zip' | 'text/plain';
  /** A file the operation answers instead of the JSON when the query asks for it (`?format=xlsx`). */
  alternative?: { contentType: string; description: string };
  /** Further success answers (status → data schema). */
  also?: Record<number, { description: string; data: Schema }>;
  /** Error statuses besides the ones every operation of its kind can answer. */
  errors?: number[];
  /** Answers 304 Not Modified to a matching If-None-Match. */
  cacheable?: boolean;
}

/** How the sign-in throttle answers, for the operations that check a password (`counted`: what it counts). */
const signInThrottle = (counted: string) =>
  `${counted} are counted per username and per client address; over a limit the answer is 429 \`rate_limited\` with \`Retry-After\`. ` +
  'The counters fail closed: while they cannot be reached, the attempt is refused with 503 `not_available` and `Retry-After`, never let through uncounted.';

const list = (key: string, item: Schema, extra: Record<string, Schema> = {}) => obj({ [key]: arr(item), total, ...extra });
const paged = { limit: int({ minimum: 1, maximum: 200 }), offset: int({ minimum: 0 }) };
const idOf = (key: string, what: string) => obj({ [key]: id(what) });
/** The answer of a create or update of a sales document: its id (and number) and the tax warnings of its lines. */
const written = (key: string, what: string, numberKey?: string, extra: Record<string, Schema> = {}) =>
  obj({
    [key]: id(what),
    ...(numberKey ? { [numberKey]: str({ description: 'The number given to it' }) } : {}),
    ...extra,
    tax_warnings: arr(ref('TaxWarning'), { description: 'Where the document, stored as sent, disagrees with the tax rules' }),
  });
const converted = obj({ invoice_id: id('new invoice'), invoice_number: str() });
/** convert-to-invoice of a quotation or proforma invoice (`from`: 'a quotation'). */
const conversion = (operationId: string, from: string): OperationDoc => ({
  id: operationId,
  summary: `Create an invoice from ${from}`,
  data: converted,
  errors: [402, 409],
});
/** A create answered 201, refused at the plan's limit (402) or on a clash such as a number already taken (409). */
const created = (operationId: string, summary: string, data: Schema): OperationDoc => ({ id: operationId, summary, status: 201, data, errors: [402, 409] });
const share = obj({ share_url: str({ format: 'uri', description: 'Public link to the PDF; the same until revoked' }) });
const deleted = ref('Deleted');
const bulk = ref('BulkDeleteResult');
const history = obj({ entries: arr(ref('AuditEntry')) });
const paymentWritten = obj({
  payment_id: id('payment'),
  unallocated_amount: money('What the payment holds unallocated: the client’s credit (an advance)'),
  receipt_number: nstr({
    example: 'RV/25-26/0001',
    description: 'Receipt voucher number of an advance; null when the payment was fully allocated when recorded',
  }),
  allocation_ids: arr(id('allocation'), { description: 'The allocations made, in the order sent' }),
});

/** How a payment is recorded and what it does to the documents it settles. */
const RECORD_PAYMENT = [
  'Records money received from a client (201) and allocates it to invoices and debit notes of that client: each allocation settles its document, whose `paid_amount` is the sum of its allocations, `payment_status` `partial` or `paid` by the spec’s rules (`pending` with none), and `payment_date` the latest allocation’s date.',
  'A document must be issued (or archived), of the payment’s client, in the payment’s currency, with the balance for the amount: otherwise 400 `validation_error` naming `allocations.<i>.<field>`; a document of another account is 404. The allocations may not take more than `amount` (and their `tds_amount`s more than the payment’s `tds_amount`): 400 on `allocations`.',
  'TDS counts once: an allocation’s `tds_amount` is recorded on an invoice that carries no TDS (its `tds_amount` grows and its receivable shrinks by it), and only matched against the TDS an invoice already carries.',
  'What is left unallocated is the client’s credit (`credit_balance` on the client), applied later with POST /v1/payments/{id}/allocations; such an advance takes a receipt voucher number (`RV/YY-YY/NNNN`, its own series per financial year of `payment_date`).',
  'Allocations to one document are decided one at a time under its row lock, so concurrent payments never settle more than its balance.',
].join('\n\n');

/** What creating a recurring invoice profile does. */
const RECURRING_CREATE =
  'The invoice fields and `items` are a template, checked as an invoice dated on the first run would be (400 names the field). On each scheduled day (Asia/Kolkata) the worker makes one issued invoice dated that day, due `payment_terms_days` later, numbered in the financial year of its date, with the tax rules of that date and the client as it is then; its audit entry and its `invoice.created` webhook carry `source: recurring`. The first run is the first scheduled day on or after `start_date`, and never before today. `end_date` and `occurrences` end a schedule (not both). With `auto_send`, each invoice is emailed through sendouts (the client needs an email, the business a stored signature).';
const savedProfile = obj({
  recurring_invoice_id: id('recurring invoice'),
  next_run_date: date({ nullable: true, description: 'The next scheduled run; null when the schedule has ended' }),
  tax_warnings: arr(ref('TaxWarning'), { description: 'Where the template, as an invoice of the next run date, disagrees with the tax rules' }),
});

/** Every route of the API: a route missing here fails the document build. */
export const OPERATIONS: Record<string, OperationDoc> = {
  'GET /health': {
    id: 'getHealth',
    summary: 'Health of the service',
    description: 'Database and Redis reachability; 503 not_available when either is down.',
    data: obj({ status: constant('ok'), database: constant('up'), redis: constant('up') }),
    errors: [503],
  },
  'GET /health/live': {
    id: 'getLiveness',
    summary: 'Liveness of the process',
    description: 'Answers 200 while the process runs, whatever its dependencies: restart the process only when this fails.',
    data: obj({ status: constant('ok') }),
  },
  'GET /health/ready': {
    id: 'getReadiness',
    summary: 'Readiness to serve',
    description: 'Database and Redis reachability; 503 not_available when either is down (take the process out of rotation, do not restart it).',
    data: obj({ status: constant('ok'), database: constant('up'), redis: constant('up') }),
    errors: [503],
  },
  'GET /metrics': {
    id: 'getMetrics',
    summary: 'Prometheus metrics',
    description:
      'Request counts and latency histograms by route template and status, PDF render time, database pool use, queue depths and job outcomes, process figures. Needs `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); 404 when the server has no METRICS_TOKEN.',
    binary: 'text/plain',
    errors: [401, 404],
  },
  'GET /v1/me': { id: 'getMe', summary: 'The calling account', data: ref('Account') },

  // clients
  'GET /v1/clients': { id: 'listClients', summary: 'List clients', data: list('clients', ref('Client')) },
  'POST /v1/clients': {
    id: 'createClient',
    summary: 'Create a client',
    description:
      'Creates a client (201). When a client with the same phone, email or GSTIN exists, nothing is created and the answer is 200 with `skipped: true` and that client.',
    status: 201,
    data: obj({ skipped: constant(false), client: ref('Client') }),
    also: {
      200: {
        description: 'A client with the same phone, email or GSTIN exists: it is returned, nothing is created',
        data: obj({ skipped: constant(true), client: ref('Client') }),
      },
    },
    errors: [402],
  },
  'POST /v1/clients/bulk-delete': { id: 'bulkDeleteClients', summary: 'Delete several clients', data: bulk },
  'GET /v1/clients/{id}': {
    id: 'getClient',
    summary: 'Get a client',
    description: "The client, with `credit_balance`: what its payments in the account's currency hold unallocated (advances).",
    data: ref('ClientDetail'),
  },
  'GET /v1/clients/{id}/statement': {
    id: 'getClientStatement',
    summary: "A client's statement of account",
    description:
      "Permission `payments`. In the account's currency, for `from`..`to` (each defaulting to the current Indian financial year's bound) or `fy_start_year`: debits are issued or archived invoices (total less the TDS they carry of their own) and debit notes, credits are issued or archived credit notes and payments (amount plus the TDS not matched against a document's own TDS); drafts and cancelled documents never appear. Entries by date, documents before payments on a day (invoice, debit note, credit note), then id; `balance` runs from `opening_balance` (the same sum before `from`), and `closing_balance` = opening + debits - credits. 400 when `from` is after `to`. `format=pdf` answers the same statement printed (business, client, period, opening balance, entries, closing balance) through the PDF renderer; a statement is emailed with POST /v1/sendouts (`document_type` `statement`).",
    data: ref('ClientStatement'),
    alternative: { contentType: 'application/pdf', description: 'With format=pdf: the statement as a PDF (raw bytes, not the envelope)' },
    errors: [503],
  },
  'PATCH /v1/clients/{id}': { id: 'updateClient', summary: 'Update a client', data: ref('Client'), errors: [409] },
  'DELETE /v1/clients/{id}': { id: 'deleteClient', summary: 'Delete a client', data: deleted, errors: [409] },

  // inventory
  'GET /v1/inventory': { id: 'listInventoryItems', summary: 'List inventory items', data: list('items', ref('InventoryItem')) },
  'POST /v1/inventory': created('createInventoryItem', 'Create an inventory item', idOf('inventory_id', 'new item')),
  'POST /v1/inventory/bulk-delete': { id: 'bulkDeleteInventoryItems', summary: 'Delete several inventory items', data: bulk },
  'GET /v1/inventory/{id}': { id: 'getInventoryItem', summary: 'Get an inventory item', data: ref('InventoryItem') },
  'PATCH /v1/inventory/{id}': { id: 'updateInventoryItem', summary: 'Update an inventory item', data: idOf('inventory_id', 'item'), errors: [409] },
  'DELETE /v1/inventory/{id}': { id: 'deleteInventoryItem', summary: 'Delete an inventory item', data: deleted, errors: [409] },
  'GET /v1/inventory/{id}/movements': { id: 'listStockMovements', summary: 'Stock movements of an item', data: obj({ movements: arr(ref('StockMovement')) }) },

  // expenses
  'GET /v1/expenses': { id: 'listExpenses', summary: 'List expenses', data: list('expenses', ref('Expense')) },
  'POST /v1/expenses': { id: 'createExpense', summary: 'Create an expense', status: 201, data: idOf('expense_id', 'new expense') },
  'GET /v1/expenses/categories': { id: 'listExpenseCategories', summary: 'Expense categories', data: obj({ categories: arr(oneOf(EXPENSE_CATEGORIES)) }) },
  'POST /v1/expenses/bulk-delete': { id: 'bulkDeleteExpenses', summary: 'Delete several expenses', data: bulk },
  'GET /v1/expenses/{id}': { id: 'getExpense', summary: 'Get an expense', data: ref('Expense') },
  'PATCH /v1/expenses/{id}': { id: 'updateExpense', summary: 'Update an expense', data: idOf('expense_id', 'expense') },
  'DELETE /v1/expenses/{id}': { id: 'deleteExpense', summary: 'Delete an expense', data: deleted },
  'GET /v1/expenses/{id}/repeat': { id: 'repeatExpense', summary: 'An expense prefilled for a new entry', data: ref('ExpenseDraft') },

  // settings
  'GET /v1/settings/reminders': {
    id: 'getReminderSettings',
    summary: 'The payment reminder schedule',
    description: 'Off by default, with three suggested steps (3 days before the due date, 1 and 7 days after). See docs/reminders.md.',
    data: ref('ReminderSettings'),
  },
  'PATCH /v1/settings/reminders': {
    id: 'updateReminderSettings',
    summary: 'Change the payment reminder schedule',
    description:
      'Up to five steps, each `days_offset` days after the due date (negative: before it) with its subject and message. `steps`, when sent, replaces every step. Turning reminders on sends no step dated before that day. Each step is sent once per issued invoice still unpaid on its day whose client has not opted out (`reminders_opt_out`), as an email of the invoice through sendouts: its PDF (with the UPI QR of the amount due) and, when the business has a UPI id, the UPI link of the balance.',
    data: ref('ReminderSettings'),
  },
  'GET /v1/settings/business': { id: 'getBusinessProfile', summary: 'Get the business profile', data: ref('BusinessProfile') },
  'PATCH /v1/settings/business': { id: 'updateBusinessProfile', summary: 'Update the business profile', data: ref('BusinessProfile') },
  'GET /v1/settings/templates': { id: 'getInvoiceTemplates', summary: 'The PDF template in use and the ones available', data: ref('Templates') },
  'PATCH /v1/settings/templates': { id: 'updateInvoiceTemplate', summary: 'Choose the PDF template', data: ref('Templates') },
  'GET /v1/settings/api-key': {
    id: 'getApiKey',
    summary: 'The API key, masked',
    data: obj({ api_key_masked: nstr({ example: 'ik_live_••••••••3f9a' }), created_at: ntimestamp() }),
  },
  'GET /v1/settings/users': { id: 'listUsers', summary: 'List the users of the account', data: list('users', ref('SubUser'), paged) },
  'POST /v1/settings/users': created('createUser', 'Create a sub-user', ref('SubUser')),
  'GET /v1/settings/users/{id}': { id: 'getUser', summary: 'Get a user', data: ref('SubUser') },
  'PATCH /v1/settings/users/{id}': {
    id: 'updateUser',
    summary: 'Update a sub-user',
    description:
      "Every change ends the user's sessions. A sub-user may change only users whose permissions are a subset of its own and never sets another user's password (403); the owner and the API key may.",
    data: ref('SubUser'),
    errors: [409],
  },
  'DELETE /v1/settings/users/{id}': {
    id: 'deleteUser',
    summary: 'Delete a sub-user',
    description: 'A sub-user may delete only users whose permissions are a subset of its own (403).',
    data: deleted,
  },
  'GET /v1/settings/ca-sync': { id: 'getCaSyncSettings', summary: 'CA-sync settings and how the last send went', data: ref('CaSyncSettings'), errors: [402] },
  'PATCH /v1/settings/ca-sync': { id: 'updateCaSyncSettings', summary: 'Change the CA-sync settings', data: ref('CaSyncSettings'), errors: [402] },
  'POST /v1/settings/ca-sync/test-send': {
    id: 'testCaSyncSend',
    summary: 'Queue the books of a period for the CA now',
    description: 'Queues the workbook of a period (default: the period before today) for the CA email (202). Pro accounts only.',
    status: 202,
    data: obj({ queued: constant(true), send_id: id('send'), period: str({ example: '2026-10' }), period_from: date(), period_to: date() }),
    errors: [402],
  },
  'GET /v1/settings/ca-sync/sends': {
    id: 'listCaSyncSends',
    summary: 'The ten latest CA-sync sends, newest first',
    data: obj({ sends: arr(ref('CaSyncSend')) }),
    errors: [402],
  },

  // webhooks
  'GET /v1/webhooks': { id: 'listWebhooks', summary: 'Webhook endpoints of the account', data: obj({ webhooks: arr(ref('Webhook')) }) },
  'POST /v1/webhooks': {
    id: 'createWebhook',
    summary: 'Add a webhook endpoint',
    description: 'Adds an endpoint (201); the answer carries its signing secret (`whsec_...`), shown this once.',
    status: 201,
    data: ref('WebhookWithSecret'),
    errors: [409],
  },
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
    data: list('deliveries', ref('WebhookDelivery')),
  },
  'POST /v1/webhooks/{id}/deliveries/{delivery_id}/redeliver': {
    id: 'redeliverWebhookDelivery',
    summary: 'Send the event of a delivery again',
    description: 'Sends the event of a delivery again as a new delivery (202), queued behind the endpoint’s others.',
    status: 202,
    data: ref('WebhookDelivery'),
  },

  // audit
  'GET /v1/audit-log': { id: 'listAuditLog', summary: 'The audit trail, newest first', data: list('entries', ref('AuditEntry')) },
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
  'GET /v1/invoices': { id: 'listInvoices', summary: 'List invoices', data: list('invoices', ref('InvoiceHeader')) },
  'POST /v1/invoices': created('createInvoice', 'Create an invoice', written('invoice_id', 'new invoice', 'invoice_number', { message: str() })),
  'POST /v1/invoices/bulk-delete': { id: 'bulkDeleteInvoices', summary: 'Delete several invoices', data: bulk },
  'GET /v1/invoices/recent-payments': { id: 'listRecentPayments', summary: 'Invoices that became paid recently', data: list('payments', ref('RecentPayment')) },
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
    data: list('payments', ref('PaymentHeader')),
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
    data: list('recurring_invoices', ref('RecurringInvoice')),
  },
  'POST /v1/recurring-invoices': {
    id: 'createRecurringInvoice',
    summary: 'Create a recurring invoice profile',
    description: RECURRING_CREATE,
    status: 201,
    data: savedProfile,
    errors: [409],
  },
  'GET /v1/recurring-invoices/{id}': {
    id: 'getRecurringInvoice',
    summary: 'Get a recurring invoice profile with its runs',
    data: ref('RecurringInvoiceWithRuns'),
  },
  'PATCH /v1/recurring-invoices/{id}': {
    id: 'updateRecurringInvoice',
    summary: 'Update a recurring invoice profile',
    description:
      'Merges the fields over the profile; `items`, when sent, replaces the lines of the template. Changes apply from the next run: invoices already made stay as they are. A changed schedule (or a completed profile given a longer one) runs from its first scheduled day on or after today.',
    data: savedProfile,
    errors: [409],
  },
  'DELETE /v1/recurring-invoices/{id}': {
    id: 'deleteRecurringInvoice',
    summary: 'Delete a recurring invoice profile',
    description: 'The profile and its runs are gone; the invoices it made stay.',
    data: deleted,
  },
  'POST /v1/recurring-invoices/{id}/pause': {
    id: 'pauseRecurringInvoice',
    summary: 'Pause a recurring invoice profile',
    description: 'A paused profile makes no invoice. 409 when it has completed.',
    data: ref('RecurringInvoice'),
    errors: [409],
  },
  'POST /v1/recurring-invoices/{id}/resume': {
    id: 'resumeRecurringInvoice',
    summary: 'Resume a paused recurring invoice profile',
    description:
      'The schedule goes on from today: the dates that passed while it was paused are not made (a pause is not downtime). 409 when it has completed.',
    data: ref('RecurringInvoice'),
    errors: [409],
  },
  'POST /v1/recurring-invoices/{id}/run-now': {
    id: 'runRecurringInvoiceNow',
    summary: "Make the profile's invoice dated today, now",
    description:
      'Makes the invoice of today (Asia/Kolkata) now, numbered in the financial year of today, and queues its email when auto_send is on. It counts as a run: a run due today or before is taken by it, and the schedule goes on after today. 409 when the profile already has a run dated today, has completed, or a worker is making its run at this moment. Works on a paused profile too.',
    status: 201,
    data: obj({
      invoice_id: id('new invoice'),
      invoice_number: str(),
      run_date: date(),
      sendout_id: nid('email queued by auto_send'),
      tax_warnings: arr(ref('TaxWarning')),
    }),
    errors: [402, 409],
  },

  // quotations
  'GET /v1/quotations': { id: 'listQuotations', summary: 'List quotations', data: list('quotations', ref('QuotationHeader')) },
  'POST /v1/quotations': created('createQuotation', 'Create a quotation', written('quotation_id', 'new quotation', 'quotation_number')),
  'POST /v1/quotations/bulk-delete': { id: 'bulkDeleteQuotations', summary: 'Delete several quotations', data: bulk },
  'POST /v1/quotations/{id}/convert-to-invoice': conversion('convertQuotationToInvoice', 'a quotation'),
  'GET /v1/quotations/{id}': { id: 'getQuotation', summary: 'Get a quotation with its lines', data: ref('Quotation') },
  'PATCH /v1/quotations/{id}': { id: 'updateQuotation', summary: 'Update a quotation', data: written('quotation_id', 'quotation'), errors: [409] },
  'DELETE /v1/quotations/{id}': { id: 'deleteQuotation', summary: 'Delete a quotation', data: deleted },

  // proforma invoices
  'GET /v1/proforma-invoices': { id: 'listProformaInvoices', summary: 'List proforma invoices', data: list('proforma_invoices', ref('ProformaInvoiceHeader')) },
  'POST /v1/proforma-invoices': {
    id: 'createProformaInvoice',
    summary: 'Create a proforma invoice',
    data: written('proforma_invoice_id', 'new proforma invoice', 'proforma_number'),
    errors: [402, 409],
  },
  'POST /v1/proforma-invoices/bulk-delete': { id: 'bulkDeleteProformaInvoices', summary: 'Delete several proforma invoices', data: bulk },
  'POST /v1/proforma-invoices/{id}/convert-to-invoice': conversion('convertProformaInvoiceToInvoice', 'a proforma invoice'),
  'GET /v1/proforma-invoices/{id}': { id: 'getProformaInvoice', summary: 'Get a proforma invoice with its lines', data: ref('ProformaInvoice') },
  'PATCH /v1/proforma-invoices/{id}': {
    id: 'updateProformaInvoice',
    summary: 'Update a proforma invoice',
    data: written('proforma_invoice_id', 'proforma invoice'),
    errors: [409],
  },
  'DELETE /v1/proforma-invoices/{id}': { id: 'deleteProformaInvoice', summary: 'Delete a proforma invoice', data: deleted },

  // notes
  'GET /v1/debit-notes': { id: 'listDebitNotes', summary: 'List debit notes', data: list('debit_notes', ref('DebitNoteHeader')) },
  'POST /v1/debit-notes': created('createDebitNote', 'Create a debit note', written('debit_note_id', 'new debit note')),
  'POST /v1/debit-notes/bulk-delete': { id: 'bulkDeleteDebitNotes', summary: 'Delete several debit notes', data: bulk },
  'GET /v1/debit-notes/{id}': { id: 'getDebitNote', summary: 'Get a debit note with its lines', data: ref('DebitNote') },
  'PATCH /v1/debit-notes/{id}': {
    id: 'updateDebitNote',
    summary: 'Update a debit note',
    description: `${ISSUE_ON_PATCH}\n\n${PAYMENT_STATUS_ON_PATCH}`,
    data: written('debit_note_id', 'debit note'),
    errors: [409],
  },
  'DELETE /v1/debit-notes/{id}': { id: 'deleteDebitNote', summary: 'Delete a debit note', description: DELETE_SETTLED_DOCUMENT, data: deleted },
  'GET /v1/credit-notes': { id: 'listCreditNotes', summary: 'List credit notes', data: list('credit_notes', ref('CreditNoteHeader')) },
  'POST /v1/credit-notes': { id: 'createCreditNote', summary: 'Create a credit note', data: written('credit_note_id', 'new credit note'), errors: [402, 409] },
  'POST /v1/credit-notes/bulk-delete': { id: 'bulkDeleteCreditNotes', summary: 'Delete several credit notes', data: bulk },
  'GET /v1/credit-notes/{id}': { id: 'getCreditNote', summary: 'Get a credit note with its lines', data: ref('CreditNote') },
  'PATCH /v1/credit-notes/{id}': {
    id: 'updateCreditNote',
    summary: 'Update a credit note',
    description: ISSUE_ON_PATCH,
    data: written('credit_note_id', 'credit note'),
    errors: [409],
  },
  'DELETE /v1/credit-notes/{id}': { id: 'deleteCreditNote', summary: 'Delete a credit note', description: DELETE_TAX_DOCUMENT, data: deleted },

  // auth
  'POST /v1/auth/login': {
    id: 'login',
    summary: 'Sign in (mobile app)',
    description:
      'Mobile sign-in: access token (1 hour) and refresh token (30 days).\n\n' +
      signInThrottle('Failed sign-ins') +
      ' Over a limit even the right password is refused.',
    data: ref('Login'),
    errors: [401, 403, 409, 429, 503],
  },
  'POST /v1/auth/refresh': { id: 'refreshTokens', summary: 'Rotate the tokens', data: ref('Tokens'), errors: [401, 403] },
  'POST /v1/auth/logout': { id: 'logout', summary: 'Sign out', data: obj({ logged_out: constant(true) }), errors: [401, 403] },
  'GET /v1/auth/me': { id: 'getCurrentUser', summary: 'The signed-in user', data: ref('CurrentUser') },
  'POST /v1/auth/change-password': {
    id: 'changePassword',
    summary: 'Change the password',
    description:
      'Changes the password under the policy; the other sessions of the user are signed out.\n\n' +
      signInThrottle('A wrong `current_password` is a failed sign-in: failures'),
    errors: [429, 503],
    data: obj({ updated: constant(true), password_upgrade_required: bool(), revoked_sessions: count() }),
  },
  'GET /v1/auth/sessions': { id: 'listSessions', summary: 'Signed-in devices of the user', data: obj({ sessions: arr(ref('Session')) }) },
  'DELETE /v1/auth/sessions': { id: 'revokeSession', summary: 'Revoke one session', data: obj({ revoked: constant(true), session_id: id('session') }) },
  'POST /v1/auth/sessions/revoke-others': {
    id: 'revokeOtherSessions',
    summary: 'Revoke every other session',
    data: obj({ revoked: count('Sessions revoked') }),
  },
  'POST /v1/auth/delete-account': {
    id: 'deleteAccount',
    summary: 'Delete the business account',
    description:
      'The owner soft-deletes the business account: every session and the API key stop working; documents are kept.\n\n' +
      signInThrottle('A wrong `password` is a failed sign-in: failures'),
    errors: [429, 503],
    data: obj({ deleted: constant(true), account_id: id('account'), revoked_sessions: count() }),
  },

  // sendouts
  'POST /v1/sendouts': {
    id: 'createSendout',
    summary: 'Email a document',
    description:
      "Queues an email of a document PDF; the worker sends it (the API never waits for SMTP). `document_type` `statement` (permission `payments`) emails the client's statement of account instead of a document: no `document_id`; the period is `from`/`to` or `fy_start_year` as GET /v1/clients/{id}/statement takes them (each bound defaulting to the current financial year's), fixed when the email is queued. The worker renders the statement PDF and attaches it.",
    data: obj({ success: constant(true), message: str(), queue_id: id('queue row') }),
    errors: [422],
  },
  'GET /v1/sendouts': { id: 'listSendouts', summary: 'Email history', data: obj({ history: arr(ref('Sendout')) }) },
  'GET /v1/sendouts/templates': { id: 'getSendoutTemplate', summary: 'Prefilled subject and message', data: obj({ subject: str(), message: str() }) },
  'GET /v1/sendouts/documents': {
    id: 'listSendoutDocuments',
    summary: "A client's documents to pick from",
    data: obj({ documents: arr(obj({ document_id: id('document'), label: str() })) }),
  },
  'DELETE /v1/sendouts/{queue_id}': { id: 'deleteSendout', summary: 'Cancel or remove a queued email', data: deleted },

  // analytics
  'GET /v1/analytics/summary': { id: 'getAnalyticsSummary', summary: 'Invoice count and revenue', data: ref('AnalyticsSummary') },
  'GET /v1/analytics/full': { id: 'getAnalytics', summary: 'The full dashboard', data: ref('AnalyticsFull') },
  'GET /v1/analytics/receivables-ageing': {
    id: 'getReceivablesAgeing',
    summary: 'Receivables ageing as of a date',
    description:
      "What clients still owe on issued and archived invoices and debit notes (receivable, the total less the TDS the document carries, less what its allocations dated on or before `as_of` paid), per client and in total, in buckets of days past due as of `as_of` (default today, Asia/Kolkata): `current` (not yet due, or no due date), `1_30`, `31_60`, `61_90`, `over_90`. Documents dated after `as_of`, drafts and cancelled documents are left out. Amounts are in the account's currency: a document in another currency is converted per document at its `exchange_rate` (rupees per unit, on an INR account), rounded half-up to the paisa; one without an exchange rate is left out and counted in `unconverted_documents`. `format=xlsx` answers the same figures as a workbook. 400 on an `as_of` that is not a date Y-m-d.",
    data: ref('ReceivablesAgeing'),
    alternative: {
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      description: 'With format=xlsx: the workbook (sheet Ageing: a row per client and a Total row; sheet About)',
    },
  },

  // GST exports
  'GET /v1/exports/gstr1': {
    id: 'getGstr1',
    summary: 'GSTR-1 of a month or quarter',
    description:
      "GSTR-1 of `period=YYYY-MM` or `quarter=YYYY-Qn` (financial-year quarters) in the JSON the GST portal's offline tool imports (`schemas/gstr1.schema.json`): b2b, b2cl, b2cs, cdnr, cdnur, exp, nil, hsn and doc_issue, computed from the invoices and notes of the period. Drafts are left out; cancelled invoices count only in doc_issue, and so do invoices and notes deleted after they were issued (as cancelled); doc_issue gives per series the range of numbers, how many it holds (`totnum`), the cancelled and deleted ones (`cancel`) and the rest (`net_issue`). `format=xlsx` answers the same tables as a workbook. 400 when neither or both of period and quarter are given, or the business has no GSTIN.",
    data: ref('Gstr1'),
    alternative: {
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      description: 'With format=xlsx: the workbook, one sheet per table',
    },
  },
  'POST /v1/exports/gstr1/filed': {
    id: 'markGstr1Filed',
    summary: "Mark a month's GSTR-1 filed",
    description:
      'Records that the GSTR-1 of `period` (a month, YYYY-MM) was filed on the portal: the time, and the invoices and notes the return reports now, against which `GET /v1/exports/gstr1a` tells what changed. 201 with the time; 409 `conflict` (`details.reason` `already_filed`, with `filed_at`) when the month is already marked, since GSTR-1A is filed once a period. 400 on a malformed period, a business without a GSTIN, or a foreign-currency document without exchange_rate.',
    status: 201,
    data: ref('Gstr1Filed'),
    errors: [409],
  },
  'GET /v1/exports/gstr1a': {
    id: 'getGstr1a',
    summary: 'GSTR-1A of a month marked filed',
    description:
      "The invoices and notes of `period` (YYYY-MM) created, changed, cancelled or deleted since the month's GSTR-1 was marked filed, found by comparing what the return reports now with what it reported when marked (not by timestamps): `changes` lists them, and GSTR-1's tables hold them as they are now (b2b, b2cl, exp, cdnr, cdnur: each document; one no longer reported as filed at 0) and the rows of b2cs, nil and hsn whose amounts differ from those filed. 409 `conflict` (`details.reason` `not_filed`) when the month is not marked filed; 400 on a malformed period.",
    data: ref('Gstr1a'),
    errors: [409],
  },
  'GET /v1/exports/gstr3b': {
    id: 'getGstr3b',
    summary: 'GSTR-3B outward supplies of a month or quarter',
    description:
      "Tables 3.1 (a) to (e), 3.1.1 and 3.2 of GSTR-3B for `period=YYYY-MM` or `quarter=YYYY-Qn`, in the portal's JSON field names (`return`, `schemas/gstr3b.schema.json`), computed from the documents GSTR-1 reports (drafts, cancelled and deleted documents left out; credit notes subtract, debit notes add; foreign-currency documents in rupees at their exchange_rate). `remarks` says what is not computed: input tax credit (table 4) and inward supplies, since the service records no purchases, and why 3.1(d), 3.1(e), 3.1.1 and the composition and UIN rows of 3.2 are empty. `format=xlsx` answers a workbook. 400 when neither or both of period and quarter are given, the business has no GSTIN, or a foreign-currency document has no exchange_rate.",
    data: ref('Gstr3b'),
    alternative: {
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      description: 'With format=xlsx: the workbook (sheets 3.1, 3.1.1, 3.2 and remarks)',
    },
  },
  'GET /v1/exports/einvoice/{id}': {
    id: 'getEInvoiceJson',
    summary: 'The IRP JSON of an invoice',
    description:
      'The invoice as the e-invoice registration portal takes it (IRP schema 1.1, `schemas/einvoice-1.1.schema.json`), checked against the schema, without sending it. 400 by field when the invoice cannot be e-invoiced (no GSTIN or PIN code, a recipient without a GSTIN other than an export, a line without an HSN code, a draft).',
    data: ref('IrpInvoice'),
    errors: [404],
  },
  'POST /v1/invoices/{id}/einvoice': {
    id: 'registerEInvoice',
    summary: 'Register an invoice with the e-invoice portal',
    description:
      'Sends the IRP JSON to the registration portal and stores the IRN, acknowledgement and signed QR code; the invoice PDF then shows the IRN and the QR code. Needs `einvoice_enabled` in the business settings. An invoice already registered answers its IRN; a portal that already has the invoice (duplicate IRN) gives back the existing registration. The answer is stored only when its IRN is the SHA-256 of supplier GSTIN, financial year, document type and number and the signed QR code verifies with the portal key (`EINVOICE_QR_PUBLIC_KEY`); otherwise 503 and nothing stored. 400 past the 30-day reporting limit (aggregate turnover of 10 crore rupees or more), 400 when the portal refuses (details keyed `portal.<code>`), 503 when it does not answer in time (nothing is stored; repeat the call), 503 not_configured without the portal settings.',
    data: ref('EInvoice'),
    errors: [404, 503],
  },
  'DELETE /v1/invoices/{id}/einvoice': {
    id: 'cancelEInvoice',
    summary: 'Cancel the IRN of an invoice',
    description:
      'Cancels the IRN at the portal within 24 hours of its acknowledgement (later: 400 saying until when it could be cancelled). The registration stays with `status: cancelled`; the invoice may be edited again.',
    data: ref('EInvoice'),
    errors: [404, 503],
  },
  'GET /v1/exports/einvoice/credit-notes/{id}': {
    id: 'getCreditNoteEInvoiceJson',
    summary: 'The IRP JSON of a credit note',
    description:
      'The credit note as the e-invoice registration portal takes it (document type `CRN`, IRP schema 1.1), checked against the schema, without sending it. 400 by field when it cannot be e-invoiced (a line without GST details or HSN code, a recipient without a GSTIN other than an export, a draft).',
    data: ref('IrpInvoice'),
    errors: [404],
  },
  'POST /v1/credit-notes/{id}/einvoice': {
    id: 'registerCreditNoteEInvoice',
    summary: 'Register a credit note (CRN) with the e-invoice portal',
    description:
      'As for invoices: sends the IRP JSON (`CRN`) and stores the IRN, acknowledgement and signed QR code once the IRN matches its definition and the QR signature verifies with the portal key (otherwise 503 and nothing stored). 400 past the 30-day reporting limit of a business with an aggregate turnover of 10 crore rupees or more, or when the portal refuses (details keyed `portal.<code>`); 503 when the portal does not answer in time, 503 not_configured without the portal settings.',
    data: ref('EInvoice'),
    errors: [404, 503],
  },
  'DELETE /v1/credit-notes/{id}/einvoice': {
    id: 'cancelCreditNoteEInvoice',
    summary: 'Cancel the IRN of a credit note',
    description:
      'Cancels the IRN at the portal within 24 hours of its acknowledgement (later: 400 saying until when). The registration stays with `status: cancelled`.',
    data: ref('EInvoice'),
    errors: [404, 503],
  },
  'GET /v1/exports/einvoice/debit-notes/{id}': {
    id: 'getDebitNoteEInvoiceJson',
    summary: 'The IRP JSON of a debit note',
    description:
      'The debit note as the e-invoice registration portal takes it (document type `DBN`, IRP schema 1.1), checked against the schema, without sending it. 400 by field when it cannot be e-invoiced (a line without GST details or HSN code, a recipient without a GSTIN other than an export, a draft).',
    data: ref('IrpInvoice'),
    errors: [404],
  },
  'POST /v1/debit-notes/{id}/einvoice': {
    id: 'registerDebitNoteEInvoice',
    summary: 'Register a debit note (DBN) with the e-invoice portal',
    description:
      'As for invoices: sends the IRP JSON (`DBN`) and stores the IRN, acknowledgement and signed QR code once the IRN matches its definition and the QR signature verifies with the portal key (otherwise 503 and nothing stored). 400 past the 30-day reporting limit of a business with an aggregate turnover of 10 crore rupees or more, or when the portal refuses (details keyed `portal.<code>`); 503 when the portal does not answer in time, 503 not_configured without the portal settings.',
    data: ref('EInvoice'),
    errors: [404, 503],
  },
  'DELETE /v1/debit-notes/{id}/einvoice': {
    id: 'cancelDebitNoteEInvoice',
    summary: 'Cancel the IRN of a debit note',
    description:
      'Cancels the IRN at the portal within 24 hours of its acknowledgement (later: 400 saying until when). The registration stays with `status: cancelled`.',
    data: ref('EInvoice'),
    errors: [404, 503],
  },

  // e-way bills
  'POST /v1/invoices/{id}/eway-bill': {
    id: 'generateEwayBill',
    summary: 'Generate the e-way bill of an invoice',
    description:
      'Sends Part A (the invoice, in rupees at its `exchange_rate`) and Part B (transport mode, distance, vehicle or transporter, transport document; `lr_number` and `transport_details` of the invoice fill the document number and transporter name when not given) to the NIC e-way bill system and stores the 12-digit number, its date and the validity rule 138(10) gives: one day per 200 km or part (over-dimensional cargo: per 20 km), ending at midnight (IST) of the last day counted from the day after generation. By road without a vehicle (transporter id only) the bill has no validity yet (`valid_until` null). 400 before anything is sent when the invoice is a draft or cancelled, has no goods (every line a service, SAC 99), its consignment value (goods with the tax charged) is not above `EWAY_BILL_THRESHOLD` (50,000 rupees), it is older than 180 days, or Part B is incomplete; 400 when the portal refuses the data (details keyed `portal.<code>`); 409 when the invoice has an active bill; 503 when the portal does not answer in time (nothing is stored), 503 not_configured without the portal settings or for another GSTIN than theirs.',
    status: 201,
    data: ref('EwayBill'),
    errors: [404, 409, 503],
  },
  'POST /v1/invoices/{id}/eway-bill/cancel': {
    id: 'cancelEwayBill',
    summary: 'Cancel the e-way bill of an invoice',
    description:
      "Cancels the active bill at the portal within 24 hours of its generation (rule 138(9)); later, a 400 keyed `ewb_no` gives the generation time and the deadline (IST), judged by the service clock before the portal is asked. The bill stays with `status: cancelled`; a new one may then be generated. 404 when the invoice has no bill; 409 when the portal refuses for the bill's state (verified in transit, already cancelled).",
    data: ref('EwayBill'),
    errors: [404, 409, 503],
  },
  'POST /v1/invoices/{id}/eway-bill/extend': {
    id: 'extendEwayBill',
    summary: 'Extend the validity of an e-way bill',
    description:
      "Extends the active bill (rule 138(10), proviso) from 8 hours before to 8 hours after its validity ends (otherwise 400 keyed `valid_until` with the window, IST): with the reason, where the goods are (place, state, PIN code), the distance left (at most the bill's) and how they move on (in movement: the vehicle, by default the bill's) or wait (in transit: road, warehouse or other, and the address). The new validity is counted from now for the distance left, to at most 360 days after generation in all. 409 when the portal refuses for the bill's state.",
    data: ref('EwayBill'),
    errors: [404, 409, 503],
  },
  'GET /v1/exports/eway-bill': {
    id: 'getEwayBillBulkJson',
    summary: "The e-way bill portal's bulk generation JSON of invoices",
    description:
      "The invoices `ids` as the e-way bill portal's bulk generation takes them (`version` and `billLists` with the portal's field names, `schemas/eway-bill.schema.json`), validated against that schema. Part B of each bill: the one given in the query (for every invoice), else that of the invoice's active e-way bill, else none (`transDistance` 0: the portal computes it from the PIN codes). Each invoice is checked as for generation; problems are keyed `ids.<id>.<field>` (400). 404 when an id is not an invoice of the account.",
    data: ref('EwayBillFile'),
    errors: [404],
  },

  // notifications
  'GET /v1/notifications': {
    id: 'listNotifications',
    summary: 'The notification feed',
    data: obj({ notifications: arr(ref('Notification')), unread_count: count(), ...paged }),
  },
  'GET /v1/notifications/unread-count': { id: 'getUnreadNotificationCount', summary: 'Unread notifications', data: obj({ unread_count: count() }) },
  'GET /v1/notifications/prefs': { id: 'getNotificationPrefs', summary: 'Push preferences', data: obj({ prefs: ref('NotificationPrefs') }) },
  'PATCH /v1/notifications/prefs': {
    id: 'updateNotificationPrefs',
    summary: 'Change push preferences',
    data: obj({ saved: constant(true), prefs: ref('NotificationPrefs') }),
  },
  'POST /v1/notifications/read-all': { id: 'markAllNotificationsRead', summary: 'Mark every notification read', data: obj({ marked_read: count() }) },
  'PATCH /v1/notifications/{id}/read': {
    id: 'markNotificationRead',
    summary: 'Mark one notification read',
    data: obj({ notification: obj({ notification_id: id('notification'), read_at: timestamp() }) }),
  },
  'POST /v1/devices': {
    id: 'registerDevice',
    summary: 'Register a push token',
    data: obj({ device_id: id('device'), registered: constant(true), platform: oneOf(DEVICE_PLATFORMS) }),
  },
  'DELETE /v1/devices': { id: 'unregisterDevice', summary: 'Unregister a push token', data: obj({ unregistered: constant(true) }) },

  // tds
  'GET /v1/tds/sections': { id: 'listTdsSections', summary: 'TDS sections', data: obj({ sections: arr(ref('TdsSection')) }) },
  'POST /v1/tds/sections': { id: 'createTdsSection', summary: 'Add a TDS section', data: obj({ section: ref('TdsSection') }), errors: [409] },
  'GET /v1/tds/sections/{id}': { id: 'getTdsSection', summary: 'Get a TDS section', data: obj({ section: ref('TdsSection') }) },
  'PATCH /v1/tds/sections/{id}': { id: 'updateTdsSection', summary: 'Update a TDS section', data: obj({ section: ref('TdsSection') }), errors: [409] },
  'DELETE /v1/tds/sections/{id}': { id: 'deleteTdsSection', summary: 'Delete a TDS section', data: deleted, errors: [409] },
  'POST /v1/tds/calculate': { id: 'calculateTds', summary: 'Calculate TDS on a payment', data: ref('TdsCalculation') },
  'GET /v1/tds/deductions': { id: 'listTdsDeductions', summary: 'TDS deductions', data: obj({ deductions: arr(ref('TdsDeduction')) }) },
  'PATCH /v1/tds/deductions/{id}/deposit': {
    id: 'depositTdsDeduction',
    summary: 'Mark a deduction deposited',
    data: obj({ deduction: ref('TdsDeduction') }),
    errors: [409],
  },
  'DELETE /v1/tds/deductions/{id}/deposit': { id: 'undoTdsDeposit', summary: 'Undo a deposit', data: obj({ deduction: ref('TdsDeduction') }), errors: [409] },
  'GET /v1/tds/reports': {
    id: 'getTdsReport',
    summary: 'TDS report of a financial year',
    data: obj({ fy_start_year: int(), summary: arr(ref('TdsReportRow')), receivable: arr(ref('TdsReportRow')) }),
  },
  'POST /v1/tds/certificates': { id: 'getTdsCertificatePdf', summary: 'Quarterly TDS certificate as PDF', binary: 'application/pdf', errors: [409, 503] },

  // public
  'GET /v1/app/version': { id: 'getAppVersion', summary: 'App versions', data: ref('AppVersion'), cacheable: true },
  'GET /v1/legal': { id: 'listLegalPolicies', summary: 'Legal policies', data: list('policies', ref('LegalSummary')), cacheable: true },
  'GET /v1/legal/{id}': { id: 'getLegalPolicy', summary: 'One legal policy', data: ref('LegalArticle'), cacheable: true },

  // billing
  'POST /v1/billing/ios-store/confirm': {
    id: 'confirmIosPurchase',
    summary: 'Confirm an App Store purchase',
    data: obj({ plan: ref('Plan') }),
    errors: [409, 503],
  },
  'POST /v1/billing/android-store/confirm': {
    id: 'confirmAndroidPurchase',
    summary: 'Confirm a Google Play purchase',
    data: obj({ plan: ref('Plan') }),
    errors: [409, 503],
  },
  // storefront integration
  'GET /v1/integrations/storefront': { id: 'getStorefront', summary: 'Storefront connection status', data: ref('StorefrontStatus') },
  'POST /v1/integrations/storefront': {
    id: 'connectStorefront',
    summary: 'Connect a shop',
    description:
      'Pro. Checks the access token with the shop (400 `validation_error` on `access_token` when refused; nothing is stored), stores it encrypted, registers the webhooks of orders/create, orders/updated, orders/cancelled and refunds/create, and answers the status. 409 when the account has a shop or the shop has an account.',
    status: 200,
    data: ref('StorefrontStatus'),
    errors: [402, 409],
  },
  'DELETE /v1/integrations/storefront': {
    id: 'disconnectStorefront',
    summary: 'Disconnect the shop',
    description: "Unregisters the shop's webhooks (best effort) and forgets the token; later deliveries are refused.",
    data: ref('StorefrontStatus'),
  },
  'POST /v1/integrations/storefront/backfill': {
    id: 'backfillStorefront',
    summary: 'Make invoices of past orders',
    description:
      'Pro. Starts a backfill of the orders created since `since` (all when absent) unless one runs; answers the status with its progress. 409 when no shop is connected.',
    status: 200,
    data: ref('StorefrontStatus'),
    errors: [402, 409],
  },
  'POST /v1/integrations/storefront/webhooks': {
    id: 'receiveStorefrontWebhook',
    summary: 'A webhook delivery of the connected shop',
    description:
      "Called by the shop: the shop-domain header names the account; the HMAC-SHA256 of the raw body (base64) with the connection's secret must match (401 otherwise, nothing stored). Stored once per webhook id, processed by the worker. Header names are configuration (docs/storefront.md).",
    data: obj({ received: constant(true), duplicate: bool() }),
    errors: [401],
  },
  'GET /v1/integrations/storefront/logs': {
    id: 'listStorefrontLogs',
    summary: 'Webhook deliveries of the shop and what became of them',
    description: 'Newest first; kept 30 days.',
    data: list('logs', ref('StorefrontLog')),
  },

  'POST /v1/billing/ios-store/notifications': {
    id: 'receiveAppStoreNotification',
    summary: 'App Store server notification',
    data: obj({ received: constant(true), duplicate: bool() }),
    errors: [503],
  },
  'POST /v1/billing/android-store/notifications': {
    id: 'receiveGooglePlayNotification',
    summary: 'Google Play developer notification',
    description:
      'Google Play real-time developer notification (Pub/Sub push): stored once, processed by the worker. When push authentication is configured, the Pub/Sub OIDC token must be sent as `Authorization: Bearer <token>` (401 otherwise).',
    data: obj({ received: constant(true), duplicate: bool() }),
    errors: [401, 503],
  },
};
