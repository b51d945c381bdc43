import type { TestAccount } from '../app-harness';
import { IdRef, PathValue, RequestPlan } from './arbitraries';
import { taxedLine } from '../sales-document-helpers';

/** The records the fuzzer points at: ids of two accounts' records, tokens and share links, kept topped up. */
export interface World {
  resolve(plan: RequestPlan): { method: string; url: string; headers: Record<string, string>; body?: string };
  after(plan: RequestPlan, res: { status: number }): Promise<void>;
  /** True for calls that may end the sessions or the sub-user the fuzzer uses (they run alone). */
  disruptive(plan: RequestPlan): boolean;
  topUp(): Promise<void>;
}

type Pools = Map<string, Array<number | string>>;

/** Account `a` is the caller (its owner signs in with `username` and `password`); `b` is the other account. */
export interface FuzzAccounts {
  a: TestAccount;
  b: TestAccount;
  username: string;
  password: string;
}

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const CLERK_PASSWORD = 'Fuzz!Clerk9x';
/** How many of each record a pool should hold before a top-up. */
const POOL_MIN = 2;

function findKey(data: unknown, key: string): unknown {
  if (!data || typeof data !== 'object') return undefined;
  if (key in (data as object)) return (data as Record<string, unknown>)[key];
  for (const v of Object.values(data as object)) {
    const found = findKey(v, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

const line = (n: number, extra: object = {}) => taxedLine(`Item ${n}`, extra);

/** Pool names by the path segment or `*_id` field they serve. */
function poolName(word: string): string {
  const base = word.replace(/_id$/, '').replace(/_/g, '-');
  if (base === 'queue') return 'sendouts';
  if (base === 'token') return 'share';
  if (base === 'user' || base === 'users') return 'users';
  if (base.endsWith('invoice') && base !== 'proforma-invoice') return 'invoices';
  return base === 'inventory' || base.endsWith('s') ? base : `${base}s`;
}

/** encodeURIComponent that takes lone surrogates (as U+FFFD) instead of throwing. */
const encode = (v: string) => encodeURIComponent(v.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

export async function seedWorld(base: string, accounts: FuzzAccounts): Promise<World> {
  const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const res = await fetch(base + path, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, data: /json/.test(res.headers.get('content-type') ?? '') ? JSON.parse(text).data : undefined };
  };
  const keyOf = (acc: TestAccount) => ({ Authorization: `Bearer ${acc.apiKey}` });
  const own: Pools = new Map();
  const other: Pools = new Map();
  const tokens = { owner: '', clerk: '' };
  let clerkName = '';
  let clerkCount = 0;

  const add = (pools: Pools, name: string, id: unknown) => {
    if (id === undefined || id === null) return;
    pools.set(name, [...(pools.get(name) ?? []), id as number | string]);
  };

  /** Creates what a pool lacks, through the API, as the account's owner. */
  async function fill(pools: Pools, acc: TestAccount): Promise<void> {
    const h = keyOf(acc);
    const need = (name: string) => (pools.get(name)?.length ?? 0) < POOL_MIN;
    const create = async (name: string, path: string, key: string, body: unknown) => {
      if (!need(name)) return;
      for (let i = 0; i < POOL_MIN; i++) add(pools, name, findKey((await call('POST', path, h, body)).data, key));
    };
    const n = Date.now() % 100000;
    await create('clients', '/v1/clients', 'client_id', {
      name: `Fuzz client ${n}`,
      phone: `98${String(n).padStart(8, '0')}`,
      email: `fuzz${n}.${acc.accountId}@example.com`,
      state_code: '29',
    });
    const clientId = pools.get('clients')?.[0];
    await create('inventory', '/v1/inventory', 'inventory_id', { name: `Part ${n}`, rate: 100, quantity: 50, type: 'product', tax_rate: 18 });
    await create('expenses', '/v1/expenses', 'expense_id', { expense_description: 'Paper', expense_amount: 120 });
    const inventoryId = pools.get('inventory')?.[0];
    const items = [line(1), line(2, { inventory_id: inventoryId })];
    await create('invoices', '/v1/invoices', 'invoice_id', { client_id: clientId, invoice_date: '2025-05-01', payment_due_date: '2025-05-31', items });
    // Quotation and proforma lines name no inventory item (only invoice lines move stock).
    const offerItems = [line(1), line(2)];
    await create('quotations', '/v1/quotations', 'quotation_id', { client_id: clientId, quotation_date: '2025-05-01', items: offerItems });
    await create('proforma-invoices', '/v1/proforma-invoices', 'proforma_invoice_id', { client_id: clientId, proforma_date: '2025-05-01', items: offerItems });
    await create('debit-notes', '/v1/debit-notes', 'debit_note_id', {
      client_id: clientId,
      debit_note_date: '2025-05-01',
      items: [{ description: 'Short supply', amount: 50 }],
    });
    await create('credit-notes', '/v1/credit-notes', 'credit_note_id', {
      client_id: clientId,
      credit_note_date: '2025-05-01',
      items: [{ description: 'Return', amount: 50 }],
    });
    if (need('payments')) {
      for (let i = 0; i < POOL_MIN; i++) {
        const created = await call('POST', '/v1/payments', h, {
          client_id: clientId,
          amount: 100,
          payment_date: '2025-05-20',
          mode: 'upi',
          allocations: [{ document_type: 'invoice', document_id: pools.get('invoices')?.[0], amount: 1 }],
        });
        add(pools, 'payments', findKey(created.data, 'payment_id'));
        for (const id of (findKey(created.data, 'allocation_ids') as number[] | undefined) ?? []) add(pools, 'allocations', id);
      }
    }
    if (need('share')) {
      for (const [type, pool] of [
        ['invoice', 'invoices'],
        ['quotation', 'quotations'],
      ]) {
        const id = pools.get(pool)?.[0];
        const url = findKey((await call('POST', `/v1/documents/${type}/${id}/share`, h)).data, 'share_url');
        if (typeof url === 'string') add(pools, 'share', url.split('/').pop());
      }
    }
    if (need('sendouts')) {
      const body = {
        client_id: clientId,
        document_type: 'invoice',
        document_id: pools.get('invoices')?.[0],
        subject: 'Invoice',
        message: 'Please find it attached.',
        signature_override: PNG,
      };
      await create('sendouts', '/v1/sendouts', 'queue_id', body);
    }
  }

  async function signInOwner(): Promise<void> {
    const res = await call('POST', '/v1/auth/login', {}, { username: accounts.username, password: accounts.password });
    tokens.owner = String(findKey(res.data, 'access_token') ?? '');
  }

  /** A sub-user with a few permissions only, signed in (made again when the fuzzer deleted or changed it). */
  async function ensureClerk(): Promise<void> {
    if (tokens.clerk && (await call('GET', '/v1/auth/me', { Authorization: `Bearer ${tokens.clerk}` })).status === 200) return;
    clerkName = `fuzz.clerk${++clerkCount}`;
    const created = await call('POST', '/v1/settings/users', keyOf(accounts.a), {
      username: clerkName,
      password: CLERK_PASSWORD,
      permissions: ['clients', 'invoices'],
    });
    add(own, 'users', findKey(created.data, 'user_id'));
    const res = await call('POST', '/v1/auth/login', {}, { username: clerkName, password: CLERK_PASSWORD });
    tokens.clerk = String(findKey(res.data, 'access_token') ?? '');
  }

  await call('PATCH', '/v1/settings/business', keyOf(accounts.a), { signature_png: PNG });
  await fill(own, accounts.a);
  await fill(other, accounts.b);
  const otherUser = await call('POST', '/v1/settings/users', keyOf(accounts.b), { username: 'fuzz.other', password: CLERK_PASSWORD, permissions: ['clients'] });
  add(other, 'users', findKey(otherUser.data, 'user_id'));
  await signInOwner();
  await ensureClerk();
  if (!tokens.owner) throw new Error(`${accounts.username} could not sign in`);

  const pick = (pools: Pools, name: string, index: number) => {
    const pool = pools.get(name);
    return pool?.length ? String(pool[index % pool.length]) : String(1_000_000 + index);
  };

  function pathValue(path: string, name: string, value: PathValue, params: Record<string, PathValue>): string {
    if (value.kind === 'literal') return value.value;
    const segments = path.split('/');
    const before = segments[segments.indexOf(`{${name}}`) - 1] ?? name;
    const typeParam = /^\{(.+)\}$/.exec(before)?.[1];
    const typeValue = typeParam ? params[typeParam] : undefined;
    const pool = typeValue?.kind === 'literal' ? poolName(typeValue.value) : poolName(before === 'v1' ? name : before);
    return encode(pick(value.kind === 'own' ? own : other, pool, value.index));
  }

  function bodyIds(value: unknown, documentType?: unknown): unknown {
    if (value instanceof IdRef) {
      const pool = value.field === 'document_id' && typeof documentType === 'string' ? poolName(documentType) : poolName(value.field);
      const id = pick(value.whose === 'own' ? own : other, pool, value.index);
      return Number(id) || id;
    }
    if (Array.isArray(value)) return value.map((v) => bodyIds(v, documentType));
    if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = bodyIds(v, (value as Record<string, unknown>).document_type ?? documentType);
      return out;
    }
    return value;
  }

  return {
    resolve(plan) {
      const { op } = plan;
      const url =
        op.path.replace(/\{([^}]+)\}/g, (_, name: string) => pathValue(op.path, name, plan.path[name], plan.path)) +
        (plan.query.length ? `?${plan.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : '');
      const headers: Record<string, string> = {};
      const bearer = { 'owner-key': accounts.a.apiKey, 'other-key': accounts.b.apiKey, 'owner-token': tokens.owner, 'clerk-token': tokens.clerk }[
        plan.caller as string
      ];
      if (bearer) headers.Authorization = `Bearer ${bearer}`;
      if (plan.caller === 'garbage') Object.assign(headers, plan.garbageAuth);
      if (plan.requestId !== null) headers['X-Request-Id'] = plan.requestId;
      if (plan.body.kind === 'none') return { method: op.method, url, headers };
      if (plan.body.kind === 'raw') return { method: op.method, url, headers: { ...headers, 'content-type': plan.body.contentType }, body: plan.body.text };
      return { method: op.method, url, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(bodyIds(plan.body.value)) ?? 'null' };
    },
    disruptive: (plan) => plan.op.method !== 'GET' && (plan.op.path.startsWith('/v1/auth/') || plan.op.path.startsWith('/v1/settings/users')),
    async after(plan, res) {
      // Sign-in operations may end the sessions the fuzzer uses: sign in again.
      if (plan.op.path.startsWith('/v1/auth/') && res.status < 300 && plan.op.method !== 'GET') {
        await signInOwner();
        await ensureClerk();
      }
      if (plan.op.path.startsWith('/v1/settings/users') && plan.op.method !== 'GET' && res.status < 300) {
        await ensureClerk();
      }
    },
    async topUp() {
      for (const [pools, acc] of [
        [own, accounts.a],
        [other, accounts.b],
      ] as const) {
        for (const [name, ids] of pools) {
          const alive: Array<number | string> = [];
          for (const id of ids) {
            const path = name === 'share' ? `/v1/share/${id}` : name === 'sendouts' || name === 'users' || name === 'allocations' ? null : `/v1/${name}/${id}`;
            if (!path || (await call('GET', path, keyOf(acc))).status === 200) alive.push(id);
          }
          pools.set(name, alive);
        }
        await fill(pools, acc);
      }
      await ensureClerk();
      if ((await call('GET', '/v1/auth/me', { Authorization: `Bearer ${tokens.owner}` })).status !== 200) await signInOwner();
    },
  };
}
