import type { PermissionKey } from '@app/domain/shared/principal';
import type { Kind } from './isolation-world';

/** Picks the id of a record for a field: A's for the field under probe, the caller's own for the others. */
export type IdOf = (kind: Kind, field: string) => number | string;

/**
 * How the isolation matrix covers one operation of the OpenAPI document.
 *
 * B (another account) is sent A's ids in every path parameter (found from the document), in every id-like
 * query parameter and in every body field that names a record, one field at a time: the answer must be
 * 404 `not_found`, a 400 naming the field, or (where `ok` says so) a 2xx holding none of A's data.
 * A's sub-user without permissions is sent the operation with A's own ids: 403 `forbidden` naming `permission`.
 */
export interface Coverage {
  /** The permission key a user token needs; `document-kind` for `{type}` routes (the kind's key); null: see `open`. */
  permission: PermissionKey | 'document-kind' | null;
  /** Why a sub-user without permissions may call it (permission null). */
  open?: string;
  /** Why B sends nothing: public endpoints and calls on the caller's own credentials. */
  exempt?: string;
  /** B calls with its owner's mobile access token (mobile-only endpoints), not its API key. */
  mobile?: true;
  /** A body to send (bodies: several variants); ids come through `id` so each record field is probed in turn. */
  body?: (id: IdOf) => unknown;
  /** Query parameters to send; ids through `id` as for the body. */
  query?: (id: IdOf) => Record<string, string | number>;
  /** Body or query fields ending in _id, ids or token that do not name a record of the service, and why. */
  notRefs?: Record<string, string>;
  /**
   * A 2xx answer to a probe carrying A's ids outside the path: `filtered` (a filter, or an idempotent call, that
   * matches nothing of B's), `skipped` (bulk: A's ids come back in `skipped`, nothing deleted).
   */
  ok?: 'filtered' | 'skipped';
  /** Runs after every other probe (it may end B's sign-in). */
  last?: true;
  /** The `document_type` of the body or query needs its kind's permission too (checked with a sub-user lacking only that one). */
  kindPermission?: true;
}

const DOC = (path: string) => `documents/{type}/{id}/${path}`;
const openMobile = 'acts on the signed-in user itself (mobile token); no permission key';
const publicEndpoint = 'public endpoint: no account, no caller';
const plainLine = {
  item_description: 'Probe line',
  hsn_code: '998311',
  quantity: 1,
  rate: 100,
  tax_rate: 18,
  cgst_amount: 9,
  sgst_amount: 9,
  igst_amount: 0,
  total_amount: 118,
};
const line = (inventory: number | string) => ({ ...plainLine, inventory_id: inventory });
const bulk =
  (kind: Kind) =>
  (id: IdOf): unknown => ({ ids: [id(kind, 'ids')] });
const noteLines = [{ description: 'Probe', amount: 10 }];
const DOCUMENT_TYPES = ['invoice', 'quotation', 'proforma-invoice', 'debit-note', 'credit-note'] as const;
const kindOfType = (type: string) => `${type}s` as Kind;
const listQuery = (id: IdOf) => ({ client_id: id('clients', 'client_id') });
const ewbTransporter = "the transporter's GSTIN or TRANSIN at the e-way bill portal, not a record of the service";

/** Sales documents: list with a client filter, create and update naming records, bulk delete, read, history. */
function salesDocument(
  base: string,
  kind: Kind,
  permission: PermissionKey,
  create: (id: IdOf) => unknown,
  notRefs?: Record<string, string>,
): Record<string, Coverage> {
  return {
    [`GET /v1/${base}`]: { permission, query: listQuery, ok: 'filtered' },
    [`POST /v1/${base}`]: { permission, body: create, notRefs },
    [`POST /v1/${base}/bulk-delete`]: { permission, body: bulk(kind), ok: 'skipped' },
    [`GET /v1/${base}/{id}`]: { permission },
    [`PATCH /v1/${base}/{id}`]: { permission, body: create, notRefs },
    [`DELETE /v1/${base}/{id}`]: { permission },
    [`GET /v1/${base}/{id}/history`]: { permission },
  };
}

/** Quotations and proforma invoices: sales documents with a validity date that convert to an invoice. */
function offerDocument(base: 'quotations' | 'proforma-invoices', permission: PermissionKey, dateField: string): Record<string, Coverage> {
  return {
    ...salesDocument(base, base, permission, (id) => ({
      client_id: id('clients', 'client_id'),
      [dateField]: '2025-06-01',
      validity_date: '2025-06-30',
      items: [plainLine],
    })),
    [`POST /v1/${base}/{id}/convert-to-invoice`]: { permission, body: () => ({}) },
  };
}

/** Every operation of openapi/openapi.json: the test fails when one is missing here or when one here is gone. */
export const COVERAGE: Record<string, Coverage> = {
  'GET /health': { permission: null, exempt: publicEndpoint, open: publicEndpoint },
  'GET /health/live': { permission: null, exempt: publicEndpoint, open: publicEndpoint },
  'GET /health/ready': { permission: null, exempt: publicEndpoint, open: publicEndpoint },
  'GET /metrics': { permission: null, exempt: 'operator endpoint: process metrics, no account data', open: 'operator endpoint' },
  'GET /v1/app/version': { permission: null, exempt: publicEndpoint, open: publicEndpoint },
  'GET /v1/legal': { permission: null, exempt: publicEndpoint, open: publicEndpoint },
  'GET /v1/legal/{id}': { permission: null, exempt: 'public policy articles, ids are names (privacy, terms ...)', open: publicEndpoint },
  'POST /v1/billing/ios-store/notifications': { permission: null, exempt: 'public store notification, verified by its signature', open: publicEndpoint },
  'POST /v1/billing/android-store/notifications': { permission: null, exempt: 'public store notification, re-verified with the store', open: publicEndpoint },
  'POST /v1/integrations/storefront/webhooks': { permission: null, exempt: 'public shop webhook, verified by its HMAC', open: publicEndpoint },
  'GET /v1/share/{token}': {
    permission: null,
    exempt: 'a public link shows its document to whoever holds the token, by design (revocation: public.e2e-spec)',
    open: publicEndpoint,
  },
  'POST /v1/auth/login': { permission: null, exempt: 'public sign-in; credentials are the auth suites’ subject', open: publicEndpoint },
  'POST /v1/auth/refresh': {
    permission: null,
    exempt: 'public: the refresh token is the credential itself',
    open: publicEndpoint,
    notRefs: { refresh_token: 'a credential' },
  },
  'POST /v1/auth/change-password': { permission: null, exempt: 'changes the caller’s own password only', open: openMobile, mobile: true },
  'POST /v1/auth/delete-account': { permission: null, exempt: 'deletes the caller’s own account (password checked)', open: openMobile, mobile: true },

  'GET /v1/me': { permission: null, open: 'the caller’s own account' },
  'GET /v1/auth/me': { permission: null, open: openMobile, mobile: true },
  'GET /v1/auth/sessions': { permission: null, open: openMobile, mobile: true },
  'DELETE /v1/auth/sessions': {
    permission: null,
    open: openMobile,
    mobile: true,
    query: (id) => ({ session_id: id('sessions', 'session_id') }),
    body: (id) => ({ session_id: id('sessions', 'session_id') }),
  },
  'POST /v1/auth/sessions/revoke-others': { permission: null, open: openMobile, mobile: true },
  'POST /v1/auth/logout': {
    permission: null,
    open: openMobile,
    mobile: true,
    last: true,
    body: () => ({}),
    notRefs: { refresh_token: 'a credential: whoever holds a refresh token may end its session, as they may refresh it' },
  },

  'GET /v1/clients': { permission: 'clients' },
  'POST /v1/clients': { permission: 'clients', body: () => ({ name: 'Probe client', phone: '9812300001', email: 'victimco.client@example.com' }) },
  'POST /v1/clients/bulk-delete': { permission: 'clients', body: bulk('clients'), ok: 'skipped' },
  'GET /v1/clients/{id}': { permission: 'clients' },
  'GET /v1/clients/{id}/statement': { permission: 'payments' },
  'PATCH /v1/clients/{id}': { permission: 'clients', body: () => ({ name: 'Renamed by a probe' }) },
  'DELETE /v1/clients/{id}': { permission: 'clients', query: () => ({ cascade: 1 }) },

  'GET /v1/inventory': { permission: 'inventory' },
  'POST /v1/inventory': { permission: 'inventory', body: () => ({ name: 'Probe part', rate: 10 }) },
  'POST /v1/inventory/bulk-delete': { permission: 'inventory', body: bulk('inventory'), ok: 'skipped' },
  'GET /v1/inventory/{id}': { permission: 'inventory' },
  'PATCH /v1/inventory/{id}': { permission: 'inventory', body: () => ({ quantity: 1 }) },
  'DELETE /v1/inventory/{id}': { permission: 'inventory' },
  'GET /v1/inventory/{id}/movements': { permission: 'inventory' },

  'GET /v1/expenses': { permission: 'expenses' },
  'POST /v1/expenses': {
    permission: 'expenses',
    body: (id) => ({
      expense_description: 'Probe',
      expense_amount: 10,
      client_id: id('clients', 'client_id'),
      tds_section_id: id('sections', 'tds_section_id'),
      tds_rate: 10,
      tds_amount: 1,
    }),
  },
  'GET /v1/expenses/categories': { permission: 'expenses' },
  'POST /v1/expenses/bulk-delete': { permission: 'expenses', body: bulk('expenses'), ok: 'skipped' },
  'GET /v1/expenses/{id}': { permission: 'expenses' },
  'PATCH /v1/expenses/{id}': {
    permission: 'expenses',
    body: (id) => ({ client_id: id('clients', 'client_id'), tds_section_id: id('sections', 'tds_section_id') }),
  },
  'DELETE /v1/expenses/{id}': { permission: 'expenses' },
  'GET /v1/expenses/{id}/repeat': { permission: 'expenses' },

  'GET /v1/settings/reminders': { permission: 'settings' },
  'PATCH /v1/settings/reminders': { permission: 'settings', body: () => ({ enabled: false }) },
  'GET /v1/invoices/{id}/reminders': { permission: 'invoices' },
  'GET /v1/settings/business': { permission: 'settings' },
  'PATCH /v1/settings/business': { permission: 'settings', body: () => ({ business_name: 'Intruder Traders' }), notRefs: { upi_id: 'a UPI payment address' } },
  'GET /v1/settings/templates': { permission: 'settings' },
  'PATCH /v1/settings/templates': { permission: 'settings', body: () => ({}) },
  'GET /v1/settings/api-key': { permission: 'api' },
  'GET /v1/settings/ca-sync': { permission: 'settings' },
  'PATCH /v1/settings/ca-sync': { permission: 'settings', body: () => ({ enabled: false }) },
  'GET /v1/settings/ca-sync/sends': { permission: 'settings' },
  'POST /v1/settings/ca-sync/test-send': { permission: 'settings', body: () => ({}) },

  'GET /v1/settings/users': { permission: 'users' },
  'POST /v1/settings/users': { permission: 'users', body: () => ({ username: 'intruder.probe', password: 'Probe!Pass9x', permissions: ['clients'] }) },
  'GET /v1/settings/users/{id}': { permission: 'users' },
  'PATCH /v1/settings/users/{id}': { permission: 'users', body: () => ({ permissions: ['clients', 'invoices'] }) },
  'DELETE /v1/settings/users/{id}': { permission: 'users' },

  [`GET /v1/${DOC('pdf')}`]: { permission: 'document-kind' },
  [`GET /v1/${DOC('share')}`]: { permission: 'document-kind' },
  [`POST /v1/${DOC('share')}`]: { permission: 'document-kind' },
  [`DELETE /v1/${DOC('share')}`]: { permission: 'document-kind' },
  'POST /v1/invoices/bulk-pdf': { permission: 'invoices', body: bulk('invoices') },

  ...salesDocument('invoices', 'invoices', 'invoices', (id) => ({
    client_id: id('clients', 'client_id'),
    invoice_date: '2025-06-01',
    payment_due_date: '2025-06-30',
    tds_section_id: id('sections', 'tds_section_id'),
    tds_rate: 10,
    tds_amount: 10,
    items: [line(id('inventory', 'inventory_id'))],
  })),
  'GET /v1/invoices/recent-payments': { permission: 'invoices' },
  'GET /v1/recurring-invoices': { permission: 'invoices', query: (id) => ({ client_id: id('clients', 'client_id') }), ok: 'filtered' },
  'POST /v1/recurring-invoices': {
    permission: 'invoices',
    body: (id) => ({
      client_id: id('clients', 'client_id'),
      frequency: 'monthly',
      start_date: '2099-01-01',
      tds_section_id: id('sections', 'tds_section_id'),
      items: [line(id('inventory', 'inventory_id'))],
    }),
  },
  'GET /v1/recurring-invoices/{id}': { permission: 'invoices' },
  'PATCH /v1/recurring-invoices/{id}': {
    permission: 'invoices',
    body: (id) => ({ client_id: id('clients', 'client_id'), tds_section_id: id('sections', 'tds_section_id'), items: [line(id('inventory', 'inventory_id'))] }),
  },
  'DELETE /v1/recurring-invoices/{id}': { permission: 'invoices' },
  'POST /v1/recurring-invoices/{id}/pause': { permission: 'invoices' },
  'POST /v1/recurring-invoices/{id}/resume': { permission: 'invoices' },
  'POST /v1/recurring-invoices/{id}/run-now': { permission: 'invoices' },
  ...offerDocument('quotations', 'quotations', 'quotation_date'),
  ...offerDocument('proforma-invoices', 'proforma_invoices', 'proforma_date'),
  ...salesDocument('debit-notes', 'debit-notes', 'debit_notes', (id) => ({
    client_id: id('clients', 'client_id'),
    debit_note_date: '2025-06-01',
    original_invoice_id: id('invoices', 'original_invoice_id'),
    items: noteLines,
  })),
  ...salesDocument('credit-notes', 'credit-notes', 'credit_notes', (id) => [
    { client_id: id('clients', 'client_id'), credit_note_date: '2025-06-01', source_invoice_id: id('invoices', 'source_invoice_id'), items: noteLines },
    { client_id: id('clients', 'client_id'), credit_note_date: '2025-06-01', items: noteLines },
    { client_id: id('clients', 'client_id'), credit_note_date: '2025-06-01', original_invoice_id: id('invoices', 'original_invoice_id'), items: noteLines },
  ]),

  'GET /v1/payments': { permission: 'payments', query: listQuery, ok: 'filtered' },
  'POST /v1/payments': {
    permission: 'payments',
    body: (id) =>
      (['invoice', 'debit-note'] as const).map((type) => ({
        client_id: id('clients', 'client_id'),
        amount: 10,
        payment_date: '2025-06-01',
        mode: 'upi',
        allocations: [{ document_type: type, document_id: id(kindOfType(type), 'document_id'), amount: 1 }],
      })),
  },
  'POST /v1/payments/bulk-delete': { permission: 'payments', body: bulk('payments'), ok: 'skipped' },
  'GET /v1/payments/{id}': { permission: 'payments' },
  'GET /v1/payments/{id}/pdf': { permission: 'payments' },
  'PATCH /v1/payments/{id}': { permission: 'payments', body: () => ({ notes: 'Probe' }) },
  'DELETE /v1/payments/{id}': { permission: 'payments' },
  'POST /v1/payments/{id}/allocations': {
    permission: 'payments',
    body: (id) =>
      (['invoice', 'debit-note'] as const).map((type) => ({
        allocations: [{ document_type: type, document_id: id(kindOfType(type), 'document_id'), amount: 1 }],
      })),
  },
  'DELETE /v1/payments/{id}/allocations/{allocation_id}': { permission: 'payments' },

  'GET /v1/sendouts': { permission: 'sendouts' },
  'POST /v1/sendouts': {
    permission: 'sendouts',
    kindPermission: true,
    body: (id) => [
      ...DOCUMENT_TYPES.map((type) => ({
        client_id: id('clients', 'client_id'),
        document_type: type,
        document_id: id(kindOfType(type), 'document_id'),
        subject: 'Probe',
        message: 'Probe',
      })),
      // A client's statement: the client is the only record it names (and it needs the payments permission too).
      { client_id: id('clients', 'client_id'), document_type: 'statement', fy_start_year: 2025, subject: 'Probe', message: 'Probe' },
    ],
  },
  'GET /v1/sendouts/templates': {
    permission: 'sendouts',
    kindPermission: true,
    query: (id) => ({ document_type: 'invoice', client_id: id('clients', 'client_id'), document_id: id('invoices', 'document_id') }),
  },
  'GET /v1/sendouts/documents': {
    permission: 'sendouts',
    kindPermission: true,
    query: (id) => ({ document_type: 'invoice', client_id: id('clients', 'client_id') }),
    ok: 'filtered',
  },
  'DELETE /v1/sendouts/{queue_id}': { permission: 'sendouts' },

  'GET /v1/analytics/summary': { permission: 'analytics' },
  'GET /v1/analytics/full': { permission: 'analytics' },
  'GET /v1/analytics/receivables-ageing': { permission: 'analytics' },

  'GET /v1/notifications': { permission: null, open: openMobile, mobile: true },
  'GET /v1/notifications/unread-count': { permission: null, open: openMobile, mobile: true },
  'GET /v1/notifications/prefs': { permission: null, open: openMobile, mobile: true },
  'PATCH /v1/notifications/prefs': { permission: null, open: openMobile, mobile: true, body: () => ({ prefs: { clients: true } }) },
  'POST /v1/notifications/read-all': { permission: null, open: openMobile, mobile: true },
  'PATCH /v1/notifications/{id}/read': { permission: null, open: openMobile, mobile: true },
  'POST /v1/devices': {
    permission: null,
    open: openMobile,
    mobile: true,
    body: () => ({ fcm_token: `intruder-fcm:${'y'.repeat(40)}`, platform: 'android' }),
    notRefs: {
      fcm_token:
        'the push token is a secret of the app install, not a record id: registering it again moves the install to the caller, as when another user signs in on the same phone',
    },
  },
  'DELETE /v1/devices': {
    permission: null,
    open: openMobile,
    mobile: true,
    body: (id) => ({ fcm_token: id('fcm-tokens', 'fcm_token') }),
    ok: 'filtered',
  },

  'GET /v1/tds/sections': { permission: 'tds' },
  'POST /v1/tds/sections': { permission: 'tds', body: () => ({ code: '194P', description: 'Probe', rate_individual: 1, effective_from: '2025-04-01' }) },
  'GET /v1/tds/sections/{id}': { permission: 'tds' },
  'PATCH /v1/tds/sections/{id}': { permission: 'tds', body: () => ({ rate_other: 1 }) },
  'DELETE /v1/tds/sections/{id}': { permission: 'tds' },
  'POST /v1/tds/calculate': {
    permission: 'tds',
    body: (id) => ({ base_amount: 1000, section_id: id('sections', 'section_id'), payee_type: 'individual', has_pan: true }),
  },
  'GET /v1/tds/deductions': { permission: 'tds', query: () => ({ fy_start_year: 2025 }) },
  'PATCH /v1/tds/deductions/{id}/deposit': { permission: 'tds', body: () => ({ challan_number: '00099', deposited_on: '2025-07-01', bsr_code: '0510032' }) },
  'DELETE /v1/tds/deductions/{id}/deposit': { permission: 'tds' },
  'GET /v1/tds/reports': { permission: 'tds', query: () => ({ fy_start_year: 2025 }) },
  'POST /v1/tds/certificates': { permission: 'tds', body: () => ({ deductee: 'AAPFU0939F', fy_start_year: 2025, quarter: 1 }) },

  'POST /v1/billing/ios-store/confirm': {
    permission: null,
    open: openMobile,
    mobile: true,
    body: () => ({ transaction_id: '2000000999999999' }),
    notRefs: { transaction_id: 'a store transaction', original_transaction_id: 'a store transaction', product_id: 'a store product' },
  },
  'POST /v1/billing/android-store/confirm': {
    permission: null,
    open: openMobile,
    mobile: true,
    body: () => ({ purchase_token: 'probe-token' }),
    notRefs: { purchase_token: 'a store purchase', product_id: 'a store product' },
  },

  'GET /v1/audit-log': {
    permission: 'settings',
    query: (id) => ({ entity_type: 'invoice', entity_id: id('invoices', 'entity_id'), actor: `user:${id('users', 'actor')}` }),
    ok: 'filtered',
  },

  'GET /v1/webhooks': { permission: 'integrations' },
  'POST /v1/webhooks': { permission: 'integrations', body: () => ({ url: 'http://127.0.0.1:9/intruder-probe', events: ['*'] }) },
  'GET /v1/webhooks/{id}': { permission: 'integrations' },
  'PATCH /v1/webhooks/{id}': { permission: 'integrations', body: () => ({ enabled: false }) },
  'DELETE /v1/webhooks/{id}': { permission: 'integrations' },
  'POST /v1/webhooks/{id}/rotate-secret': { permission: 'integrations' },
  'GET /v1/webhooks/{id}/deliveries': { permission: 'integrations' },
  'POST /v1/webhooks/{id}/deliveries/{delivery_id}/redeliver': { permission: 'integrations' },
  'POST /v1/webhooks/{id}/test': { permission: 'integrations' },
  'GET /v1/events': {
    permission: 'integrations',
    query: (id) => ({ resource_type: 'invoice', resource_id: id('invoices', 'resource_id') }),
    ok: 'filtered',
  },
  'GET /v1/events/{event_id}': { permission: 'integrations' },

  'GET /v1/integrations/storefront': { permission: 'integrations' },
  'POST /v1/integrations/storefront': {
    permission: 'integrations',
    exempt: 'connects the caller’s own shop (an outside server); no record id',
    notRefs: { access_token: 'the shop’s credential' },
  },
  'DELETE /v1/integrations/storefront': { permission: 'integrations' },
  'POST /v1/integrations/storefront/backfill': { permission: 'integrations', body: () => ({}) },
  'GET /v1/integrations/storefront/logs': { permission: 'integrations' },

  'GET /v1/exports/gstr1': { permission: 'invoices', query: () => ({ period: '2025-05' }) },
  'GET /v1/exports/gstr3b': { permission: 'invoices', query: () => ({ period: '2025-05' }) },
  'POST /v1/exports/gstr1/filed': { permission: 'invoices', body: () => ({ period: '2025-05' }) },
  'GET /v1/exports/gstr1a': { permission: 'invoices', query: () => ({ period: '2025-05' }) },
  'POST /v1/invoices/{id}/einvoice': { permission: 'invoices' },
  'DELETE /v1/invoices/{id}/einvoice': { permission: 'invoices', body: () => ({ reason: 'duplicate' }) },
  'GET /v1/exports/einvoice/{id}': { permission: 'invoices' },
  'POST /v1/credit-notes/{id}/einvoice': { permission: 'credit_notes' },
  'DELETE /v1/credit-notes/{id}/einvoice': { permission: 'credit_notes', body: () => ({ reason: 'duplicate' }) },
  'GET /v1/exports/einvoice/credit-notes/{id}': { permission: 'credit_notes' },
  'POST /v1/debit-notes/{id}/einvoice': { permission: 'debit_notes' },
  'DELETE /v1/debit-notes/{id}/einvoice': { permission: 'debit_notes', body: () => ({ reason: 'duplicate' }) },
  'GET /v1/exports/einvoice/debit-notes/{id}': { permission: 'debit_notes' },
  'POST /v1/invoices/{id}/eway-bill': {
    permission: 'invoices',
    body: () => ({ transport_mode: 'road', distance_km: 100, vehicle_number: 'MH12AB1234' }),
    notRefs: { transporter_id: ewbTransporter },
  },
  'POST /v1/invoices/{id}/eway-bill/cancel': { permission: 'invoices', body: () => ({ reason: 'duplicate' }) },
  'POST /v1/invoices/{id}/eway-bill/extend': {
    permission: 'invoices',
    body: () => ({ reason: 'accident', remaining_distance_km: 10, current_place: 'Pune', current_state_code: '27', current_pincode: '411001' }),
  },
  'GET /v1/exports/eway-bill': {
    permission: 'invoices',
    query: (id) => ({ ids: String(id('invoices', 'ids')) }),
    notRefs: { transporter_id: ewbTransporter },
  },
};

/** The record kind a path parameter names, from the segment before it; undefined when unknown. */
export function pathParamKind(path: string, name: string, type?: string): Kind | undefined {
  const segments = path.split('/');
  const before = segments[segments.indexOf(`{${name}}`) - 1];
  if (name === 'type') return undefined;
  if (before === '{type}') return type ? kindOfType(type) : undefined;
  const known: Record<string, Kind> = {
    clients: 'clients',
    inventory: 'inventory',
    expenses: 'expenses',
    invoices: 'invoices',
    quotations: 'quotations',
    'proforma-invoices': 'proforma-invoices',
    'debit-notes': 'debit-notes',
    'credit-notes': 'credit-notes',
    payments: 'payments',
    allocations: 'allocations',
    'recurring-invoices': 'recurring-invoices',
    users: 'users',
    sections: 'sections',
    deductions: 'deductions',
    notifications: 'notifications',
    webhooks: 'webhooks',
    deliveries: 'deliveries',
    events: 'events',
    sendouts: 'sendouts',
    einvoice: 'invoices',
    share: 'share',
  };
  return known[before];
}

export { DOCUMENT_TYPES };
