/**
 * One permission per document kind, in the order of the kind registry (documents/document-kinds.ts), where each
 * kind names its own from this list.
 */
export const DOCUMENT_PERMISSIONS = ['invoices', 'quotations', 'proforma_invoices', 'debit_notes', 'credit_notes'] as const;
export type DocumentPermission = (typeof DOCUMENT_PERMISSIONS)[number];

/** `payments`: receipts from clients and their allocations to invoices and debit notes (/v1/payments). */
const OTHER_PERMISSIONS = ['payments', 'inventory', 'expenses', 'sendouts', 'analytics', 'tds', 'settings', 'users', 'api', 'integrations'] as const;

/** Clients, one permission per document kind (from the registry), then the rest. */
export type PermissionKey = 'clients' | DocumentPermission | (typeof OTHER_PERMISSIONS)[number];
export const PERMISSION_KEYS: readonly PermissionKey[] = ['clients', ...DOCUMENT_PERMISSIONS, ...OTHER_PERMISSIONS];

export function isPermissionKey(value: unknown): value is PermissionKey {
  return typeof value === 'string' && (PERMISSION_KEYS as readonly string[]).includes(value);
}

/** Who is calling: an integrator's account API key, or a signed-in user of the mobile app. */
export interface Principal {
  readonly accountId: number;
  /** `system`: the service itself (a scheduled job of the worker), acting for the account. */
  readonly kind: 'api_key' | 'user' | 'system';
  readonly userId: number | null;
  /** Session id of a mobile caller (null for API keys). */
  readonly sessionId: number | null;
  readonly permissions: readonly PermissionKey[];
}

export function apiKeyPrincipal(accountId: number): Principal {
  return { accountId, kind: 'api_key', userId: null, sessionId: null, permissions: PERMISSION_KEYS };
}

export function can(principal: Principal, permission: PermissionKey): boolean {
  return principal.permissions.includes(permission);
}

/** The service acting for an account on its own schedule (recurring invoices): every permission of the account. */
export function systemPrincipal(accountId: number): Principal {
  return { accountId, kind: 'system', userId: null, sessionId: null, permissions: PERMISSION_KEYS };
}
