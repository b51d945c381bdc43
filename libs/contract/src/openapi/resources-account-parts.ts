import { WEBHOOK_EVENT_TYPES } from '@app/domain/webhooks/webhook-events';
import { AGE_BUCKETS } from '@app/domain/analytics/analytics-reader.port';
import { APPROVAL_STATUSES, DOCUMENT_STATUSES } from '@app/domain/documents/document-enums';
import { DOCUMENT_KINDS, DOCUMENT_KIND_REGISTRY } from '@app/domain/documents/document-kinds';
import { CATCH_UP_MODES, FREQUENCIES } from '@app/domain/recurring-invoices/recurring-schedule';
import { RECURRING_STATUSES } from '@app/domain/recurring-invoices/recurring-invoice';
import { PERMISSION_KEYS } from '@app/domain/shared/principal';
import { PAYEE_TYPES, TDS_ACTS, THRESHOLD_MODES } from '@app/domain/tds/tds-section';
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
  Schema,
  str,
  timestamp,
} from './schema-kit';
import { count } from './resources-documents-parts';

/** Building blocks of the answer schemas of accounts, users, TDS, analytics, webhooks, clients and recurring invoices. */
export const plan = obj({
  code: oneOf(['free', 'pro']),
  label: str(),
  expires_at: ntimestamp(),
  lapsed_from_pro: bool(),
  cancel_at_period_end: bool(),
});

export const tokens = {
  access_token: str({ description: 'Opaque; send as `Authorization: Bearer <token>`' }),
  refresh_token: str(),
  token_type: constant('Bearer'),
  expires_at: timestamp(),
  refresh_expires_at: timestamp(),
  session_id: id('session'),
};

export const user = { user_id: id('user'), account_id: id('account'), username: str(), business_email: nstr() };
export const permissions = arr(oneOf(PERMISSION_KEYS));
export const subUser = obj({
  user_id: id('user'),
  account_id: id('account'),
  username: str(),
  permissions,
  is_owner: bool(),
  created_at: timestamp(),
  updated_at: timestamp(),
});

export const tdsSection = obj({
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
  act_2025_payment_code: nstr({ description: 'Income-tax Act 2025 payment code (for individuals and HUFs when the next is set)' }),
  act_2025_payment_code_other: nstr({ description: 'Payment code for payees other than individuals and HUFs, where the 2025 Act gives them their own row' }),
  source: nstr(),
});

export const tdsDeduction = obj({
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
  act_2025_payment_code: nstr({ description: 'Payment code of the deduction (by the payee type, else the type its PAN names), from 2026-04-01' }),
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

export const tdsReportRow = obj({
  section_id: nid('section'),
  section_code: nstr(),
  quarter: oneOf([1, 2, 3, 4], { description: 'Quarter of the financial year (1: April to June)' }),
  deductions: count(),
  deducted: money(),
  deposited: money(),
  pending: money(),
  pending_due: arr(obj({ due_date: date(), amount: money() })),
});

export const countAmount = obj({ count: count(), amount: money() });
export const taxSum = {
  taxable_value: money(),
  cgst: money(),
  sgst: money(),
  igst: money(),
  total_tax: money('CGST + SGST + IGST (the compensation cess is `cess`, beside it)'),
  cess: money('Compensation cess of the lines (not part of `total_tax`)'),
};

/** Outstanding amounts of one client (or all) per bucket of days past due, in the account's currency. */
export const ageingBuckets = {
  current: money('Not yet due as of the date (or no due date)'),
  '1_30': money('1 to 30 days past due'),
  '31_60': money('31 to 60 days past due'),
  '61_90': money('61 to 90 days past due'),
  over_90: money('More than 90 days past due'),
  total: money('Sum of the buckets'),
  documents: count('Invoices and debit notes with a balance'),
};
export const receivablesAgeing = obj({
  as_of: date({ description: 'The date the ageing is taken at' }),
  currency: str({ example: 'INR', description: "The account's currency, every amount's" }),
  clients: arr(obj({ client_id: id('client'), client_name: nstr(), ...ageingBuckets }), { description: 'Clients with a balance, most owed first' }),
  totals: obj(ageingBuckets),
  unconverted_documents: count('Documents in another currency without an exchange rate, left out of every amount'),
});

export const RECEIVED = 'Cash of the payments dated in the period (the financial year, or all time), allocated or not (an advance counts when received)';
export const OUTSTANDING = 'Still due on the issued and archived invoices (total less TDS less paid) and debit notes (total less paid) of the period';

export const analyticsFull = obj({
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

export const prefixes = Object.fromEntries(DOCUMENT_KINDS.map((k) => [DOCUMENT_KIND_REGISTRY[k].prefixSetting, str()]));

/** The resources the presenters write, by component name. */
export const webhookFields = {
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
export const webhook = obj(webhookFields);

export const clientFields = {
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

export const recurringInvoice = {
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

export const recurringRun = obj({
  run_date: date({ description: 'The invoice date; one run per profile and date' }),
  status: oneOf(['created', 'failed'], { description: '`failed`: the invoice rules refused the run (see error); the schedule went on' }),
  source: oneOf(['schedule', 'run_now']),
  invoice_id: nid('invoice made'),
  invoice_number: nstr({ description: 'Null when the run made no invoice or the invoice was deleted' }),
  sendout_id: nid('email queued by auto_send'),
  error: nstr({ description: 'Why the run made no invoice, or why auto_send queued no email' }),
  created_at: timestamp(),
});
