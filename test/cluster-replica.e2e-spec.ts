import { migrate } from '@app/infra/database/data-source';
import { HTTP_ADAPTER, startAppOn, TestAccount, TestApp } from './support/app-harness';
import { galeraAvailable } from './support/engines/galera-cluster';
import { MariadbPair } from './support/engines/mariadb-pair';
import { createClient } from './support/sales-document-helpers';

/**
 * Read replicas (DATABASE_REPLICA_URLS) on a real MariaDB primary and replica started by the test. A marker row
 * that exists on the replica only shows whether a read went there. The service reads the replica through an
 * account that may only read, so a write sent there by mistake fails the test.
 */
const runs = galeraAvailable() && HTTP_ADAPTER === 'fastify' ? describe : describe.skip;
const DB = 'invoicing_test_replica';

runs('Read replicas: lists from the replica, your own writes from the primary, unfit replicas skipped', () => {
  const pair = new MariadbPair();
  let t: TestApp;
  let reader: TestAccount;
  let writer: TestAccount;

  const names = async (account: TestAccount) =>
    ((await t.http.get('/v1/clients?limit=200').set(account.auth).expect(200)).body.data.clients as Array<{ name: string }>).map((c) => c.name);

  /** A client row on the replica alone, for `account`, with an id far from the primary's so replication never meets it. */
  let markers = 0;
  const marker = (account: TestAccount, name: string) =>
    pair.onReplica(
      "INSERT INTO clients (id, account_id, name, phone, email, created_at, updated_at) VALUES (?, ?, ?, '9000000001', 'marker@example.com', NOW(), NOW())",
      [1_000_000 + ++markers, account.accountId, name],
      DB,
    );

  const replicaState = async () => (await t.http.get('/health/ready').expect(200)).body.data.replicas[0] as { state: string; lag_s: number | null };

  const until = async (what: string, probe: () => Promise<boolean>) => {
    const deadline = Date.now() + 30_000;
    while (!(await probe())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  beforeAll(async () => {
    await pair.start();
    await migrate(pair.primaryUrl(DB));
    await pair.caughtUp();
    t = await startAppOn(pair.primaryUrl(DB), 'replica', { DATABASE_REPLICA_URLS: pair.replicaUrl(DB), REPLICA_MAX_LAG_S: '3' });
    reader = await t.createAccount({ name: 'Reads Only', gstin: '27AAPFU0939F1ZV' });
    writer = await t.createAccount({ name: 'Writes Too' });
    // A first client of each account, written on the primary and replicated. The markers below are the only rows the
    // replica has alone (no trigger there moves a data version: the application does, on the primary).
    const primary = await pair.connect('primary', DB);
    for (const account of [reader, writer]) {
      await primary.query(
        "INSERT INTO clients (account_id, name, phone, email, created_at, updated_at) VALUES (?, 'First Client', '9000000002', 'first@example.com', NOW(), NOW())",
        [account.accountId],
      );
    }
    await primary.end();
    await pair.caughtUp();
    await marker(reader, 'Only On The Replica');
    await marker(writer, 'Writer Marker');
    await until('the replica to be checked', async () => (await replicaState()).state === 'up');
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await pair.stop();
  }, 60_000);

  it('reads lists from the replica (the marker shows) and single records from the primary', async () => {
    expect(await names(reader)).toContain('Only On The Replica');
    await t.http.get('/v1/clients/1000001').set(reader.auth).expect(404);
    // The other reads marked for replicas run through the read-only account without trying to write.
    const firstClient = (
      (await t.http.get('/v1/clients?limit=200').set(reader.auth).expect(200)).body.data.clients as Array<{ client_id: number; name: string }>
    ).find((c) => c.name === 'First Client');
    for (const path of [
      '/v1/invoices',
      '/v1/analytics/summary',
      '/v1/analytics/full',
      '/v1/analytics/receivables-ageing',
      '/v1/exports/gstr1?period=2026-10',
      '/v1/exports/gstr3b?period=2026-10',
      `/v1/clients/${firstClient?.client_id}/statement`,
    ]) {
      const res = await t.http.get(path).set(reader.auth);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
    expect(await replicaState()).toEqual({ replica: expect.stringMatching(/^127\.0\.0\.1:\d+$/), state: 'up', lag_s: 0 });
  });

  it("a caller's read right after its own write goes to the primary and sees the write", async () => {
    // Replication held back: the write reaches the replica only after 3 s, within the lag bound.
    await pair.onReplica('STOP SLAVE; CHANGE MASTER TO MASTER_DELAY = 2; START SLAVE');
    await createClient(t, writer, 'Just Written');
    const seen = await names(writer);
    expect(seen).toContain('Just Written');
    expect(seen).not.toContain('Writer Marker');
    // Another account that has not written keeps reading the replica.
    expect(await names(reader)).toContain('Only On The Replica');
    await pair.onReplica('STOP SLAVE; CHANGE MASTER TO MASTER_DELAY = 0; START SLAVE');
  }, 60_000);

  it('skips a stopped replica, and a replica further behind than REPLICA_MAX_LAG_S', async () => {
    await pair.onReplica('STOP SLAVE');
    await until('the stopped replica to be seen down', async () => (await replicaState()).state === 'down');
    expect(await names(reader)).not.toContain('Only On The Replica');

    await pair.onReplica('CHANGE MASTER TO MASTER_DELAY = 30; START SLAVE');
    await createClient(t, writer, 'Makes The Replica Lag');
    await until('the replica to lag past the bound', async () => (await replicaState()).state === 'lagging');
    expect(await names(reader)).not.toContain('Only On The Replica');

    await pair.onReplica('STOP SLAVE; CHANGE MASTER TO MASTER_DELAY = 0; START SLAVE');
    await until('the replica to catch up', async () => (await replicaState()).state === 'up');
    expect(await names(reader)).toContain('Only On The Replica');
  }, 90_000);
});
