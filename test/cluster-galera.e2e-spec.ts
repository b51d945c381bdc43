import { migrate } from '@app/infra/database/data-source';
import { Database } from '@app/infra/database/database';
import { TypeormTransactionRunner } from '@app/infra/database/typeorm-transaction-runner';
import { createConnection } from 'mysql2/promise';
import { HTTP_ADAPTER, startAppOn, TestAccount, TestApp } from './support/app-harness';
import { galeraAvailable, GaleraCluster } from './support/engines/galera-cluster';
import { createClient, line } from './support/sales-document-helpers';

/**
 * The service on a 3-node Galera cluster (MariaDB from Debian with galera-4), one API on each node: every node
 * takes writes. Two writers on different nodes that touch the same row (the account's number sequence) are both
 * let through locally and one of them fails certification at COMMIT with a deadlock error; the transaction runner
 * runs the whole transaction again, so numbers stay gapless and unique. Losing a node leaves the other two (a
 * majority) serving: the API on the lost node answers the documented 503, and nothing answered 201 is lost.
 *
 * Runs on the Fastify pass only: the cluster is about the database, not the HTTP edge.
 *
 * Opt-in (`npm run test:cluster` sets TEST_GALERA=on), not part of `npm test`: since every create also writes the
 * account's data version, MariaDB 10.11 with galera-4 sometimes answers a create's statements inconsistently under
 * certification conflicts (a header numbered from a stale LAST_INSERT_ID(), a COMMIT answered OK for writes no node
 * kept). The repository now detects both and runs the transaction again, but a create can still exhaust its tries
 * (docs/scaling.md, "Galera: known defect"); the first test fails in about one run in ten.
 */
const runs = galeraAvailable() && HTTP_ADAPTER === 'fastify' && process.env.TEST_GALERA === 'on' ? describe : describe.skip;
const DB = 'invoicing_test_galera';

runs('Galera: three primaries, one API on each', () => {
  const cluster = new GaleraCluster(3);
  const apps: TestApp[] = [];
  let account: TestAccount;
  let clientId: number;

  beforeAll(async () => {
    await cluster.start();
    await migrate(cluster.url(0, DB));
    for (let i = 0; i < 3; i++) apps.push(await startAppOn(cluster.url(i, DB), `galera_${i}`, { LOG_LEVEL: process.env.GALERA_LOG ?? 'silent' }));
    account = await apps[0].createAccount({ name: 'Galera Traders', plan: 'pro' });
    clientId = await createClient(apps[1], account, 'Cluster Client');
  }, 240_000);

  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    await cluster.stop();
  }, 60_000);

  const create = (node: number, i: number, date = '2026-05-10', due = '2026-06-30') =>
    apps[node].http
      .post('/v1/invoices')
      .set(account.auth)
      .send({ client_id: clientId, invoice_date: date, payment_due_date: due, items: [line(`Item ${i}`, 1, 100 + i)] })
      .then((res) => {
        if (res.status !== 201 && res.status !== 503) process.stdout.write(`galera: node ${node + 1} answered ${res.status} ${JSON.stringify(res.body)}\n`);
        return res;
      })
      .then((res) => ({
        node,
        status: res.status,
        number: res.body?.data?.invoice_number as string | undefined,
        id: res.body?.data?.invoice_id as number | undefined,
      }));

  const sequenceOf = (number: string | undefined) => Number(String(number).split('/').pop());

  /** The invoice numbers of the account as one node holds them, after it has applied everything it has received. */
  async function numbersOn(node: number, fyStartYear: number): Promise<string[]> {
    const conn = await createConnection({ host: '127.0.0.1', port: cluster.nodes[node].port, user: 'root', database: DB });
    try {
      await conn.query('SET SESSION wsrep_sync_wait = 1');
      const [rows] = await conn.query('SELECT invoice_number FROM invoices WHERE account_id = ? AND fy_start_year = ? ORDER BY sequence_no', [
        account.accountId,
        fyStartYear,
      ]);
      return (rows as Array<{ invoice_number: string }>).map((r) => r.invoice_number);
    } finally {
      await conn.end();
    }
  }

  it('numbers 50 concurrent creates spread over the three nodes 1 to 50, retrying certification conflicts', async () => {
    const retriedBefore = TypeormTransactionRunner.retries;
    const lostBefore = Database.lostCommits;
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => create(i % 3, i)));
    const elapsed = Date.now() - started;
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    expect(results.map((r) => sequenceOf(r.number)).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const retried = TypeormTransactionRunner.retries - retriedBefore;
    const lost = Database.lostCommits - lostBefore;
    process.stdout.write(
      `galera: 50 creates over 3 nodes in ${elapsed} ms, ${retried} transactions run again after a certification conflict ` +
        `(${lost} of them answered OK at COMMIT but not kept, found by the commit check)\n`,
    );
    // Every node holds the same 50 numbers.
    for (const node of [0, 1, 2]) expect((await numbersOn(node, 2026)).map(sequenceOf)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  }, 120_000);

  it('for the operations guide: the same 50 creates through one node (figures printed, not asserted)', async () => {
    const retriedBefore = TypeormTransactionRunner.retries;
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => create(0, i, '2028-05-10', '2028-06-30')));
    const elapsed = Date.now() - started;
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    process.stdout.write(`galera: 50 creates through node 1 in ${elapsed} ms, ${TypeormTransactionRunner.retries - retriedBefore} transactions run again\n`);
  }, 120_000);

  it('loses a node under load: only 503s besides 201s, every 201 kept, no gap', async () => {
    const answers: Array<{ node: number; status: number; number?: string }> = [];
    let killed = false;
    const load = Array.from({ length: 60 }, (_, i) =>
      new Promise((r) => setTimeout(r, i * 15))
        .then(() => create(i % 3, i, '2027-05-10', '2027-06-30'))
        .then((answer) => {
          answers.push(answer);
          if (!killed && answers.length === 20) {
            killed = true;
            void cluster.kill(2);
          }
        }),
    );
    await Promise.all(load);
    const byStatus = answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {});
    process.stdout.write(`galera: node 3 killed after 20 answers; answers by status ${JSON.stringify(byStatus)}\n`);
    expect(Object.keys(byStatus).every((s) => s === '201' || s === '503')).toBe(true);
    // The two survivors are a majority: they keep serving, so most creates land there.
    await cluster.waitForSize(2);
    const answered = answers.filter((a) => a.status === 201).map((a) => a.number);
    expect(answered.length).toBeGreaterThanOrEqual(40);
    for (const node of [0, 1]) {
      const held = await numbersOn(node, 2027);
      expect(held).toEqual(expect.arrayContaining(answered));
      expect(held.map(sequenceOf)).toEqual(Array.from({ length: held.length }, (_, i) => i + 1));
    }
  }, 180_000);
});
