import { WEBHOOK_EVENT_TYPES } from '@app/domain/webhooks/webhook-events';

/** The document's tags, in the order readers meet them. */
export const TAGS: Array<{ name: string; description: string }> = [
  { name: 'account', description: 'The account the credential belongs to' },
  { name: 'auth', description: 'Mobile sign-in, tokens and sessions' },
  { name: 'clients', description: 'Customers the business bills' },
  { name: 'invoices', description: 'Tax invoices (numbered INV/YY-YY/NNNN per financial year)' },
  { name: 'quotations', description: 'Quotations, convertible to invoices' },
  { name: 'proforma-invoices', description: 'Proforma invoices, convertible to invoices' },
  { name: 'credit-notes', description: 'Credit notes against invoices' },
  { name: 'debit-notes', description: 'Debit notes' },
  { name: 'payments', description: 'Payments received from clients, their allocations to invoices and debit notes, and advances' },
  { name: 'documents', description: 'PDFs and public share links of every document kind' },
  { name: 'inventory', description: 'Products and services with stock movements' },
  { name: 'recurring-invoices', description: 'Profiles that make an invoice on a schedule (weekly to yearly), emailed when asked' },
  { name: 'expenses', description: 'Business expenses, with TDS where it applies' },
  { name: 'tds', description: 'TDS sections, calculation, deductions, deposits, reports and certificates' },
  { name: 'sendouts', description: 'Emailing document PDFs through the queue' },
  { name: 'analytics', description: 'Revenue, receivables, GST and inventory figures' },
  { name: 'notifications', description: 'The team feed, push preferences and devices (mobile app)' },
  { name: 'settings', description: 'Business profile, PDF templates, API key and users' },
  {
    name: 'webhooks',
    description:
      'Outbound webhooks: endpoints, signing secrets and deliveries. Event types: ' +
      WEBHOOK_EVENT_TYPES.join(', ') +
      '. Each event is a `POST` of `{id, type, created_at, account_id, resource_type, resource_id, data: {object}}` (one schema per type in `x-webhooks`), where `object` is the record as its `GET` answers it at the time of the event (a deletion: its last form with `deleted: true`); `invoice.created` of an invoice a recurring profile made also carries `data.source: recurring` and `data.recurring_invoice_id`; `reminder.sent` carries the invoice as `object` and the step in `data.reminder`. Events are signed with the Standard Webhooks headers `Webhook-Id` (the event id), `Webhook-Timestamp` and `Webhook-Signature`. `GET /v1/events` keeps every event of the last 30 days, received or not, to fetch again what an endpoint missed; `POST /v1/webhooks/{id}/test` sends a signed `ping`.',
  },
  {
    name: 'exports',
    description: 'GST returns (GSTR-1, GSTR-1A, GSTR-3B), e-invoices of the IRP and e-way bills, in the portals’ formats',
  },
  { name: 'audit', description: 'The audit trail: who changed what and when' },
  { name: 'storefront', description: 'Storefront integration: a connected shop whose orders become invoices' },
  { name: 'billing', description: 'App Store and Google Play subscriptions' },
  { name: 'public', description: 'What the apps read without signing in' },
  { name: 'operations', description: 'Health of the service' },
];
