import { PermissionKey } from '../shared/principal';

/**
 * The closed set of notification categories: what a user needs to see one (`permission`; null: the
 * login rule decides), and where the app opens it (`screen`). Prefs, feed and push derive from it.
 */
export const NOTIFICATION_CATEGORIES = {
  login: { permission: null, screen: 'sessions' },
  clients: { permission: 'clients', screen: 'client_detail' },
  invoices: { permission: 'invoices', screen: 'invoice_detail' },
  quotations: { permission: 'quotations', screen: 'quotation_detail' },
  proforma_invoices: { permission: 'proforma_invoices', screen: 'proforma_invoice_detail' },
  debit_notes: { permission: 'debit_notes', screen: 'debit_note_detail' },
  credit_notes: { permission: 'credit_notes', screen: 'credit_note_detail' },
  /** Payments recorded, and documents marked paid or partly paid by a PATCH of their payment status. */
  payments: { permission: 'payments', screen: 'invoice_detail' },
  inventory: { permission: 'inventory', screen: 'inventory_detail' },
  expenses: { permission: 'expenses', screen: 'expense_detail' },
  sendouts: { permission: 'sendouts', screen: 'sendout_history' },
  billing: { permission: 'settings', screen: 'billing' },
  /** Outbound webhooks: an endpoint the service disabled after 5 days of failed deliveries. */
  integrations: { permission: 'integrations', screen: 'webhooks' },
} as const satisfies Record<string, { permission: PermissionKey | null; screen: string }>;

export type NotificationCategory = keyof typeof NOTIFICATION_CATEGORIES;

export const CATEGORY_KEYS = Object.keys(NOTIFICATION_CATEGORIES) as NotificationCategory[];

export function isNotificationCategory(value: unknown): value is NotificationCategory {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(NOTIFICATION_CATEGORIES, value);
}

/** Activity entity types that make notifications, with their category and the document type of the deep link. */
export const ENTITY_CATEGORIES: Record<string, { category: NotificationCategory; noun: string; documentType: string | null }> = {
  client: { category: 'clients', noun: 'client', documentType: null },
  invoice: { category: 'invoices', noun: 'invoice', documentType: 'invoice' },
  quotation: { category: 'quotations', noun: 'quotation', documentType: 'quotation' },
  proforma_invoice: { category: 'proforma_invoices', noun: 'proforma invoice', documentType: 'proforma-invoice' },
  debit_note: { category: 'debit_notes', noun: 'debit note', documentType: 'debit-note' },
  credit_note: { category: 'credit_notes', noun: 'credit note', documentType: 'credit-note' },
  payment: { category: 'payments', noun: 'payment', documentType: null },
  inventory: { category: 'inventory', noun: 'inventory item', documentType: null },
  expense: { category: 'expenses', noun: 'expense', documentType: null },
  sendout: { category: 'sendouts', noun: 'email', documentType: null },
  session: { category: 'login', noun: 'session', documentType: null },
  /** A registration by another sign-in took the token of a user's device (`moved`, by `system`). */
  push_device: { category: 'login', noun: 'device', documentType: null },
  subscription: { category: 'billing', noun: 'subscription', documentType: null },
  webhook_endpoint: { category: 'integrations', noun: 'webhook endpoint', documentType: null },
};

/** Every category with its push preference: the stored choices over the default (on). */
export function completePrefs(stored: Partial<Record<NotificationCategory, boolean>>): Record<NotificationCategory, boolean> {
  const prefs = {} as Record<NotificationCategory, boolean>;
  for (const key of CATEGORY_KEYS) prefs[key] = stored[key] ?? true;
  return prefs;
}
