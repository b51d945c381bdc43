import type { OperationDoc } from './operations-kit';
import { DEVICE_PLATFORMS } from '@app/domain/notifications/device.repository.port';
import { arr, bool, constant, id, int, obj, oneOf, ref, timestamp } from './schema-kit';
import { count } from './resources';
import { cursorList, list, deleted, paged } from './operations-kit';

/** Operations of e-way bills, notifications and devices, TDS, the app and legal texts, store billing and integrations, in the order of the document. */
export const PLATFORM_OPERATIONS: Record<string, OperationDoc> = {
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
    data: cursorList('notifications', ref('Notification'), { unread_count: count(), ...paged }),
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
    data: cursorList('logs', ref('StorefrontLog')),
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
