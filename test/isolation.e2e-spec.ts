import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { startRelayContext } from './support/relay-context';
import { startApp, TestApp } from './support/app-harness';
import { startStoreFakes, StoreFakes } from './support/store-fakes';
import { OpenApiDocument, Operation, operationsOf } from './support/fuzz/openapi-operations';
import { COVERAGE } from './support/isolation/coverage';
import { afterRelay, CLERK_PASSWORD, IsolationWorld, OWNER_PASSWORD, seedIsolationWorld, VICTIM } from './support/isolation/isolation-world';
import { CONSOLE_ROUTES, consoleClerkFailures, consoleIntruderFailures } from './support/isolation/console-coverage';
import { consoleSignIn } from './support/console/console-client';
import { clerkProbes, coverageProblems, intruderProbes, leaveOneOutProbes, permissionProbes, Probe, send, verdictOf } from './support/isolation/isolation-walk';

/**
 * OWASP API1 (broken object level authorization), generated from the committed OpenAPI document: every
 * operation is sent by account B with account A's ids in the path, the query and the body, and by A's
 * sub-user without permissions. No answer may hold A's data, no record of A's may change, and an
 * operation the coverage table does not name fails the suite.
 */
const doc = JSON.parse(readFileSync(join(__dirname, '..', 'openapi', 'openapi.json'), 'utf8')) as OpenApiDocument;
const ops: Operation[] = operationsOf(doc);

/** Columns that change on reads (last use of a credential or a session) rather than on writes. */
const VOLATILE = /^last_used_at$/;
/** ISOLATION_REPORT=1 prints every request of the walk with its status. */
const REPORT = process.env.ISOLATION_REPORT === '1';
/** Requests in flight at once. */
const LANES = 4;

describe('isolation matrix: another account’s ids and a sub-user without permissions', () => {
  let t: TestApp;
  let stores: StoreFakes | undefined;
  let base: string;
  let world: IsolationWorld;
  const summary = { operations: 0, intruderRequests: 0, permissionRequests: 0, leaks: 0, victimRows: 0, victimTables: 0 };

  /** A's account row, every row of A's in the tables with an account_id column, and A's records as A reads them. */
  async function snapshotOfA(): Promise<Record<string, unknown>> {
    const tables = (await t.dataSource.query(
      "SELECT TABLE_NAME AS name FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND COLUMN_NAME = 'account_id' ORDER BY TABLE_NAME",
    )) as Array<{ name: string }>;
    const snapshot: Record<string, unknown> = {};
    snapshot.accounts = await t.dataSource.query('SELECT * FROM accounts WHERE id = ?', [world.a.account.accountId]);
    let rowCount = 1;
    for (const { name } of tables) {
      const rows = (await t.dataSource.query(`SELECT * FROM \`${name}\` WHERE account_id = ? ORDER BY 1`, [world.a.account.accountId])) as Array<
        Record<string, unknown>
      >;
      snapshot[name] = rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !VOLATILE.test(column))));
      rowCount += rows.length;
    }
    summary.victimRows = rowCount;
    summary.victimTables = tables.length;
    const ids = world.a.ids;
    const reads = [
      `/v1/clients/${ids.clients}`,
      `/v1/inventory/${ids.inventory}`,
      `/v1/inventory/${ids.inventory}/movements`,
      `/v1/expenses/${ids.expenses}`,
      `/v1/invoices/${ids.invoices}`,
      `/v1/quotations/${ids.quotations}`,
      `/v1/proforma-invoices/${ids['proforma-invoices']}`,
      `/v1/debit-notes/${ids['debit-notes']}`,
      `/v1/credit-notes/${ids['credit-notes']}`,
      `/v1/payments/${ids.payments}`,
      `/v1/tds/sections/${ids.sections}`,
      `/v1/webhooks/${ids.webhooks}`,
      `/v1/webhooks/${ids.webhooks}/deliveries`,
      `/v1/settings/users/${ids.users}`,
      '/v1/sendouts',
      '/v1/settings/business',
    ];
    for (const path of reads) {
      const res = await fetch(base + path, { headers: { Authorization: `Bearer ${world.a.account.apiKey}` } });
      snapshot[path] = { status: res.status, body: await res.json() };
    }
    const feed = await fetch(`${base}/v1/notifications`, { headers: { Authorization: `Bearer ${world.a.token}` } });
    snapshot['/v1/notifications'] = { status: feed.status, body: await feed.json() };
    return snapshot;
  }

  /** A's tables and records that differ between two snapshots, with both versions. */
  function changesOf(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
    return Object.keys({ ...before, ...after })
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => `${key} changed: ${JSON.stringify(before[key]).slice(0, 400)} -> ${JSON.stringify(after[key]).slice(0, 400)}`);
  }

  beforeAll(async () => {
    // Store billing configured against the local store fakes, so its confirm endpoints answer as in production.
    stores = await startStoreFakes('in.example.invoicing', {
      audience: 'https://billing.example.test/push',
      serviceAccount: 'pubsub-push@test-project.iam.gserviceaccount.com',
    });
    t = await startApp('isolation', { WEBHOOKS_ALLOW_INSECURE: 'on', PRO_SESSIONS: '100', CONSOLE_ENABLED: 'on', ...stores.env });
    const server = t.app.getHttpServer() as Server;
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    world = await seedIsolationWorld(t, base, 'http://127.0.0.1:9');
    // The worker's relay turns the activity into notifications and webhook deliveries.
    const relay = await startRelayContext(t.config);
    try {
      await relay.relay.execute();
      await relay.relay.execute();
    } finally {
      await relay.close();
    }
    await afterRelay(base, world);
  });

  afterAll(async () => {
    process.stdout.write(
      `isolation matrix: ${summary.operations} operations walked, ${summary.intruderRequests} requests as another account, ` +
        `${summary.permissionRequests} as sub-users of A lacking permissions, leaks ${summary.leaks}; ` +
        `A's rows compared before and after: ${summary.victimRows} in ${summary.victimTables} tables\n`,
    );
    await t?.close();
    await stores?.stop();
  });

  it('covers every operation of the OpenAPI document, and names none that is gone', () => {
    expect(ops.length).toBeGreaterThan(100);
    expect(coverageProblems(doc, ops)).toEqual([]);
  });

  it('the coverage guard fails when an operation is added without an entry, an entry outlives its operation, or an id field is never probed', () => {
    const { ['GET /v1/clients/{id}']: dropped, ...table } = COVERAGE;
    expect(dropped).toBeDefined();
    expect(coverageProblems(doc, ops, table)).toEqual([expect.stringContaining('GET /v1/clients/{id}: not covered')]);
    const gone = { ...COVERAGE, 'GET /v1/ghosts/{id}': { permission: null, open: 'x' } };
    expect(coverageProblems(doc, ops, gone)).toEqual([expect.stringContaining('GET /v1/ghosts/{id}: in the table but not in the OpenAPI document')]);
    const unprobed = { ...COVERAGE, 'POST /v1/sendouts': { permission: 'sendouts' as const, body: () => ({ document_type: 'invoice', subject: 'x' }) } };
    expect(coverageProblems(doc, ops, unprobed)).toEqual([
      "POST /v1/sendouts: body field client_id is never sent with A's id",
      "POST /v1/sendouts: body field document_id is never sent with A's id",
    ]);
  });

  /** Sends the probes, LANES at a time (none depends on another's answer); the failures in the probes' order. */
  async function walk(probes: Probe[]): Promise<string[]> {
    const failures: Array<string | null> = probes.map(() => null);
    let next = 0;
    const lane = async () => {
      for (let i = next++; i < probes.length; i = next++) {
        const probe = probes[i];
        const answer = await send(base, probe);
        const verdict = verdictOf(world, probe, COVERAGE[probe.op.key], answer);
        if (REPORT) {
          const field = probe.field ? ` [${probe.field}]` : '';
          const details = answer.status === 400 ? ` ${answer.text.slice(0, 200)}` : '';
          process.stdout.write(`${probe.expect.padEnd(10)} ${answer.status} ${probe.method} ${probe.url}${field}${details} ${verdict ?? ''}\n`);
        }
        if (verdict?.startsWith('leak')) summary.leaks++;
        if (verdict) failures[i] = `${probe.method} ${probe.url} ${probe.body === undefined ? '' : JSON.stringify(probe.body)} -> ${verdict}`;
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
    return failures.filter((f): f is string => f !== null);
  }

  it('another account’s ids in the path, the query and the body: 404 or skipped, never A’s data, A unchanged', async () => {
    const before = await snapshotOfA();
    const probes = ops.flatMap((op) => intruderProbes(op, COVERAGE[op.key], world));

    summary.operations = new Set(probes.map((p) => p.op.key)).size;
    summary.intruderRequests = probes.length;
    // Calls that may end B's sign-in go after the others.
    const failures = [...(await walk(probes.filter((p) => !COVERAGE[p.op.key].last))), ...(await walk(probes.filter((p) => COVERAGE[p.op.key].last)))];
    const changed = changesOf(before, await snapshotOfA());
    const signedIn = [];
    for (const bearer of [world.a.token, world.clerkToken]) {
      signedIn.push((await fetch(`${base}/v1/auth/me`, { headers: { Authorization: `Bearer ${bearer}` } })).status);
    }
    expect({ failures, changed, signedIn }).toEqual({ failures: [], changed: [], signedIn: [200, 200] });
  });

  it('A’s sub-users without permissions, or without just the one needed: 403 naming it on every operation that needs one, A unchanged', async () => {
    const before = await snapshotOfA();
    const permissioned = ops.flatMap((op) => permissionProbes(op, COVERAGE[op.key], world, world.clerkToken));
    expect(permissioned.length).toBeGreaterThan(80);
    const lacking = ops.flatMap((op) => leaveOneOutProbes(op, COVERAGE[op.key], world));
    const probes = [...permissioned, ...lacking, ...ops.flatMap((op) => clerkProbes(op, COVERAGE[op.key], world))];
    summary.permissionRequests = probes.length;
    const failures = await walk(probes);
    expect({ failures, changed: changesOf(before, await snapshotOfA()) }).toEqual({ failures: [], changed: [] });
  });

  it('the web console: another account’s ids in its URLs give 404, A’s sub-user without the key gets 403, A unchanged', async () => {
    const intruder = await consoleSignIn(base, 'intruder_owner', OWNER_PASSWORD);
    const clerk = await consoleSignIn(base, `${VICTIM.toLowerCase()}.clerk`, CLERK_PASSWORD);
    const before = await snapshotOfA(); // after the sign-ins: the sub-user's own session and its audit line are A's
    expect(CONSOLE_ROUTES.filter((r) => r.path.includes('{')).length).toBeGreaterThanOrEqual(9);
    const failures = [...(await consoleIntruderFailures(intruder, world)), ...(await consoleClerkFailures(clerk, world))];
    expect({ failures, changed: changesOf(before, await snapshotOfA()) }).toEqual({ failures: [], changed: [] });
  });
});
