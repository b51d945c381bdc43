import { PERMISSION_KEYS, PermissionKey } from '@app/domain/shared/principal';
import type { TestAccount, TestApp } from '../app-harness';
import { taxedLine } from '../sales-document-helpers';

/**
 * Two accounts with one of everything, made through the API: A (the victim, whose names all carry
 * VICTIM so an answer quoting them is found by a plain text search) and B (the caller of the walk).
 */
export const VICTIM = 'Victimco';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
export const OWNER_PASSWORD = 'Isolation!Owner7q';
export const CLERK_PASSWORD = 'Isolation!Clerk9x';

/** Record kinds, named as the path segment (or `*_id` field) that points at them. */
export type Kind =
  | 'clients'
  | 'inventory'
  | 'expenses'
  | 'invoices'
  | 'quotations'
  | 'proforma-invoices'
  | 'debit-notes'
  | 'credit-notes'
  | 'payments'
  | 'allocations'
  | 'recurring-invoices'
  | 'sections'
  | 'deductions'
  | 'sendouts'
  | 'users'
  | 'notifications'
  | 'sessions'
  | 'webhooks'
  | 'deliveries'
  | 'events'
  | 'share'
  | 'refresh-tokens'
  | 'fcm-tokens';

export interface Side {
  account: TestAccount;
  username: string;
  /** The owner's mobile access and refresh tokens. */
  token: string;
  refreshToken: string;
  fcmToken: string;
  ids: Record<Kind, number | string>;
}

export interface IsolationWorld {
  a: Side;
  b: Side;
  /** A's sub-user without any permission, signed in. */
  clerkToken: string;
  /** For each permission key, a sub-user of A holding every key but that one, signed in. */
  lackingTokens: Record<PermissionKey, string>;
  /** Strings only A's data holds: names, emails, phones, tokens, the API key. */
  markers: string[];
  /** What of A's a sub-user without permissions may not see either: names of records, the owner's secrets. */
  recordMarkers: string[];
  /** `*_id` fields of answers and the ids A owns under them. */
  victimIds: Map<string, Set<number>>;
}

type Call = (method: string, path: string, bearer: string, body?: unknown) => Promise<{ status: number; data: any }>;

function client(base: string): Call {
  return async (method, path, bearer, body) => {
    const res = await fetch(base + path, {
      method,
      headers: { Authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const json = /json/.test(res.headers.get('content-type') ?? '') ? JSON.parse(text) : undefined;
    return { status: res.status, data: json?.data ?? json };
  };
}

const line = taxedLine;

/** Creates one record of every kind for an account (`tag` names them), through the API. */
async function seedSide(call: Call, account: TestAccount, username: string, tag: string, n: number, hookUrl: string): Promise<Side> {
  const key = account.apiKey;
  const must = async (method: string, path: string, bearer: string, body: unknown, pick: (data: any) => unknown): Promise<any> => {
    const res = await call(method, path, bearer, body);
    const value = res.status < 300 ? pick(res.data) : undefined;
    if (value === undefined || value === null) throw new Error(`seeding ${tag}: ${method} ${path} answered ${res.status} ${JSON.stringify(res.data)}`);
    return value;
  };
  await must('PATCH', '/v1/settings/business', key, { signature_png: PNG }, () => true);
  const ids = {} as Record<Kind, number | string>;
  ids.clients = await must(
    'POST',
    '/v1/clients',
    key,
    { name: `${tag} Client`, phone: `98123${String(n).padStart(5, '0')}`, email: `${tag.toLowerCase()}.client@example.com`, state_code: '29' },
    (d) => d.client.client_id,
  );
  ids.inventory = await must(
    'POST',
    '/v1/inventory',
    key,
    { name: `${tag} Widget`, rate: 100, quantity: 50, type: 'product', tax_rate: 18 },
    (d) => d.inventory_id,
  );
  ids.sections = await must(
    'POST',
    '/v1/tds/sections',
    key,
    { code: `194${tag.slice(0, 1)}`, description: `${tag} section`, rate_individual: 10, effective_from: '2025-04-01' },
    (d) => d.section_id ?? d.section?.section_id,
  );
  ids.expenses = await must(
    'POST',
    '/v1/expenses',
    key,
    {
      expense_description: `${tag} consulting`,
      expense_amount: 60000,
      expense_date: '2025-05-15',
      vendor_name: `${tag} Vendor`,
      vendor_pan: tag === VICTIM ? 'AAPFU0939F' : 'ABCDE1234F',
      payee_type: 'firm',
      tds_section_id: ids.sections,
      tds_rate: 10,
      tds_amount: 6000,
    },
    (d) => d.expense_id,
  );
  ids.deductions = ids.expenses;
  const items = [line(`${tag} service`), line(`${tag} part`, { inventory_id: ids.inventory })];
  ids.invoices = await must(
    'POST',
    '/v1/invoices',
    key,
    { client_id: ids.clients, invoice_date: '2025-05-01', payment_due_date: '2025-05-31', items },
    (d) => d.invoice_id,
  );
  ids['recurring-invoices'] = await must(
    'POST',
    '/v1/recurring-invoices',
    key,
    { client_id: ids.clients, frequency: 'monthly', start_date: '2099-01-01', items: [line(`${tag} retainer`)] },
    (d) => d.recurring_invoice_id,
  );
  // Quotation and proforma lines name no inventory item (only invoice lines move stock).
  const offerItems = [line(`${tag} service`), line(`${tag} part`)];
  ids.quotations = await must(
    'POST',
    '/v1/quotations',
    key,
    { client_id: ids.clients, quotation_date: '2025-05-01', items: offerItems },
    (d) => d.quotation_id,
  );
  ids['proforma-invoices'] = await must(
    'POST',
    '/v1/proforma-invoices',
    key,
    { client_id: ids.clients, proforma_date: '2025-05-01', items: offerItems },
    (d) => d.proforma_invoice_id,
  );
  const noteItems = [{ description: `${tag} short supply`, amount: 50 }];
  ids['debit-notes'] = await must(
    'POST',
    '/v1/debit-notes',
    key,
    { client_id: ids.clients, debit_note_date: '2025-05-02', items: noteItems },
    (d) => d.debit_note_id,
  );
  ids['credit-notes'] = await must(
    'POST',
    '/v1/credit-notes',
    key,
    { client_id: ids.clients, credit_note_date: '2025-05-03', source_invoice_id: ids.invoices, items: noteItems },
    (d) => d.credit_note_id,
  );
  // A payment settling part of the invoice, the rest an advance.
  ids.payments = await must(
    'POST',
    '/v1/payments',
    key,
    {
      client_id: ids.clients,
      amount: 300,
      payment_date: '2025-05-20',
      mode: 'neft',
      reference: `${tag} transfer`,
      allocations: [{ document_type: 'invoice', document_id: ids.invoices, amount: 100 }],
    },
    (d) => d.payment_id,
  );
  ids.allocations = await must('GET', `/v1/payments/${ids.payments}`, key, undefined, (d) => d.allocations?.[0]?.allocation_id);
  const shareUrl: string = await must('POST', `/v1/documents/invoice/${ids.invoices}/share`, key, undefined, (d) => d.share_url);
  ids.share = shareUrl.split('/').pop() as string;
  ids.sendouts = await must(
    'POST',
    '/v1/sendouts',
    key,
    { client_id: ids.clients, document_type: 'invoice', document_id: ids.invoices, subject: `${tag} invoice`, message: `${tag} message` },
    (d) => d.queue_id,
  );
  ids.webhooks = await must(
    'POST',
    '/v1/webhooks',
    key,
    { url: hookUrl, events: ['*'], description: `${tag} hook` },
    (d) => d.webhook_id ?? d.endpoint?.webhook_id,
  );
  ids.users = await must(
    'POST',
    '/v1/settings/users',
    key,
    { username: `${tag.toLowerCase()}.clerk`, password: CLERK_PASSWORD, permissions: [] },
    (d) => d.user_id ?? d.user?.user_id,
  );
  // A spare session first: its id is the one probes name (revoking the caller's own current session would end the walk).
  const spare = await must('POST', '/v1/auth/login', '', { username, password: OWNER_PASSWORD }, (d) => d.access_token);
  const session = await must('POST', '/v1/auth/login', '', { username, password: OWNER_PASSWORD }, (d) => d);
  const fcmToken = `${tag}-fcm:${'x'.repeat(40)}${n}`;
  await must('POST', '/v1/devices', session.access_token, { fcm_token: fcmToken, platform: 'android' }, (d) => d.device_id);
  const sessions = await must('GET', '/v1/auth/sessions', spare, undefined, (d) => d.sessions);
  ids.sessions = (sessions as Array<{ session_id: number; current: boolean }>).find((s) => s.current)?.session_id as number;
  ids['refresh-tokens'] = session.refresh_token;
  ids['fcm-tokens'] = fcmToken;
  return { account, username, token: session.access_token, refreshToken: session.refresh_token, fcmToken, ids };
}

/** Relays the activity so far (notifications, webhook deliveries) and fills the ids that needs. */
export async function afterRelay(base: string, world: IsolationWorld): Promise<void> {
  const call = client(base);
  for (const side of [world.a, world.b]) {
    const feed = await call('GET', '/v1/notifications', side.token);
    const notification = feed.data?.notifications?.[0]?.notification_id;
    const deliveries = await call('GET', `/v1/webhooks/${side.ids.webhooks}/deliveries`, side.account.apiKey);
    const delivery = deliveries.data?.deliveries?.[0]?.delivery_id;
    const events = await call('GET', '/v1/events?limit=1', side.account.apiKey);
    const event = events.data?.events?.[0]?.id;
    if (!notification || !delivery || !event)
      throw new Error(`no notification, delivery or event after the relay: ${JSON.stringify([feed, deliveries, events])}`);
    side.ids.notifications = notification;
    side.ids.deliveries = delivery;
    side.ids.events = event;
  }
  const victimIds = world.victimIds;
  const add = (field: string, id: unknown) => {
    if (typeof id === 'number') victimIds.set(field, (victimIds.get(field) ?? new Set()).add(id));
  };
  const ids = world.a.ids;
  for (const [field, kind] of Object.entries(ID_FIELDS)) add(field, ids[kind]);
  add('account_id', world.a.account.accountId);
  add('user_id', world.a.account.userId);
}

/** `*_id` fields of answers and the kind of record they name (fields naming several kinds are left out). */
export const ID_FIELDS: Record<string, Kind> = {
  client_id: 'clients',
  inventory_id: 'inventory',
  expense_id: 'expenses',
  invoice_id: 'invoices',
  source_invoice_id: 'invoices',
  original_invoice_id: 'invoices',
  quotation_id: 'quotations',
  proforma_invoice_id: 'proforma-invoices',
  debit_note_id: 'debit-notes',
  credit_note_id: 'credit-notes',
  payment_id: 'payments',
  allocation_id: 'allocations',
  recurring_invoice_id: 'recurring-invoices',
  section_id: 'sections',
  tds_section_id: 'sections',
  deduction_id: 'deductions',
  queue_id: 'sendouts',
  user_id: 'users',
  notification_id: 'notifications',
  session_id: 'sessions',
  webhook_id: 'webhooks',
  delivery_id: 'deliveries',
};

export async function seedIsolationWorld(t: TestApp, base: string, hookBase: string): Promise<IsolationWorld> {
  const call = client(base);
  const accountA = await t.createAccount({
    name: `${VICTIM} Traders`,
    email: 'victimco.owner@example.com',
    username: 'victimco_owner',
    password: OWNER_PASSWORD,
  });
  const accountB = await t.createAccount({
    name: 'Intruder Traders',
    email: 'intruder.owner@example.com',
    username: 'intruder_owner',
    password: OWNER_PASSWORD,
    gstin: '29AAACH7409R1ZX',
  });
  // B e-invoices, so its e-invoice calls reach the invoice lookup rather than stopping at the setting.
  const einvoicing = await call('PATCH', '/v1/settings/business', accountB.apiKey, {
    business_address: '4 Residency Road, Bengaluru 560025',
    einvoice_enabled: true,
    invoice_prefix: 'INV',
  });
  if (einvoicing.status !== 200) throw new Error(`B could not turn e-invoicing on: ${JSON.stringify(einvoicing)}`);
  const a = await seedSide(call, accountA, 'victimco_owner', VICTIM, 1, `${hookBase}/victimco-hook`);
  const b = await seedSide(call, accountB, 'intruder_owner', 'Intruder', 2, `${hookBase}/intruder-hook`);
  const clerk = await call('POST', '/v1/auth/login', '', { username: `${VICTIM.toLowerCase()}.clerk`, password: CLERK_PASSWORD });
  if (!clerk.data?.access_token) throw new Error(`A's sub-user could not sign in: ${JSON.stringify(clerk)}`);
  // The client's phone, the vendor's PAN, the owner's key and tokens, the push token, the share token.
  const ownerSecrets = ['9812300001', 'AAPFU0939F', accountA.apiKey, a.token, a.refreshToken, a.fcmToken, String(a.ids.share)];
  const markers = [VICTIM, VICTIM.toLowerCase(), ...ownerSecrets, clerk.data.access_token];
  const recordMarkers = [
    ...['Client', 'Widget', 'consulting', 'Vendor', 'section', 'service', 'part', 'short supply', 'transfer'].map((name) => `${VICTIM} ${name}`),
    'victimco.client@example.com',
    'victimco-hook',
    ...ownerSecrets,
  ];
  const lackingTokens = {} as Record<PermissionKey, string>;
  for (const key of PERMISSION_KEYS) {
    const username = `lacks.${key.replace(/_/g, '-')}`;
    const created = await call('POST', '/v1/settings/users', accountA.apiKey, {
      username,
      password: CLERK_PASSWORD,
      permissions: PERMISSION_KEYS.filter((k) => k !== key),
    });
    const session = await call('POST', '/v1/auth/login', '', { username, password: CLERK_PASSWORD });
    if (created.status !== 201 || !session.data?.access_token) throw new Error(`sub-user ${username}: ${JSON.stringify([created, session])}`);
    lackingTokens[key] = session.data.access_token;
  }
  return { a, b, clerkToken: clerk.data.access_token, lackingTokens, markers, recordMarkers, victimIds: new Map() };
}
