/** Who is calling: an integrator's account API key, or a signed-in user of the mobile app. */
export const PERMISSION_KEYS = [
  'clients',
  'invoices',
  'quotations',
  'proforma_invoices',
  'debit_notes',
  'credit_notes',
  'inventory',
  'expenses',
  'sendouts',
  'analytics',
  'tds',
  'settings',
  'users',
  'api',
  'integrations',
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export function isPermissionKey(value: unknown): value is PermissionKey {
  return typeof value === 'string' && (PERMISSION_KEYS as readonly string[]).includes(value);
}

export interface Principal {
  readonly accountId: number;
  readonly kind: 'api_key' | 'user';
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
