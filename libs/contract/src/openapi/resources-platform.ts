import type { Schema } from './schema-kit';
import { CA_SYNC_FORMATS, CA_SYNC_FREQUENCIES } from '@app/domain/ca-sync/ca-sync';
import { PING_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from '@app/domain/webhooks/webhook-events';
import { BACKFILL_STATES, EVENT_STATES } from '@app/domain/storefront/storefront.ports';
import { INVOICE_TEMPLATES } from '@app/domain/documents/pdf-renderer.port';
import { CATEGORY_KEYS } from '@app/domain/notifications/notification-category';
import { PAYEE_TYPES, TDS_ACTS } from '@app/domain/tds/tds-section';
import { CARGO_KINDS, MAX_DISTANCE_KM } from '@app/domain/eway-bill/eway-bill-validity';
import { TRANSPORT_MODES } from '@app/domain/eway-bill/part-b';
import { STATUS } from '../common/error-status';
import { inlineJsonSchema } from './json-schema';
import { arr, bool, constant, date, id, int, keyed, money, ndate, nid, nint, noneOf, nstr, ntimestamp, num, obj, oneOf, str, timestamp } from './schema-kit';
import gstr1Schema from '../../../../schemas/gstr1.schema.json';
import gstr3bSchema from '../../../../schemas/gstr3b.schema.json';
import irpSchema from '../../../../schemas/einvoice-1.1.schema.json';
import ewayBillSchema from '../../../../schemas/eway-bill.schema.json';
import { count, gstr1Table } from './resources-documents-parts';
import {
  tdsSection,
  tdsDeduction,
  tdsReportRow,
  receivablesAgeing,
  RECEIVED,
  OUTSTANDING,
  analyticsFull,
  webhookFields,
  webhook,
} from './resources-account-parts';

/** Answer schemas of TDS, analytics, returns and e-invoices, notifications, settings, billing and errors, by name (part of RESOURCE_SCHEMAS). */
export const PLATFORM_SCHEMAS: Record<string, Schema> = {
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
    act_2025_payment_code: nstr({ description: 'Payment code for the payee type used (an unknown payee: the code of the higher rate), from 2026-04-01' }),
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
    event_type: oneOf([...WEBHOOK_EVENT_TYPES, PING_EVENT_TYPE]),
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
