import { arr, bool, date, id, int, money, nstr, obj, ref, Schema, str } from './schema-kit';
import { total } from './resources';

/** What a PATCH of a tax document's status does to its number (rule 46(b)). */
export const ISSUE_ON_PATCH =
  'A draft holds a provisional number (`DRAFT/YY-YY/NNNN`); setting `status` to `issued` (or `archived`) gives it the next number of the tax series for the financial year of its date, in the same transaction. A document that holds a tax number cannot go back to `draft` (400 on `status`); cancel it instead.';

/** How a PATCH of payment_status (the spec's path) and the payment ledger stay in step. */
export const PAYMENT_STATUS_ON_PATCH =
  '`payment_status` `paid` or `partial` (the spec’s payment rules) records a payment of mode `other` (source `payment_status`) allocated to the document for what the header says was paid beyond the receipts allocated to it; `pending` removes such payments. Receipts allocated through /v1/payments stay: a PATCH may not say less was paid than they paid, nor change the client, currency, status (to draft or cancelled) or TDS they were allocated against (400; delete those allocations first).';

/** What deleting a tax document keeps (rule 46(b), GST records retained). */
export const DELETE_TAX_DOCUMENT =
  'The document is gone from the API (404 afterwards, absent from lists, analytics and exports). One that was issued keeps its number in the tax records: GSTR-1 Table 13 (`doc_issue`) counts it as cancelled. A draft is deleted outright.';

/** Deleting an invoice or debit note also releases its payments. */
export const DELETE_SETTLED_DOCUMENT = `${DELETE_TAX_DOCUMENT} Payments its payment status recorded go with it; receipts allocated to it are released (their amount returns to the client’s credit).`;

export const EWAY_BILL_LOCK =
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
export const signInThrottle = (counted: string) =>
  `${counted} are counted per username and per client address; over a limit the answer is 429 \`rate_limited\` with \`Retry-After\`. ` +
  'The counters fail closed: while they cannot be reached, the attempt is refused with 503 `not_available` and `Retry-After`, never let through uncounted.';

export const list = (key: string, item: Schema, extra: Record<string, Schema> = {}) => obj({ [key]: arr(item), total, ...extra });
const hasMore = bool({ description: 'More rows follow this page in the direction it was read: after it, or before it for `ending_before`' });
/** The answer of a list with cursors (`starting_after`, `ending_before`) and `updated_since`. */
export const cursorList = (key: string, item: Schema, extra: Record<string, Schema> = {}) => obj({ [key]: arr(item), total, has_more: hasMore, ...extra });
/** The answer of a list with cursors and incremental sync (`starting_after`, `ending_before`, `updated_since`, `order`, `include_deleted`). */
export const syncedList = (key: string, item: Schema) =>
  obj(
    {
      [key]: arr(item),
      total,
      has_more: hasMore,
      tombstones: arr(
        obj({
          id: id('deleted row (the id key of the rows)'),
          deleted_at: str({ format: 'date-time', description: 'When it was deleted, ISO 8601 in UTC', example: '2025-04-01T04:30:00Z' }),
        }),
        {
          description:
            'With `include_deleted=1`, on the first page only: the rows of this list deleted in the last 30 days (since `updated_since` when given), newest first',
        },
      ),
    },
    { optional: ['tombstones'] },
  );
export const paged = { limit: int({ minimum: 1, maximum: 200 }), offset: int({ minimum: 0 }) };
export const idOf = (key: string, what: string) => obj({ [key]: id(what) });
/** The answer of a create or update of a sales document: its id (and number) and the tax warnings of its lines. */
export const written = (key: string, what: string, numberKey?: string, extra: Record<string, Schema> = {}) =>
  obj({
    [key]: id(what),
    ...(numberKey ? { [numberKey]: str({ description: 'The number given to it' }) } : {}),
    ...extra,
    tax_warnings: arr(ref('TaxWarning'), { description: 'Where the document, stored as sent, disagrees with the tax rules' }),
  });
export const converted = obj({ invoice_id: id('new invoice'), invoice_number: str() });
/** convert-to-invoice of a quotation or proforma invoice (`from`: 'a quotation'). */
export const conversion = (operationId: string, from: string): OperationDoc => ({
  id: operationId,
  summary: `Create an invoice from ${from}`,
  data: converted,
  errors: [402, 409],
});
/** A create answered 201, refused at the plan's limit (402) or on a clash such as a number already taken (409). */
export const created = (operationId: string, summary: string, data: Schema): OperationDoc => ({
  id: operationId,
  summary,
  status: 201,
  data,
  errors: [402, 409],
});
export const share = obj({ share_url: str({ format: 'uri', description: 'Public link to the PDF; the same until revoked' }) });
export const deleted = ref('Deleted');
export const bulk = ref('BulkDeleteResult');
export const history = obj({ entries: arr(ref('AuditEntry')) });
export const paymentWritten = obj({
  payment_id: id('payment'),
  unallocated_amount: money('What the payment holds unallocated: the client’s credit (an advance)'),
  receipt_number: nstr({
    example: 'RV/25-26/0001',
    description: 'Receipt voucher number of an advance; null when the payment was fully allocated when recorded',
  }),
  allocation_ids: arr(id('allocation'), { description: 'The allocations made, in the order sent' }),
});

/** How a payment is recorded and what it does to the documents it settles. */
export const RECORD_PAYMENT = [
  'Records money received from a client (201) and allocates it to invoices and debit notes of that client: each allocation settles its document, whose `paid_amount` is the sum of its allocations, `payment_status` `partial` or `paid` by the spec’s rules (`pending` with none), and `payment_date` the latest allocation’s date.',
  'A document must be issued (or archived), of the payment’s client, in the payment’s currency, with the balance for the amount: otherwise 400 `validation_error` naming `allocations.<i>.<field>`; a document of another account is 404. The allocations may not take more than `amount` (and their `tds_amount`s more than the payment’s `tds_amount`): 400 on `allocations`.',
  'TDS counts once: an allocation’s `tds_amount` is recorded on an invoice that carries no TDS (its `tds_amount` grows and its receivable shrinks by it), and only matched against the TDS an invoice already carries.',
  'What is left unallocated is the client’s credit (`credit_balance` on the client), applied later with POST /v1/payments/{id}/allocations; such an advance takes a receipt voucher number (`RV/YY-YY/NNNN`, its own series per financial year of `payment_date`).',
  'Allocations to one document are decided one at a time under its row lock, so concurrent payments never settle more than its balance.',
].join('\n\n');

/** What creating a recurring invoice profile does. */
export const RECURRING_CREATE =
  'The invoice fields and `items` are a template, checked as an invoice dated on the first run would be (400 names the field). On each scheduled day (Asia/Kolkata) the worker makes one issued invoice dated that day, due `payment_terms_days` later, numbered in the financial year of its date, with the tax rules of that date and the client as it is then; its audit entry and its `invoice.created` webhook carry `source: recurring`. The first run is the first scheduled day on or after `start_date`, and never before today. `end_date` and `occurrences` end a schedule (not both). With `auto_send`, each invoice is emailed through sendouts (the client needs an email, the business a stored signature).';
export const savedProfile = obj({
  recurring_invoice_id: id('recurring invoice'),
  next_run_date: date({ nullable: true, description: 'The next scheduled run; null when the schedule has ended' }),
  tax_warnings: arr(ref('TaxWarning'), { description: 'Where the template, as an invoice of the next run date, disagrees with the tax rules' }),
});

/** Every route of the API: a route missing here fails the document build. */
