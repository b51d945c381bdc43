import type { Caller } from '../shared/caller';
import { FakeClock } from '../../testing/fake-clock';
import { ImmediateTransactionRunner } from '../../testing/immediate-transaction-runner';
import { InMemoryAccountRepository } from '../../testing/in-memory-account.repository';
import { InMemoryActivityLog } from '../../testing/in-memory-activity-log';
import { InMemoryClientDependents, InMemoryClientRepository } from '../../testing/in-memory-client.repository';
import { Account } from '../shared/account';
import { DEFAULT_PLAN_POLICY, PlanPolicy } from '../accounts/plan';
import { ActivityRecorder } from '../activity/activity-recorder';
import { Conflict, NotFound, PlanLimitReached, ValidationFailed } from '../shared/domain-error';
import { apiKeyPrincipal } from '../shared/principal';
import { gstinCheckCharacter } from '../tax/gstin';
import { ClientInput } from './client-rules';
import { ClientsService } from './clients.service';

const gstin = (body: string) => body + gstinCheckCharacter(body);
const G_A = gstin('27AAPFU0939F1Z');
const G_B = gstin('29AAACH7409R1Z');
const G_C = gstin('24PQRSX5678K1Z');

function setup(plans: PlanPolicy = DEFAULT_PLAN_POLICY) {
  const clock = new FakeClock('2025-06-01T10:00:00Z');
  const clients = new InMemoryClientRepository(clock);
  const dependents = new InMemoryClientDependents();
  const accounts = new InMemoryAccountRepository();
  const tx = new ImmediateTransactionRunner();
  const log = new InMemoryActivityLog();
  const service = new ClientsService(clients, dependents, accounts, tx, clock, plans, new ActivityRecorder(log, clock));
  const callerFor = (account: Account): Caller => ({ principal: apiKeyPrincipal(account.id), account });
  const own = accounts.add({ businessEmail: 'me@own.example', plan: 'pro' });
  const me = callerFor(own);
  let n = 0;
  /** A valid input no other client uses. */
  const input = (extra: ClientInput = {}): ClientInput => {
    n++;
    return { name: `Client ${n}`, phone: `9${String(100000000 + n)}`, email: `client${n}@example.com`, ...extra };
  };
  return { clock, clients, dependents, accounts, tx, log, service, callerFor, me, input };
}

describe('ClientsService.create', () => {
  it('stores a new client (skipped false) with normalized fields, in a transaction, and records it', async () => {
    const { service, me, clients, log, tx } = setup();
    const result = await service.create(me, { name: 'Sharma Traders', phone: '+91 98765-43210', email: 'a@sharma.example', gstin: G_A.toLowerCase() });
    expect(result.skipped).toBe(false);
    expect(result.client.client).toMatchObject({
      accountId: me.account.id,
      name: 'Sharma Traders',
      phone: '9876543210',
      countryCode: '+91',
      email: 'a@sharma.example',
      gstin: G_A,
      stateCode: '27',
      createdAt: '2025-06-01 10:00:00',
    });
    expect(clients.all(me.account.id)).toHaveLength(1);
    expect(tx.runs).toBeGreaterThan(0);
    expect(log.of('client', result.client.client.id)).toEqual([
      expect.objectContaining({ action: 'created', accountId: me.account.id, actorKind: 'api_key', label: 'Sharma Traders' }),
    ]);
  });

  it('throws a validation error keyed by field and stores nothing', async () => {
    const { service, me, clients } = setup();
    await expect(service.create(me, { name: 'X', phone: '1', email: 'nope' })).rejects.toMatchObject({
      code: 'validation_error',
      details: { phone: expect.any(String), email: expect.any(String) },
    });
    expect(clients.all(me.account.id)).toHaveLength(0);
  });

  describe('duplicate matching', () => {
    async function withOriginal() {
      const s = setup();
      const original = await s.service.create(s.me, { name: 'Original', phone: '9876543210', email: 'Dup.Person@Example.com', gstin: G_A });
      return { ...s, originalId: original.client.client.id };
    }

    it.each<[string, ClientInput]>([
      ['the same 10 digits', { phone: '9876543210' }],
      ['the 91-prefixed form', { phone: '919876543210' }],
      ['the +91 form with separators', { phone: '+91 98765-43210' }],
      ['a trunk 0', { phone: '09876543210' }],
      ['the email in another case', { email: 'dup.person@EXAMPLE.com' }],
      ['the same GSTIN', { gstin: G_A }],
      ['the same GSTIN in lowercase', { gstin: G_A.toLowerCase() }],
    ])('returns the existing client (skipped) for %s without storing or recording anything', async (_label, match) => {
      const { service, me, clients, log, originalId, input } = await withOriginal();
      const eventsBefore = log.events.length;
      const result = await service.create(me, input(match));
      expect(result.skipped).toBe(true);
      expect(result.client.client).toMatchObject({ id: originalId, name: 'Original', email: 'Dup.Person@Example.com' });
      expect(clients.all(me.account.id)).toHaveLength(1);
      expect(log.events).toHaveLength(eventsBefore);
    });

    it('creates when nothing matches, including a different GSTIN and no GSTIN', async () => {
      const { service, me, clients, input } = await withOriginal();
      expect((await service.create(me, input({ gstin: G_B }))).skipped).toBe(false);
      expect((await service.create(me, input({ gstin: '' }))).skipped).toBe(false);
      expect((await service.create(me, input())).skipped).toBe(false);
      expect(clients.all(me.account.id)).toHaveLength(4);
    });

    it('does not match clients of another account', async () => {
      const { service, accounts, callerFor, clients } = await withOriginal();
      const other = callerFor(accounts.add({ plan: 'pro' }));
      const result = await service.create(other, { name: 'Same', phone: '9876543210', email: 'dup.person@example.com', gstin: G_A });
      expect(result.skipped).toBe(false);
      expect(clients.all(other.account.id)).toHaveLength(1);
    });
  });

  describe('plan limit', () => {
    const policy: PlanPolicy = { ...DEFAULT_PLAN_POLICY, free: { ...DEFAULT_PLAN_POLICY.free, clients: 2 } };

    it('refuses the client past the Free limit with plan_limit_reached, details.limit and details.plan', async () => {
      const { service, accounts, callerFor, clients, input } = setup(policy);
      const free = callerFor(accounts.add({ plan: 'free' }));
      await service.create(free, input());
      await service.create(free, input());
      const error = await service.create(free, input()).catch((e) => e);
      expect(error).toBeInstanceOf(PlanLimitReached);
      expect(error).toMatchObject({ code: 'plan_limit_reached', details: expect.objectContaining({ limit: 2, plan: 'free' }) });
      expect(clients.all(free.account.id)).toHaveLength(2);
    });

    it('still answers a duplicate at the limit with the existing client', async () => {
      const { service, accounts, callerFor, input } = setup(policy);
      const free = callerFor(accounts.add({ plan: 'free' }));
      const first = await service.create(free, input({ phone: '9811111111' }));
      await service.create(free, input());
      const dup = await service.create(free, input({ phone: '919811111111' }));
      expect(dup).toMatchObject({ skipped: true, client: { client: { id: first.client.client.id } } });
    });

    it('lets Pro through, and limits a Pro account as Free once its subscription has passed', async () => {
      const { service, accounts, callerFor, clock, input } = setup(policy);
      const pro = callerFor(accounts.add({ plan: 'pro', subscriptionExpiresAt: '2025-06-30 00:00:00' }));
      for (let i = 0; i < 3; i++) await service.create(pro, input());
      clock.set('2025-06-30T00:00:01Z');
      await expect(service.create(pro, input())).rejects.toMatchObject({
        code: 'plan_limit_reached',
        details: expect.objectContaining({ limit: 2, plan: 'free' }),
      });
    });

    it('counts the clients the account has now (a deletion frees a place)', async () => {
      const { service, accounts, callerFor, input } = setup(policy);
      const free = callerFor(accounts.add({ plan: 'free' }));
      const first = await service.create(free, input());
      await service.create(free, input());
      await service.delete(free, first.client.client.id, false);
      expect((await service.create(free, input())).skipped).toBe(false);
    });
  });
});

describe('ClientsService platform fields', () => {
  it('matches another account by GSTIN before email', async () => {
    const { service, me, accounts, input } = setup();
    accounts.add({ gstin: G_B, businessEmail: 'gst@partner.example', logoUrl: 'https://cdn.example/gst.png', plan: 'pro' });
    accounts.add({ businessEmail: 'mail@partner.example', logoUrl: 'https://cdn.example/mail.png', plan: 'free' });
    const { client } = await service.create(me, input({ gstin: G_B, email: 'MAIL@partner.example' }));
    expect(client.platform).toEqual({ usesPlatform: true, logoUrl: 'https://cdn.example/gst.png', subscriptionActive: true });
  });

  it('falls back to the business email (any case) when the GSTIN matches nobody or is empty', async () => {
    const { service, me, accounts, input } = setup();
    accounts.add({ businessEmail: 'Mail@Partner.example', logoUrl: 'https://cdn.example/mail.png', plan: 'free' });
    const unmatched = await service.create(me, input({ gstin: G_C, email: 'mail@partner.example' }));
    expect(unmatched.client.platform).toEqual({ usesPlatform: true, logoUrl: 'https://cdn.example/mail.png', subscriptionActive: false });
    const { service: s2, me: me2, accounts: a2, input: in2 } = setup();
    a2.add({ businessEmail: 'mail@partner.example', logoUrl: null, plan: 'pro' });
    const empty = await s2.create(me2, in2({ gstin: '', email: 'mail@partner.example' }));
    expect(empty.client.platform).toEqual({ usesPlatform: true, logoUrl: null, subscriptionActive: true });
  });

  it('never returns a data: URI as the logo', async () => {
    const { service, me, accounts, input } = setup();
    accounts.add({ gstin: G_B, logoUrl: 'data:image/png;base64,iVBORw0KGgo=', plan: 'pro' });
    accounts.add({ businessEmail: 'upper@partner.example', logoUrl: 'DATA:image/svg+xml,<svg/>' });
    expect((await service.create(me, input({ gstin: G_B }))).client.platform).toEqual({ usesPlatform: true, logoUrl: null, subscriptionActive: true });
    expect((await service.create(me, input({ email: 'upper@partner.example' }))).client.platform.logoUrl).toBeNull();
  });

  it('reports the subscription active only for an unexpired, unsuspended Pro account', async () => {
    const { service, me, accounts, input, clock } = setup();
    accounts.add({ businessEmail: 'free@p.example', plan: 'free' });
    accounts.add({ businessEmail: 'lapsed@p.example', plan: 'pro', subscriptionExpiresAt: '2025-01-01 00:00:00' });
    accounts.add({ businessEmail: 'until@p.example', plan: 'pro', subscriptionExpiresAt: '2025-07-01 00:00:00' });
    accounts.add({ businessEmail: 'suspended@p.example', plan: 'pro', suspended: true });
    const active = async (email: string) => (await service.create(me, input({ email }))).client.platform;
    expect(await active('free@p.example')).toMatchObject({ usesPlatform: true, subscriptionActive: false });
    expect(await active('lapsed@p.example')).toMatchObject({ usesPlatform: true, subscriptionActive: false });
    const until = await service.create(me, input({ email: 'until@p.example' }));
    expect(until.client.platform.subscriptionActive).toBe(true);
    expect(await active('suspended@p.example')).toMatchObject({ usesPlatform: true, subscriptionActive: false });
    clock.set('2025-07-01T00:00:01Z');
    expect((await service.get(me, until.client.client.id)).platform.subscriptionActive).toBe(false);
  });

  it('ignores the caller’s own account and deleted accounts', async () => {
    const { service, me, accounts, input } = setup();
    accounts.add({ businessEmail: 'gone@p.example', plan: 'pro', deleted: true });
    const own = await service.create(me, input({ email: 'me@own.example' }));
    const gone = await service.create(me, input({ email: 'gone@p.example' }));
    expect(own.client.platform).toEqual({ usesPlatform: false, logoUrl: null, subscriptionActive: false });
    expect(gone.client.platform).toEqual({ usesPlatform: false, logoUrl: null, subscriptionActive: false });
  });

  it('computes the fields for every row of a list', async () => {
    const { service, me, accounts, input } = setup();
    accounts.add({ gstin: G_B, logoUrl: 'https://cdn.example/b.png', plan: 'pro' });
    await service.create(me, input({ gstin: G_B }));
    await service.create(me, input());
    const page = await service.list(me, { limit: 50, offset: 0 });
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => r.platform.usesPlatform)).toEqual([false, true]);
  });
});

describe('ClientsService get, list and update', () => {
  it('lists newest first, ties by id descending, with limit, offset and total', async () => {
    const { service, me, clients, input } = setup();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await service.create(me, input())).client.client.id);
    clients.patch(ids[0], { createdAt: '2025-06-02 00:00:00' });
    const all = await service.list(me, { limit: 50, offset: 0 });
    expect(all.rows.map((r) => r.client.id)).toEqual([ids[0], ids[4], ids[3], ids[2], ids[1]]);
    const page = await service.list(me, { limit: 2, offset: 2 });
    expect(page).toMatchObject({ total: 5 });
    expect(page.rows.map((r) => r.client.id)).toEqual([ids[3], ids[2]]);
  });

  it('merges an update over the stored client and records it', async () => {
    const { service, me, log, clock, input } = setup();
    const { client } = await service.create(me, input({ address: 'Old street', gstin: G_A }));
    clock.advance(60);
    const updated = await service.update(me, client.client.id, { name: 'Renamed', gstin: null });
    expect(updated.client).toEqual({
      ...client.client,
      name: 'Renamed',
      gstin: null,
      stateCode: null,
      updatedAt: '2025-06-01 10:01:00',
    });
    expect(log.of('client', client.client.id).map((e) => e.action)).toEqual(['created', 'updated']);
  });

  it('refuses an invalid update keyed by field and leaves the client unchanged', async () => {
    const { service, me, clients, input } = setup();
    const { client } = await service.create(me, input());
    const error = await service.update(me, client.client.id, { email: 'broken' }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationFailed);
    expect(error.details).toEqual({ email: expect.any(String) });
    expect(clients.all(me.account.id)[0]).toEqual(client.client);
  });

  it('answers not_found for unknown ids and for clients of another account', async () => {
    const { service, me, accounts, callerFor, clients, input } = setup();
    const { client } = await service.create(me, input());
    const other = callerFor(accounts.add({ plan: 'pro' }));
    await expect(service.get(other, client.client.id)).rejects.toBeInstanceOf(NotFound);
    await expect(service.update(other, client.client.id, { name: 'Hijack' })).rejects.toBeInstanceOf(NotFound);
    await expect(service.delete(other, client.client.id, true)).rejects.toBeInstanceOf(NotFound);
    await expect(service.get(me, 999)).rejects.toMatchObject({ code: 'not_found' });
    expect(clients.all(me.account.id)).toEqual([client.client]);
    expect((await service.list(other, { limit: 50, offset: 0 })).total).toBe(0);
  });
});

describe('ClientsService.delete and bulkDelete', () => {
  it('deletes a client without documents and records it', async () => {
    const { service, me, clients, log, input } = setup();
    const { client } = await service.create(me, input());
    await service.delete(me, client.client.id, false);
    expect(clients.all(me.account.id)).toEqual([]);
    expect(log.of('client', client.client.id).map((e) => e.action)).toEqual(['created', 'deleted']);
    await expect(service.delete(me, client.client.id, false)).rejects.toBeInstanceOf(NotFound);
  });

  it('refuses with conflict while documents refer to the client, and removes nothing', async () => {
    const { service, me, clients, dependents, input } = setup();
    const { client } = await service.create(me, input());
    dependents.addDocument(me.account.id, client.client.id);
    const error = await service.delete(me, client.client.id, false).catch((e) => e);
    expect(error).toBeInstanceOf(Conflict);
    expect(error.code).toBe('conflict');
    expect(clients.all(me.account.id)).toHaveLength(1);
    expect(dependents.documentsOf(me.account.id, client.client.id)).toHaveLength(1);
  });

  it('with cascade removes the client and its documents and detaches its expenses, nothing of other clients', async () => {
    const { service, me, clients, dependents, input } = setup();
    const { client } = await service.create(me, input());
    const { client: other } = await service.create(me, input());
    dependents.addDocument(me.account.id, client.client.id);
    dependents.addDocument(me.account.id, client.client.id);
    const expense = dependents.addExpense(me.account.id, client.client.id);
    dependents.addDocument(me.account.id, other.client.id);
    await service.delete(me, client.client.id, true);
    expect(clients.all(me.account.id).map((c) => c.id)).toEqual([other.client.id]);
    expect(dependents.documentsOf(me.account.id, client.client.id)).toEqual([]);
    expect(dependents.documentsOf(me.account.id, other.client.id)).toHaveLength(1);
    expect(dependents.records.find((r) => r.id === expense)).toMatchObject({ kind: 'expense', clientId: null });
  });

  it('bulk-deletes owned clients and skips unknown ids, other accounts’ ids and clients with documents', async () => {
    const { service, me, accounts, callerFor, clients, dependents, input } = setup();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await service.create(me, input())).client.client.id);
    dependents.addDocument(me.account.id, ids[2]);
    const other = callerFor(accounts.add({ plan: 'pro' }));
    const foreign = (await service.create(other, input())).client.client.id;

    const result = await service.bulkDelete(me, [ids[0], ids[1], ids[0], ids[2], 4242, foreign]);
    expect(result.deleted).toBe(2);
    expect([...result.skipped].sort((a, b) => a - b)).toEqual([ids[2], 4242, foreign].sort((a, b) => a - b));
    expect(clients.all(me.account.id).map((c) => c.id)).toEqual([ids[2]]);
    expect(clients.all(other.account.id).map((c) => c.id)).toEqual([foreign]);
    expect(dependents.documentsOf(me.account.id, ids[2])).toHaveLength(1);
  });

  it('bulk-delete of nothing owned deletes nothing', async () => {
    const { service, me } = setup();
    expect(await service.bulkDelete(me, [1, 2])).toEqual({ deleted: 0, skipped: [1, 2] });
  });
});
