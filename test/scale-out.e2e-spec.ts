import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { createClient, line } from './support/sales-document-helpers';
import { queuePrefixFor } from './support/sendout-worker';

/**
 * Scale-out: two API processes and two worker processes (the built dist/, as deployed) on one database and
 * one Redis. Numbers stay gapless across APIs, rate limits and idempotency keys are shared, each daily job
 * runs in one worker only, and a revoked key or session is refused by both APIs at once.
 */
const ROOT = path.resolve(__dirname, '..');
const PASSWORD = 'Scale#Out-2025';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Proc {
  child: ChildProcess;
  lines: string[];
}

function startProcess(kind: 'api' | 'worker', env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['scripts/run.js', kind], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc: Proc = { child, lines: [] };
  let rest = '';
  const collect = (chunk: Buffer) => {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop() ?? '';
    proc.lines.push(...parts.filter(Boolean));
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return proc;
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('Scale-out: two APIs and two workers on one database and one Redis', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let env: Record<string, string>;
  const apis: { proc: Proc; base: string }[] = [];
  const workers: Proc[] = [];
  let pastDueId: number;

  const call = (api: number, method: string, url: string, headers: Record<string, string> = {}, body?: unknown) =>
    fetch(apis[api].base + url, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, headers: res.headers, body: (await res.json()) as { ok: boolean; data: any; error?: any } }));

  beforeAll(async () => {
    if (!existsSync(path.join(ROOT, 'dist/apps/api/src/main.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    t = await startApp('scale_out');
    a = await t.createAccount({ username: 'scale_owner', password: PASSWORD });
    b = await t.createAccount();
    // Work for the daily jobs before any worker starts: an invoice past its due date.
    const clientId = await createClient(t, a);
    const pastDue = await t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send({ client_id: clientId, invoice_date: '2025-04-01', payment_due_date: '2025-04-30', items: [line('Old work', 1, 100)] })
      .expect(201);
    pastDueId = pastDue.body.data.invoice_id;

    env = {
      DATABASE_URL: t.databaseUrl,
      QUEUE_PREFIX: queuePrefixFor('scale_out'),
      LOG_LEVEL: 'info',
      BCRYPT_COST: '4',
      RATE_LIMIT: 'on',
      API_RATE_LIMIT_PER_SECOND: '1',
      API_RATE_LIMIT_BURST: '150',
      // The request limit is what this suite shares across the APIs; the request-time limit (test/api-ratelimit)
      // would refuse the account after its 50 concurrent creates queued on one number row of a loaded machine.
      API_TIME_LIMIT_MS_PER_SECOND: '1000000',
      API_TIME_LIMIT_BURST_MS: '3600000',
      PRO_SESSIONS: '100',
    };
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      apis.push({ proc: startProcess('api', { ...env, PORT: String(port) }), base: `http://127.0.0.1:${port}` });
    }
    for (let i = 0; i < 2; i++) workers.push(startProcess('worker', env));
    for (const api of apis) await until(`API ${api.base}`, () => fetch(`${api.base}/health/ready`).then((r) => r.ok), 120_000);
  }, 240_000);

  afterAll(async () => {
    for (const proc of [...apis.map((x) => x.proc), ...workers]) proc.child.kill('SIGTERM');
    await Promise.all(
      [...apis.map((x) => x.proc), ...workers].map((proc) =>
        proc.child.exitCode !== null ? null : new Promise((resolve) => proc.child.once('exit', resolve)),
      ),
    );
    await t?.close();
  });

  it('keeps invoice numbers gapless and unique under 50 concurrent creates spread over both APIs', async () => {
    const clientId = await createClient(t, a);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(i % 2, 'POST', '/v1/invoices', a.auth, {
          client_id: clientId,
          invoice_date: '2026-05-10',
          payment_due_date: '2026-06-09',
          items: [line(`Item ${i}`, 1, 100 + i)],
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const sequence = results.map((r) => Number(String(r.body.data.invoice_number).split('/').pop())).sort((x, y) => x - y);
    expect(sequence).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('shares idempotency keys: the same key on the other API replays the first answer', async () => {
    const body = { name: 'Idempotent Traders', phone: '9876501234', email: 'accounts@idempotent.example' };
    const first = await call(0, 'POST', '/v1/clients', { ...a.auth, 'Idempotency-Key': 'scale-out-key-1' }, body);
    const again = await call(1, 'POST', '/v1/clients', { ...a.auth, 'Idempotency-Key': 'scale-out-key-1' }, body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.client.client_id).toBe(first.body.data.client.client_id);
    const reused = await call(1, 'POST', '/v1/clients', { ...a.auth, 'Idempotency-Key': 'scale-out-key-1' }, { ...body, name: 'Other' });
    expect(reused.status).toBe(409);
    expect(reused.body.error.details.reason).toBe('idempotency_key_reused');
  });

  it("shares the rate limit: one account's budget is spent across both APIs together", async () => {
    const started = Date.now();
    let allowed = 0;
    let limitedOn = new Set<number>();
    for (let i = 0; i < 400 && limitedOn.size < 2; i++) {
      const res = await fetch(apis[i % 2].base + '/v1/me', { headers: b.auth });
      await res.arrayBuffer();
      if (res.status === 200) allowed++;
      else if (res.status === 429) limitedOn = new Set([...limitedOn, i % 2]);
      else throw new Error(`unexpected ${res.status}`);
    }
    const seconds = (Date.now() - started) / 1000;
    // One bucket of 150 refilled at 1/s; two separate buckets would have let about 300 through.
    expect(limitedOn).toEqual(new Set([0, 1]));
    expect(allowed).toBeGreaterThanOrEqual(150);
    expect(allowed).toBeLessThanOrEqual(150 + Math.ceil(seconds) + 1);
  });

  it('runs each daily job in one worker only', async () => {
    const status = async () => (await t.http.get(`/v1/invoices/${pastDueId}`).set(a.auth)).body.data.payment_status as string;
    try {
      await until('the overdue marking', async () => (await status()) === 'overdue');
    } catch (err) {
      throw new Error(`${(err as Error).message}; worker output:\n${workers.map((w) => w.lines.slice(-30).join('\n')).join('\n---\n')}`);
    }
    const messages = ['overdue invoices marked', 'ended sessions purged', 'store subscriptions re-checked', 'old notifications purged'];
    // Both workers have passed their start-up round of daily jobs once each has logged its push line and the jobs ran.
    await until('every daily job', async () => messages.every((m) => workers.some((w) => w.lines.some((l) => l.includes(m)))));
    await new Promise((r) => setTimeout(r, 3000)); // a second worker would log within its own start-up round
    for (const message of messages) {
      const runs = workers.map((w) => w.lines.filter((l) => l.includes(`"msg":"${message}"`)).length);
      expect([message, runs[0] + runs[1]]).toEqual([message, 1]);
    }
  }, 120_000);

  it('refuses a rotated API key and a logged-out session on both APIs at once', async () => {
    const login = await call(0, 'POST', '/v1/auth/login', {}, { username: 'scale_owner', password: PASSWORD });
    expect(login.status).toBe(200);
    const bearer = { authorization: `Bearer ${login.body.data.access_token}` };
    expect((await call(1, 'GET', '/v1/auth/me', bearer)).status).toBe(200);
    expect((await call(1, 'POST', '/v1/auth/logout', bearer, {})).status).toBe(200);
    expect((await call(0, 'GET', '/v1/auth/me', bearer)).status).toBe(401);
    expect((await call(1, 'GET', '/v1/auth/me', bearer)).status).toBe(401);

    await t.admin.rotateKey(a.accountId);
    expect((await call(0, 'GET', '/v1/me', a.auth)).status).toBe(401);
    expect((await call(1, 'GET', '/v1/me', a.auth)).status).toBe(401);
  });
});
