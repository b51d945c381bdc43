import { CA_SYNC_FORMATS, CA_SYNC_FREQUENCIES } from '@app/domain/ca-sync/ca-sync';
import { WEBHOOK_EVENT_TYPES } from '@app/domain/webhooks/webhook-events';
import { BACKFILL_STATES, EVENT_STATES } from '@app/domain/storefront/storefront.ports';
import { AGE_BUCKETS } from '@app/domain/analytics/analytics-reader.port';
import {
  APPROVAL_STATUSES,
  DISCOUNT_TYPES,
  DOCUMENT_STATUSES,
  INVOICE_TYPES,
  PAYMENT_STATUSES,
  QUOTATION_DOCUMENT_KINDS,
} from '@app/domain/documents/document-enums';
import { DOCUMENT_KINDS, DOCUMENT_KIND_REGISTRY } from '@app/domain/documents/document-kinds';
import { INVOICE_TEMPLATES } from '@app/domain/documents/pdf-renderer.port';
import { EXPENSE_STATUSES, PAYMENT_METHODS } from '@app/domain/expenses/expense';
import { INVENTORY_TYPES } from '@app/domain/inventory/inventory-item';
import { DEVICE_PLATFORMS } from '@app/domain/notifications/device.repository.port';
import { CATEGORY_KEYS } from '@app/domain/notifications/notification-category';
import { SENDOUT_STATUSES } from '@app/domain/sendouts/sendout';
import { CATCH_UP_MODES, FREQUENCIES } from '@app/domain/recurring/recurring-schedule';
import { RECURRING_STATUSES } from '@app/domain/recurring/recurring-invoice';
import { SUPPORTED_CURRENCIES } from '@app/domain/shared/currency';
import { SUPPLY_TYPES } from '@app/domain/tax/supply';
import { TAX_WARNING_CODES } from '@app/domain/tax/tax-engine';
import { PERMISSION_KEYS } from '@app/domain/shared/principal';
import { STATEMENT_ENTRY_TYPES } from '@app/domain/payments/client-statement';
import { SENDOUT_TYPES } from '@app/domain/sendouts/sendout-rules';
import { ALLOCATION_DOCUMENT_TYPES, PAYMENT_MODES, PAYMENT_SOURCES } from '@app/domain/payments/payment';
import { PAYEE_TYPES, TDS_ACTS, THRESHOLD_MODES } from '@app/domain/tds/tds-section';
import { CARGO_KINDS, MAX_DISTANCE_KM } from '@app/domain/eway-bill/eway-bill-validity';
import { TRANSPORT_MODES } from '@app/domain/eway-bill/part-b';
import { STATUS } from '../error-envelope.filter';
import gstr1Schema from '../../../../../schemas/gstr1.schema.json';
import gstr3bSchema from '../../../../../schemas/gstr3b.schema.json';
import irpSchema from '../../../../../schemas/einvoice-1.1.schema.json';
import ewayBillSchema from '../../../../../schemas/eway-bill.schema.json';
import { inlineJsonSchema } from './json-schema';
import {
  arr,
  bool,
  constant,
  date,
  id,
  int,
  keyed,
  money,
  ndate,
  nid,
  nint,
  nmoney,
  nnum,
  noneOf,
  nstr,
  ntimestamp,
  num,
  obj,
  oneOf,
  ref,
  Schema,
  str,
  timestamp,
} from './schema-kit';

const currency = str({ description: 'ISO 4217 code', example: 'INR', enum: [...SUPPORTED_CURRENCIES] });
const count = (description?: string) => int({ minimum: 0, ...(description ? { description } : {}) });
const total = count('Rows matching the filters, whatever limit and offset say');
const discountType = noneOf(DISCOUNT_TYPES);

/** GSTR-1's schema with its definitions inlined, whose tables GSTR-1A repeats. */
const gstr1Inline = inlineJsonSchema(gstr1Schema) as { properties: Record<string, Schema> };
const gstr1Table = (name: string): Schema => gstr1Inline.properties[name];

/** The GST fields of every sales document's header (list rows and single reads). */
const gstHeader = {
  place_of_supply: nstr({
    description: 'GST state code the tax follows (96: a foreign country); null only on documents made before it was kept',
    example: '27',
  }),
  supply_type: noneOf(SUPPLY_TYPES, { description: 'null only on documents made before it was kept' }),
  reverse_charge: bool({ description: 'Tax payable by the recipient on reverse charge' }),
  round_off: nmoney('What rounding the total to the rupee added (signed); null when the total is not rounded'),
  exchange_rate: nnum({
    description:
      'Rupees per unit of the currency (up to 4 decimals, CGST Rules rule 34); null on INR documents and on a foreign-currency document without one (warning exchange_rate_missing)',
    example: 83.25,
  }),
};

/** What a single read adds: the supplier as recorded when the document was made, and the tax warnings. */
const gstDetails = {
  supplier: {
    ...obj(
      { name: nstr(), address: nstr(), gstin: nstr(), pan: nstr(), state_code: nstr() },
      { description: 'The business as it was when the document was made (printed on its PDF); null on documents made before it was kept' },
    ),
    nullable: true,
  },
  tax_warnings: arr(ref('TaxWarning')),
};

/** One line of an invoice, quotation or proforma invoice (`inventory_id` on invoice lines only). */
function productLine(parentKey: string, withInventory: boolean): Schema {
  return obj({
    item_id: id('line'),
    [parentKey]: id('document'),
    item_description: str(),
    hsn_code: str({ description: 'HSN code of 4, 6 or 8 digits or SAC of 6 digits starting 99 (4 for its heading); may be empty' }),
    quantity: num({ description: 'Up to 3 decimals' }),
    rate: money('Unit rate before tax'),
    tax_rate: num({ description: 'GST rate in percent (one the GSTR-1 format accepts)' }),
    cgst_amount: money(),
    sgst_amount: money(),
    igst_amount: money(),
    total_amount: money('Line total including tax'),
    discount_type: discountType,
    discount_value: nmoney(),
    ...(withInventory ? { inventory_id: nid('inventory item') } : {}),
    unit: nstr({ description: 'Unit quantity code (UQC), e.g. NOS', example: 'NOS' }),
    taxable_value: nmoney(
      "The value the tax is on: quantity x rate less the line discount and less the line's share of the header discount; null on lines stored before it was kept",
    ),
    header_discount: nmoney(
      "The line's share of the header discount, taken off its taxable value before tax (0 without one); null on lines stored before header discounts were shared among the lines (their document took it off the total after tax)",
    ),
    cess_rate: nnum({ description: 'Compensation cess rate in percent (ad valorem); null without one' }),
    cess_amount: money('Compensation cess of the line, part of its total (0 without cess)'),
  });
}

function noteLine(parentKey: string): Schema {
  return obj({
    item_id: id('line'),
    [parentKey]: id('note'),
    description: str(),
    expense_date: ndate(),
    amount: money('Line total'),
    hsn_code: nstr(),
    quantity: nnum(),
    unit: nstr({ description: 'Unit quantity code (UQC)' }),
    taxable_value: nmoney('With it the line carries GST; null on a plain amount line'),
    tax_rate: nnum(),
    cgst_amount: nmoney(),
    sgst_amount: nmoney(),
    igst_amount: nmoney(),
    cess_rate: nnum({ description: 'Compensation cess rate in percent (ad valorem); null without one' }),
    cess_amount: nmoney('Compensation cess of the line, part of its amount: 0 on a line with a taxable value and no cess, null on a plain amount line'),
  });
}

const noteCommon = {
  client_id: id('client'),
  currency,
  status: oneOf(DOCUMENT_STATUSES),
  declaration_text: nstr(),
  transport_details: nstr(),
  lr_number: nstr(),
  lut_number: nstr(),
  original_invoice_id: nid('invoice the note refers to'),
  ...gstHeader,
  total_amount: money(),
  fy_start_year: int({ description: 'Financial year (April to March) the note is numbered in' }),
  created_at: timestamp(),
  updated_at: timestamp(),
};

const salesCommon = {
  lut_number: nstr(),
  declaration_text: nstr(),
  transport_details: nstr(),
  lr_number: nstr(),
};

/** The end of a sales document's header: the header discount, the GST fields, the total and the timestamps. */
const discountGstAndTotal = {
  discount_type: discountType,
  discount_value: nmoney(),
  ...gstHeader,
  total_amount: money(),
  created_at: timestamp(),
  updated_at: timestamp(),
};

/** Where a quotation or proforma invoice stands: until when it is valid, whether the client approved it, its currency. */
const offerStatus = {
  validity_date: ndate(),
  approval_status: oneOf(APPROVAL_STATUSES),
  currency,
};

const invoiceHeader = {
  invoice_id: id('invoice'),
  client_id: id('client'),
  invoice_number: str({
    example: 'INV/25-26/0001',
    description: 'Number of the invoice series, taken when the invoice is issued; a draft carries a provisional number `DRAFT/YY-YY/NNNN` until then',
  }),
  invoice_date: date(),
  payment_due_date: date(),
  payment_status: oneOf(PAYMENT_STATUSES),
  status: oneOf(DOCUMENT_STATUSES),
  currency,
  invoice_type: oneOf(INVOICE_TYPES),
  ...salesCommon,
  paid_amount: money(),
  payment_date: ndate(),
  tds_section_id: nid('TDS section'),
  tds_rate: nnum(),
  tds_amount: nmoney(),
  delivery_address: nstr({ description: 'Address of delivery (export invoices, CGST rule 46 third proviso); null: not given' }),
  destination_country: nstr({ description: 'Country of destination of an export, ISO 3166-1 alpha-2 (e.g. US); null: not given', example: 'US' }),
  ship_to_gstin: nstr({ description: 'GSTIN of a ship-to party other than the recipient (Bill To - Ship To); null: none', example: '29AAACH7409R1ZX' }),
  ship_to_name: nstr({ description: 'Legal name of the ship-to party; null: none' }),
  ...discountGstAndTotal,
};

const quotationHeader = {
  quotation_id: id('quotation'),
  client_id: id('client'),
  quotation_number: str({ example: 'QT/25-26/0001' }),
  quotation_date: date(),
  ...offerStatus,
  quotation_type: str(),
  document_kind: oneOf(QUOTATION_DOCUMENT_KINDS),
  ...salesCommon,
  ...discountGstAndTotal,
};

const proformaHeader = {
  proforma_invoice_id: id('proforma invoice'),
  client_id: id('client'),
  proforma_number: str({ example: 'PI/25-26/0001' }),
  proforma_date: date(),
  ...offerStatus,
  ...salesCommon,
  ...discountGstAndTotal,
};

const creditNoteHeader = {
  credit_note_id: id('credit note'),
  credit_note_number: str({
    example: 'CN/25-26/0001',
    description: 'Number of the credit-note series, taken when the note is issued; a draft carries a provisional number `DRAFT/YY-YY/NNNN` until then',
  }),
  credit_note_date: date(),
  source_invoice_id: nid('invoice the note was pre-filled from'),
  reason: nstr(),
  ...noteCommon,
};

const debitNoteHeader = {
  debit_note_id: id('debit note'),
  debit_note_number: str({
    example: 'DN/25-26/0001',
    description: 'Number of the debit-note series, taken when the note is issued; a draft carries a provisional number `DRAFT/YY-YY/NNNN` until then',
  }),
  debit_note_date: date(),
  payment_due_date: ndate(),
  payment_status: oneOf(PAYMENT_STATUSES),
  paid_amount: money(),
  payment_date: ndate(),
  ...noteCommon,
};

const expenseFields = {
  expense_description: str(),
  expense_amount: money(),
  expense_category: str(),
  vendor_name: str(),
  vendor_contact: str(),
  expense_date: date(),
  expense_status: oneOf(EXPENSE_STATUSES),
  payment_method: str({ description: `One of ${PAYMENT_METHODS.join(', ')} (older rows may hold other words)` }),
  receipt_url: str(),
  notes: str(),
  client_id: nid('client'),
  tds_section_id: nid('TDS section'),
  tds_rate: nnum(),
  tds_amount: nmoney(),
  vendor_pan: nstr(),
  payee_type: noneOf(PAYEE_TYPES),
};

const paymentHeader = {
  payment_id: id('payment'),
  client_id: id('client'),
  amount: money('Money received'),
  tds_amount: money('Income-tax the client deducted at source on this receipt (0 when none)'),
  currency,
  payment_date: date(),
  mode: oneOf(PAYMENT_MODES),
  reference: nstr({ description: 'Bank reference, cheque or UPI transaction number' }),
  notes: nstr(),
  receipt_number: nstr({
    example: 'RV/25-26/0001',
    description:
      'Receipt voucher number of an advance (a receipt not fully allocated when it was recorded), of its own series per financial year; null otherwise',
  }),
  source: oneOf(PAYMENT_SOURCES, {
    description:
      '`receipt`: recorded through /v1/payments; `payment_status`: recorded by the service when a document was set to paid or partial through its payment_status (it follows that field)',
  }),
  source_document_type: noneOf(ALLOCATION_DOCUMENT_TYPES, { description: 'The document whose payment status made the payment (source payment_status)' }),
  source_document_id: nid('document whose payment status made the payment'),
  allocated_amount: money('Sum of the allocations'),
  unallocated_amount: money('What the payment holds unallocated: the client’s credit until it is applied'),
  allocated_tds: money('Part of tds_amount applied to documents'),
  unallocated_tds: money('Part of tds_amount not applied yet (client credit too)'),
  created_at: timestamp(),
  updated_at: timestamp(),
};

const plan = obj({
  code: oneOf(['free', 'pro']),
  label: str(),
  expires_at: ntimestamp(),
  lapsed_from_pro: bool(),
  cancel_at_period_end: bool(),
});

const tokens = {
  access_token: str({ description: 'Opaque; send as `Authorization: Bearer <token>`' }),
  refresh_token: str(),
  token_type: constant('Bearer'),
  expires_at: timestamp(),
  refresh_expires_at: timestamp(),
  session_id: id('session'),
};

const user = { user_id: id('user'), account_id: id('account'), username: str(), business_email: nstr() };
const permissions = arr(oneOf(PERMISSION_KEYS));
const subUser = obj({
  user_id: id('user'),
  account_id: id('account'),
  username: str(),
  permissions,
  is_owner: bool(),
  created_at: timestamp(),
  updated_at: timestamp(),
});

const tdsSection = obj({
  section_id: id('section'),
  shared: bool({ description: 'A seeded section every account sees (read-only)' }),
  act: oneOf(TDS_ACTS, { description: 'The Act the row applies under (1961 to 2026-03-31, 2025 from 2026-04-01)' }),
  code: str({ example: '194J', description: 'The 1961-Act section; a 2025-Act row keeps the code of the section it continues' }),
  description: str(),
  rate_individual: num(),
  rate_other: num(),
  no_pan_rate: num(),
  single_threshold: nmoney(),
  yearly_threshold: nmoney(),
  threshold_mode: oneOf(THRESHOLD_MODES),
  effective_from: ndate(),
  effective_to: ndate(),
  act_2025_section: nstr(),
  act_2025_payment_code: nstr(),
  source: nstr(),
});

const tdsDeduction = obj({
  deduction_id: id('deduction (the id of its expense or invoice)'),
  direction: oneOf(['payable', 'receivable']),
  source_type: oneOf(['expense', 'invoice']),
  source_id: id('expense or invoice'),
  date: date(),
  quarter: oneOf([1, 2, 3, 4], { description: 'Quarter of the financial year (1: April to June)' }),
  section_id: nid('section'),
  section_code: nstr(),
  section_description: nstr(),
  act_2025_section: nstr(),
  act_2025_payment_code: nstr(),
  party_name: nstr(),
  party_pan: nstr(),
  payee_type: noneOf(PAYEE_TYPES),
  base_amount: money(),
  tds_rate: nnum(),
  tds_amount: money(),
  status: oneOf(['pending', 'deposited', 'deducted_by_client']),
  due_date: ndate(),
  challan_number: nstr(),
  bsr_code: nstr(),
  deposited_on: ndate(),
});

const tdsReportRow = obj({
  section_id: nid('section'),
  section_code: nstr(),
  quarter: oneOf([1, 2, 3, 4], { description: 'Quarter of the financial year (1: April to June)' }),
  deductions: count(),
  deducted: money(),
  deposited: money(),
  pending: money(),
  pending_due: arr(obj({ due_date: date(), amount: money() })),
});

const countAmount = obj({ count: count(), amount: money() });
const taxSum = {
  taxable_value: money(),
  cgst: money(),
  sgst: money(),
  igst: money(),
  total_tax: money('CGST + SGST + IGST (the compensation cess is `cess`, beside it)'),
  cess: money('Compensation cess of the lines (not part of `total_tax`)'),
};

/** Outstanding amounts of one client (or all) per bucket of days past due, in the account's currency. */
const ageingBuckets = {
  current: money('Not yet due as of the date (or no due date)'),
  '1_30': money('1 to 30 days past due'),
  '31_60': money('31 to 60 days past due'),
  '61_90': money('61 to 90 days past due'),
  over_90: money('More than 90 days past due'),
  total: money('Sum of the buckets'),
  documents: count('Invoices and debit notes with a balance'),
};
const receivablesAgeing = obj({
  as_of: date({ description: 'The date the ageing is taken at' }),
  currency: str({ example: 'INR', description: "The account's currency, every amount's" }),
  clients: arr(obj({ client_id: id('client'), client_name: nstr(), ...ageingBuckets }), { description: 'Clients with a balance, most owed first' }),
  totals: obj(ageingBuckets),
  unconverted_documents: count('Documents in another currency without an exchange rate, left out of every amount'),
});

const RECEIVED = 'Cash of the payments dated in the period (the financial year, or all time), allocated or not (an advance counts when received)';
const OUTSTANDING = 'Still due on the issued and archived invoices (total less TDS less paid) and debit notes (total less paid) of the period';

const analyticsFull = obj({
  fy_start_year: nint(),
  period: obj({ from: date(), to: date() }, { description: 'The financial year, or null for all time' }),
  invoices: obj({ total: count(), invoiced_amount: money(), revenue: money(), by_status: keyed(DOCUMENT_STATUSES, countAmount) }),
  expenses: obj({ total: money(), count: count() }),
  received: money(RECEIVED),
  outstanding: money(OUTSTANDING),
  receivables: obj({
    outstanding: money(),
    outstanding_invoices: count(),
    overdue: money(),
    overdue_invoices: count(),
    by_age: keyed(AGE_BUCKETS, countAmount, 'Outstanding invoices by days past the due date'),
  }),
  monthly_revenue: arr(obj({ month: str({ pattern: '^\\d{4}-\\d{2}$' }), invoiced: money(), credit_notes: money(), revenue: money() })),
  credit_notes: obj({ total: count(), amount: money(), by_status: keyed(DOCUMENT_STATUSES, countAmount) }),
  proforma_invoices: obj({ total: count(), amount: money(), by_approval_status: keyed(APPROVAL_STATUSES, countAmount) }),
  tds: obj({ receivable: obj({ amount: money() }), payable: obj({ amount: money(), deposited: money(), pending: money() }) }),
  gst: obj({
    ...taxSum,
    by_rate: arr(obj({ rate: num(), ...taxSum })),
    by_month: arr(obj({ month: str({ pattern: '^\\d{4}-\\d{2}$' }), ...taxSum })),
    b2b: obj(taxSum),
    b2c: obj(taxSum),
  }),
  inventory: obj({
    enabled: bool(),
    summary: obj({ items: count(), products: count(), services: count(), stock_value: money(), units_sold_fy: num() }),
    top_sold_products: arr(obj({ inventory_id: id('inventory item'), name: str(), units_sold: num(), taxable_value: money() })),
  }),
});
(analyticsFull.properties as Record<string, Schema>).period.nullable = true;

const prefixes = Object.fromEntries(DOCUMENT_KINDS.map((k) => [DOCUMENT_KIND_REGISTRY[k].prefixSetting, str()]));

/** The resources the presenters write, by component name. */
const webhookFields = {
  webhook_id: id('webhook endpoint'),
  url: str({ format: 'uri' }),
  description: nstr(),
  events: arr(str({ description: `An event type, \`<prefix>.*\` or \`*\`: ${WEBHOOK_EVENT_TYPES.join(', ')}`, example: 'invoice.created' })),
  enabled: bool(),
  disabled_reason: nstr({ description: 'Why the service disabled it (`failing`); null when it did not' }),
  failing_since: ntimestamp({ description: 'Start of the current run of failed attempts' }),
  previous_secret_expires_at: ntimestamp({ description: 'Until when the secret before the last rotation still signs' }),
  created_at: timestamp(),
  updated_at: timestamp(),
};
const webhook = obj(webhookFields);

const clientFields = {
  client_id: id('client'),
  name: str(),
  phone: str(),
  email: str(),
  country_code: str({ example: '+91' }),
  address: nstr(),
  gstin: nstr(),
  state_code: nstr(),
  created_at: timestamp(),
  updated_at: timestamp(),
  uses_platform: bool({ description: 'The client also runs its business on this platform' }),
  platform_logo_url: nstr(),
  platform_subscription_active: bool(),
  reminders_opt_out: bool({ description: 'The client gets no payment reminders' }),
  registration_type: nstr({
    description: 'GST registration type: regular, composition, uin (UN body, embassy; gstin holds the UIN), unregistered or consumer; null: not given',
    example: 'composition',
  }),
};

const recurringInvoice = {
  recurring_invoice_id: id('recurring invoice'),
  client_id: id('client'),
  status: oneOf(RECURRING_STATUSES, { description: '`completed` once the schedule has ended (end_date or occurrences)' }),
  frequency: oneOf(FREQUENCIES),
  interval: int({ minimum: 1, description: 'Every N periods' }),
  start_date: date(),
  end_date: ndate(),
  occurrences: nint({ minimum: 1 }),
  day_of_month: {
    oneOf: [int({ minimum: 1, maximum: 28 }), noneOf(['last'])],
    description: '1-28 or `last`; null: the day of start_date (the last day in shorter months)',
  },
  payment_terms_days: int({ minimum: 0 }),
  catch_up: oneOf(CATCH_UP_MODES, { description: 'After downtime: `each` missed run on its own date, or `one` invoice dated today' }),
  auto_send: bool(),
  email_subject: nstr(),
  email_message: nstr(),
  next_run_date: ndate({ description: 'The next scheduled run (Asia/Kolkata); null once completed' }),
  runs_count: int({ minimum: 0, description: 'Runs made so far (the occurrences used)' }),
  last_run_date: ndate(),
  template: { type: 'object', additionalProperties: true, description: 'The invoice fields and items of each run, as sent' },
  created_at: timestamp(),
  updated_at: timestamp(),
};

const recurringRun = obj({
  run_date: date({ description: 'The invoice date; one run per profile and date' }),
  status: oneOf(['created', 'failed'], { description: '`failed`: the invoice rules refused the run (see error); the schedule went on' }),
  source: oneOf(['schedule', 'run_now']),
  invoice_id: nid('invoice made'),
  invoice_number: nstr({ description: 'Null when the run made no invoice or the invoice was deleted' }),
  sendout_id: nid('email queued by auto_send'),
  error: nstr({ description: 'Why the run made no invoice, or why auto_send queued no email' }),
  created_at: timestamp(),
});

export const RESOURCE_SCHEMAS: Record<string, Schema> = {
  ReminderSettings: obj({
    enabled: bool(),
    enabled_on: ndate({ description: 'The day reminders were turned on: no step dated before it is sent' }),
    steps: arr(
      obj({
        days_offset: int({ minimum: -60, maximum: 365, description: 'Days after the due date (negative: before)' }),
        subject: str(),
        message: str(),
        enabled: bool(),
      }),
      { maxItems: 5 },
    ),
  }),
  RecurringInvoice: obj(recurringInvoice),
  RecurringInvoiceRun: recurringRun,
  RecurringInvoiceWithRuns: obj({ ...recurringInvoice, runs: arr(ref('RecurringInvoiceRun'), { description: 'The runs, newest first (at most 200)' }) }),
  Client: obj(clientFields),
  ClientDetail: obj(
    {
      ...clientFields,
      credit_balance: money(
        "The client's credit in the account's currency: what its payments hold unallocated (advances, and TDS not applied yet), ready to be allocated to its invoices",
      ),
    },
    { description: 'A single client with its credit' },
  ),
  ClientStatement: obj(
    {
      client_id: id('client'),
      from: date(),
      to: date(),
      currency,
      opening_balance: money('Debits less credits dated before `from` (negative: the client is in credit)'),
      entries: arr(
        obj({
          date: date(),
          type: oneOf(STATEMENT_ENTRY_TYPES),
          document_id: id('invoice, debit note, credit note or payment'),
          number: nstr({ example: 'INV/25-26/0042', description: "The document's number; a payment's receipt voucher number (null when it has none)" }),
          debit: money('What the entry adds to what the client owes'),
          credit: money('What the entry takes off it'),
          balance: money('The balance after this entry'),
        }),
      ),
      closing_balance: money('opening_balance + debits - credits'),
    },
    { description: "A client's statement of account for a period" },
  ),
  PaymentHeader: obj(paymentHeader, { description: 'A list row: the payment without its allocations' }),
  Payment: obj({ ...paymentHeader, allocations: arr(ref('PaymentAllocation')) }, { description: 'A payment with its allocations, oldest first' }),
  PaymentAllocation: obj({
    allocation_id: id('allocation'),
    payment_id: id('payment'),
    document_type: oneOf(ALLOCATION_DOCUMENT_TYPES),
    document_id: id('invoice or debit note settled'),
    document_number: nstr({ example: 'INV/25-26/0042' }),
    amount: money('Part of the payment settling the document'),
    tds_amount: money("Part of the payment's TDS applied to the document"),
    tds_recorded: bool({
      description:
        'true: that TDS was recorded on the document (it carried none of its own: its tds_amount grew by it); false: it matches the TDS the document carries and is not counted again',
    }),
    allocation_date: date({ description: "When the payment was applied to the document (the payment's date, or a later date for an advance applied later)" }),
    created_at: timestamp(),
  }),
  InvoiceLine: productLine('invoice_id', true),
  QuotationLine: productLine('quotation_id', false),
  ProformaInvoiceLine: productLine('proforma_invoice_id', false),
  CreditNoteLine: noteLine('credit_note_id'),
  DebitNoteLine: noteLine('debit_note_id'),
  InvoiceHeader: obj(invoiceHeader, { description: 'A list row: header columns only' }),
  TaxWarning: obj(
    {
      line: nint({ minimum: 1, description: 'Position of the line (1 = the first stored line, as printed); null: the document as a whole' }),
      code: oneOf(TAX_WARNING_CODES, {
        description:
          'wrong_tax_kind: IGST on an intra-state supply, CGST/SGST on an inter-state one, or tax where none is due; ' +
          'tax_amount: more than 0.01 from rate x taxable value; total_amount: not taxable value plus tax; ' +
          'cgst_sgst_unequal: CGST and SGST of an intra-state line differ (each is half the tax); ' +
          "rate_not_in_force: a GST rate that is not in force on the document's date (a note that refers to an invoice: that invoice's date), by the dated rate table; " +
          'place_of_supply_merged: place of supply 25 (Daman and Diu, merged into 26) on a document from 2020-08-01 (line null); ' +
          "credit_note_time_barred: a credit note dated after the CGST Act section 34(2) deadline of its invoice's financial year, 30 November after it ends (line null); " +
          'exchange_rate_missing: a document in a currency other than INR without exchange_rate; GSTR-1 and the e-invoice refuse it until it is set (line null); ' +
          'supplier_address_missing: an invoice or note whose supplier (the business profile when it was made) has no address or no state, which CGST rules 46(a) and 53(1A)(a) ask it to show (line null); ' +
          "cess_not_applicable: compensation cess on a line where none applies on the document's date (a note that refers to an invoice: that invoice's date), by the dated rate table; " +
          'destination_country_missing: an export invoice without destination_country, the country of destination CGST rule 46 (third proviso) asks it to name (line null)',
      }),
      field: str({ description: 'The field concerned', example: 'igst_amount' }),
      expected: nmoney('What the tax rule gives (for cgst_sgst_unequal, the CGST sent); null where the warning is not about an amount'),
      sent: nmoney('What the document carries (stored as sent): an amount, or the rate for rate_not_in_force; null where the warning is not about one'),
      message: str(),
    },
    { description: 'Where a document, stored as sent, disagrees with the tax rules' },
  ),
  Invoice: obj({ ...invoiceHeader, ...gstDetails, items: arr(ref('InvoiceLine')) }, { description: 'A single invoice with its lines in item_id order' }),
  RecentPayment: obj({ ...invoiceHeader, paid_at: ntimestamp() }),
  QuotationHeader: obj(quotationHeader),
  Quotation: obj({ ...quotationHeader, ...gstDetails, items: arr(ref('QuotationLine')) }),
  ProformaInvoiceHeader: obj(proformaHeader),
  ProformaInvoice: obj({ ...proformaHeader, ...gstDetails, items: arr(ref('ProformaInvoiceLine')) }),
  CreditNoteHeader: obj(creditNoteHeader),
  CreditNote: obj({ ...creditNoteHeader, ...gstDetails, items: arr(ref('CreditNoteLine')) }),
  DebitNoteHeader: obj(debitNoteHeader),
  DebitNote: obj({ ...debitNoteHeader, ...gstDetails, items: arr(ref('DebitNoteLine')) }),
  InventoryItem: obj({
    inventory_id: id('inventory item'),
    name: str(),
    sku: str(),
    barcode_type: str(),
    type: oneOf(INVENTORY_TYPES),
    description: str(),
    quantity: int({ description: 'Units in stock (may be negative after sales)' }),
    rate: money(),
    discount_type: discountType,
    discount_value: money(),
    tax_rate: num(),
    hsn_code: str(),
    low_stock_threshold: nint({
      description: 'A stock movement taking the quantity from above this to it or below raises `inventory.low_stock`; null: no alert',
    }),
    created_at: timestamp(),
    updated_at: timestamp(),
  }),
  StockMovement: obj({
    movement_id: id('movement'),
    inventory_id: id('inventory item'),
    quantity_delta: int(),
    quantity_after: int(),
    source_type: str({ description: 'opening, adjustment, invoice, ...' }),
    source_id: nint(),
    source_label: str(),
    note: str(),
    created_at: timestamp(),
  }),
  ExpenseDraft: obj(expenseFields, { description: 'An expense prefilled for a new entry (no id)' }),
  Expense: obj({ expense_id: id('expense'), ...expenseFields, created_at: timestamp(), updated_at: timestamp() }),
  Sendout: obj({
    queue_id: id('queue row'),
    client_id: id('client'),
    document_type: oneOf(SENDOUT_TYPES, { description: "A document kind, or statement: a client's statement of account" }),
    document_id: nid('document (null for a statement)'),
    period_from: ndate({ description: "A statement's first day; null for a document" }),
    period_to: ndate({ description: "A statement's last day; null for a document" }),
    to_email: str(),
    cc_emails: nstr({ description: 'Comma-separated' }),
    bcc_emails: nstr({ description: 'Comma-separated' }),
    subject: str(),
    message: str(),
    status: oneOf(SENDOUT_STATUSES),
    attempts: count(),
    last_error: nstr(),
    sent_at: ntimestamp(),
    message_id: nstr(),
    created_at: timestamp(),
    updated_at: timestamp(),
  }),
  Plan: plan,
  Account: obj({
    account_id: id('account'),
    business_name: nstr(),
    business_email: nstr(),
    currency,
    business_gstin: nstr(),
    business_pan: nstr(),
    subscription_expires_at: ntimestamp(),
    plan: ref('Plan'),
  }),
  Tokens: obj(tokens),
  Login: obj({ ...tokens, user: obj(user), permissions, business_name: nstr(), password_upgrade_required: bool() }),
  CurrentUser: obj({ ...user, business_name: nstr(), permissions }),
  Session: obj({
    session_id: id('session'),
    device_name: nstr(),
    platform: nstr(),
    user_agent: nstr(),
    created_at: timestamp(),
    last_used_at: timestamp(),
    expires_at: timestamp(),
    current: bool({ description: 'The session of the calling token' }),
  }),
  SubUser: subUser,
  BusinessProfile: obj({
    account_id: id('account'),
    business_name: nstr(),
    business_email: nstr(),
    business_address: nstr(),
    business_gstin: nstr(),
    business_pan: nstr(),
    state_code: nstr(),
    phone: nstr(),
    logo_url: nstr(),
    currency,
    time_zone: str({
      description: 'IANA time zone of the business: its recurring invoices and payment reminders follow the date in it',
      example: 'Asia/Kolkata',
    }),
    has_signature: bool(),
    has_logo: bool(),
    logo_type: noneOf(['png', 'jpeg']),
    bank_account_name: nstr(),
    bank_account_number: nstr(),
    bank_ifsc: nstr(),
    bank_name: nstr(),
    bank_branch: nstr(),
    upi_id: nstr(),
    aggregate_turnover: nstr({ description: 'Aggregate turnover of the previous financial year in rupees (GSTR-1 HSN digits)', example: '42000000.00' }),
    einvoice_enabled: bool({ description: 'e-invoicing (IRN) is on' }),
    invoice_template: oneOf(INVOICE_TEMPLATES),
    ...prefixes,
  }),
  Templates: obj({ invoice_template: oneOf(INVOICE_TEMPLATES), available: arr(oneOf(INVOICE_TEMPLATES)) }),
  Notification: obj({
    notification_id: id('notification'),
    type: oneOf(['activity', 'login_alert']),
    category: oneOf(CATEGORY_KEYS),
    action: str(),
    title: str(),
    body: str(),
    entity_type: str(),
    entity_id: int(),
    actor_user_id: nid('user who acted'),
    read_at: ntimestamp(),
    created_at: timestamp(),
    deep_link: obj({ screen: str(), entity_type: str(), entity_id: int(), document_type: nstr(), document_id: nint() }),
  }),
  NotificationPrefs: keyed(CATEGORY_KEYS, bool(), 'Push on or off per category'),
  TdsSection: tdsSection,
  TdsDeduction: tdsDeduction,
  TdsReportRow: tdsReportRow,
  TdsCalculation: obj({
    tds_amount: money(),
    rate: num(),
    taxable_amount: money(),
    threshold_applied: oneOf(['none', 'single_payment', 'yearly', 'yearly_excess', 'below_threshold']),
    reason: nstr(),
    payee_type: noneOf(PAYEE_TYPES, { description: 'The payee type whose rate was used; null when the higher of the section’s rates was' }),
    rate_basis: oneOf(['payee_type', 'deductee_pan', 'higher_rate'], {
      description: 'Where the rate came from: the payee_type given, the type the deductee_pan names, or the higher of the section’s rates',
    }),
    has_pan: bool(),
    payment_date: date(),
    section_id: id('section row in force on payment_date (the one named, or the row of the same kind that replaced it)'),
    section_code: str(),
    act: oneOf(TDS_ACTS),
    act_2025_section: nstr(),
    act_2025_payment_code: nstr(),
  }),
  AnalyticsSummary: obj(
    { total_invoices: count(), total_revenue: money(), received: money(RECEIVED), outstanding: money(OUTSTANDING), fy_start_year: int() },
    { optional: ['fy_start_year'], description: 'Issued and archived invoices less credit notes' },
  ),
  AnalyticsFull: analyticsFull,
  ReceivablesAgeing: receivablesAgeing,
  AppVersion: obj({
    android: obj({ latest: str(), min: str(), store_url: str() }),
    ios: obj({ latest: str(), min: str(), store_url: str() }),
    message: nstr(),
    force_message: nstr(),
  }),
  Gstr1: inlineJsonSchema(gstr1Schema),
  Gstr1Filed: obj({
    period: str({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', example: '2026-10' }),
    filed_at: timestamp({ description: 'When it was marked filed (UTC)' }),
    documents: count('Invoices and notes the return reported when it was marked, kept to compare GSTR-1A with'),
  }),
  Gstr1a: obj(
    {
      gstin: gstr1Table('gstin'),
      fp: gstr1Table('fp'),
      version: gstr1Table('version'),
      hash: gstr1Table('hash'),
      filed_at: timestamp({ description: 'When the month was marked filed (UTC)' }),
      changes: arr(
        obj({
          document_type: oneOf(['invoice', 'credit_note', 'debit_note']),
          number: str(),
          date: date({ description: 'The date of the document now (of the record filed, when it is gone)' }),
          change: oneOf(['created', 'changed', 'cancelled', 'deleted'], {
            description:
              'created: reported now, not when filed; changed: what the return reports of it differs, or its date left the month; cancelled, deleted: reported when filed, cancelled or deleted since',
          }),
        }),
      ),
      ...Object.fromEntries(['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'exp', 'nil', 'hsn'].map((k) => [k, gstr1Table(k)])),
    },
    { description: 'The GSTR-1 tables of what changed since the month was marked filed; a document no longer reported as filed is listed at 0' },
  ),
  Gstr3b: obj({
    return: inlineJsonSchema(gstr3bSchema),
    remarks: arr(obj({ table: str({ example: '4' }), remark: str() }), {
      description: 'What the service says of the tables: those it does not compute (input tax credit, inward supplies) and how it fills the others',
    }),
  }),
  IrpInvoice: inlineJsonSchema(irpSchema),
  EInvoice: obj({
    invoice_id: nint({ description: 'The invoice registered (null for a credit or debit note)' }),
    document_type: oneOf(['INV', 'CRN', 'DBN']),
    document_id: int({ description: 'The invoice, credit note or debit note registered' }),
    irn: str({
      pattern: '^[0-9a-f]{64}$',
      description: 'Invoice reference number from the portal',
      example: 'a5c12dca80e743321740b001fd70953e8738d109865d28ba4013750f2046f229',
    }),
    ack_no: str({ example: '112010000000123' }),
    ack_date: timestamp({ description: 'Acknowledgement date and time (Indian time, as the portal gives it)' }),
    signed_qr_code: str({ description: 'The signed QR payload (a JWS) the PDF prints as a QR code' }),
    status: oneOf(['active', 'cancelled']),
    cancelled_at: ntimestamp({ description: 'When the IRN was cancelled (UTC)' }),
    cancel_reason: nstr(),
  }),
  EwayBillFile: inlineJsonSchema(ewayBillSchema),
  EwayBill: obj({
    invoice_id: int({ description: 'The invoice the bill is for' }),
    ewb_no: str({ pattern: '^\\d{12}$', example: '391000123456', description: 'The e-way bill number (EBN) from the portal' }),
    ewb_date: timestamp({ description: 'When the portal generated it (Indian time)' }),
    valid_until: ntimestamp({ description: 'End of validity (Indian time, 23:59:59 of the last day, rule 138(10)); null while Part B has no vehicle' }),
    validity_days: nint({ description: 'Days of validity for the distance (one per 200 km or part; over-dimensional cargo one per 20 km)' }),
    status: oneOf(['active', 'cancelled']),
    transport_mode: oneOf(TRANSPORT_MODES),
    distance_km: int({ minimum: 1, maximum: MAX_DISTANCE_KM }),
    vehicle_type: oneOf(CARGO_KINDS),
    vehicle_number: nstr(),
    transporter_id: nstr({ description: "The transporter's GSTIN or TRANSIN" }),
    transporter_name: nstr(),
    transport_document_number: nstr({ description: 'LR, RR, airway bill or bill of lading number' }),
    transport_document_date: ndate(),
    extended_times: count('Extensions of validity so far'),
    cancelled_at: ntimestamp({ description: 'When the bill was cancelled (UTC)' }),
    cancel_reason: nstr(),
  }),
  LegalSummary: obj({ id: str(), title: str(), updated_at: str() }),
  LegalArticle: obj({ id: str(), title: str(), updated_at: str(), body: str({ description: 'Markdown' }) }),
  BulkDeleteResult: obj({ deleted: count('Rows deleted'), skipped: arr(int(), { description: 'Ids not deleted (unknown, of another account, or in use)' }) }),
  Deleted: obj({ deleted: constant(true) }),
  CaSyncSettings: obj({
    enabled: bool(),
    ca_email: nstr({ format: 'email', example: 'books@ca-firm.example.in', description: 'Where the books are mailed' }),
    frequency: oneOf(CA_SYNC_FREQUENCIES),
    format: oneOf(CA_SYNC_FORMATS),
    last_sent_at: ntimestamp({ description: 'Last successful send (UTC)' }),
    last_period: nstr({ description: 'Period of the last successful send', example: 'FY2026-27 Q3' }),
    last_error: nstr({ description: 'Why the last send failed; cleared by the next success' }),
  }),
  CaSyncSend: obj({
    send_id: id('send'),
    trigger: oneOf(['test', 'scheduled']),
    period: str({ example: '2026-10' }),
    period_from: date(),
    period_to: date(),
    status: oneOf(['queued', 'sending', 'sent', 'failed']),
    error: nstr(),
    created_at: timestamp(),
    sent_at: ntimestamp(),
  }),
  Webhook: webhook,
  WebhookWithSecret: obj({ ...webhookFields, secret: str({ description: 'The signing secret (whsec_...), shown this once' }) }),
  WebhookDelivery: obj({
    delivery_id: id('delivery'),
    event_id: str(),
    event_type: oneOf(WEBHOOK_EVENT_TYPES),
    status: oneOf(['pending', 'succeeded', 'failed']),
    attempts: count(),
    response_status: nint({ description: 'HTTP status of the last answer' }),
    response_body: nstr({ description: 'First 1 KB of the last answer, or why there was none' }),
    duration_ms: nint({ minimum: 0 }),
    last_attempt_at: ntimestamp(),
    next_attempt_at: ntimestamp({ description: 'When the next attempt is due (pending deliveries only)' }),
    redelivery_of: nid('delivery sent again'),
    created_at: timestamp(),
  }),
  StorefrontStatus: obj({
    connected: bool(),
    shop_domain: nstr({ example: 'my-shop.example.com' }),
    connected_at: ntimestamp(),
    last_event_at: ntimestamp({ description: 'When the last webhook delivery of the shop arrived (UTC)' }),
    backfill: obj({
      state: oneOf(BACKFILL_STATES),
      done: count(),
      total: nint({ minimum: 0, description: 'Orders the shop counted when the backfill started' }),
    }),
  }),
  StorefrontLog: obj({
    event_id: id('event'),
    webhook_id: str({ description: "The shop's delivery id (deliveries are idempotent by it)" }),
    topic: str({ example: 'orders/create' }),
    received_at: timestamp(),
    state: oneOf(EVENT_STATES),
    reason: nstr({ description: 'Why it failed or was ignored' }),
    invoice_id: nid('invoice made, cancelled or credited'),
  }),
  AuditEntry: obj({
    id: id('entry'),
    occurred_at: timestamp(),
    actor: obj({ type: oneOf(['api_key', 'user', 'system']), user_id: nid('user'), username: nstr() }),
    action: str({ example: 'updated' }),
    entity_type: str({ example: 'invoice' }),
    entity_id: id('changed record'),
    label: nstr({ description: 'A readable name of the record (its number, name)' }),
    before: { type: 'object', nullable: true, additionalProperties: true, description: 'Fields before the change (free-form)' },
    after: { type: 'object', nullable: true, additionalProperties: true, description: 'Fields after the change (free-form)' },
  }),
  ErrorEnvelope: obj({
    ok: constant(false),
    error: obj({
      code: oneOf(Object.keys(STATUS), { description: 'Machine-readable; the HTTP status follows from it' }),
      message: str({ description: 'For people; may change' }),
      details: obj({}, { open: true, description: 'Per-field messages for validation_error, otherwise context (free-form by design)' }),
    }),
  }),
};

export { count, total, currency, DEVICE_PLATFORMS };
