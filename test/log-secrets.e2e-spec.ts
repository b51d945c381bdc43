import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { createClient, line } from './support/sales-document-helpers';

const ROOT = path.resolve(__dirname, '..');
const PASSWORD = 'L0g!Secret#pw';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The built API as a child process at LOG_LEVEL=info, with every line it writes captured: the API key,
 * a password, a refresh token and a share token sent in every place a client could put them
 * (headers, query under any spelling, body, path) appear in none of them.
 */
describe('no secret in the logs', () => {
  let t: TestApp;
  let a: TestAccount;
  let api: ChildProcess;
  let base: string;
  const lines: string[] = [];
  const secrets: Record<string, string> = {};

  beforeAll(async () => {
    if (!existsSync(path.join(ROOT, 'dist/apps/api/src/main.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    t = await startApp('log_secrets', { PRO_SESSIONS: '100' });
    a = await t.createAccount({ username: 'log_owner', password: PASSWORD });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    api = spawn(process.execPath, ['scripts/run.js', 'api'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'info', RATE_LIMIT: 'off', BCRYPT_COST: '4', PRO_SESSIONS: '100' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffered = '';
    const collect = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      lines.push(...parts.filter(Boolean));
    };
    api.stdout?.on('data', collect);
    api.stderr?.on('data', collect);
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}/health`).then(
        (r) => r.status < 500,
        () => false,
      );
      if (up) break;
      if (i > 600) throw new Error(`the API did not start: ${lines.join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const signIn = await fetch(`${base}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'log_owner', password: PASSWORD }),
    });
    const login = (await signIn.json()) as { data: { access_token: string; refresh_token: string } };
    const clientId = await createClient(t, a);
    const invoice = await t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send({ client_id: clientId, invoice_date: '2025-05-01', payment_due_date: '2025-05-31', items: [line('Audit', 1, 100)] })
      .expect(201);
    const share = await t.http.post(`/v1/documents/invoice/${invoice.body.data.invoice_id}/share`).set(a.auth).expect(200);
    secrets.api_key = a.apiKey;
    secrets.password = PASSWORD;
    secrets.access_token = login.data.access_token;
    secrets.refresh_token = login.data.refresh_token;
    secrets.share_token = String(share.body.data.share_url).split('/').pop() as string;
  });

  afterAll(async () => {
    api?.kill('SIGTERM');
    await t?.close();
  });

  const send = (method: string, url: string, headers: Record<string, string> = {}, body?: unknown) =>
    fetch(base + url, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.arrayBuffer());

  /** Every line the API wrote since `from` (waits for the request lines to be flushed). */
  async function linesSince(from: number, count: number): Promise<string[]> {
    for (let i = 0; i < 100 && lines.length - from < count; i++) await new Promise((r) => setTimeout(r, 50));
    return lines.slice(from);
  }

  /** Every %XX decoded, whatever it spells: a secret percent-encoded in any way shows up decoded. */
  const percentDecoded = (text: string) => text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

  function leaks(written: string[]): string[] {
    return written.flatMap((l) =>
      Object.entries(secrets)
        .filter(([, s]) => [l, percentDecoded(l), percentDecoded(percentDecoded(l))].some((text) => text.includes(s) || text.includes(encodeURIComponent(s))))
        .map(([name]) => `${name} in ${l.slice(0, 300)}`),
    );
  }

  /** The spellings of the query key `api_key` that a query parser decodes to it: percent-encoding, any case, brackets. */
  const API_KEY_SPELLINGS = [
    'api_key',
    'API_KEY',
    'Api_Key',
    'api%5Fkey',
    'api%5fKEY',
    '%61pi_key',
    'api_key[]',
    'api_key[0]',
    'api_key%5B%5D',
    'API%5FKEY%5b0%5d',
  ];
  /** The names a client may put a credential under in the query, in the spellings a server may decode to them. */
  const QUERY_SPELLINGS = [...API_KEY_SPELLINGS, 'token', 'access_token', 'refresh_token', 'password', 'share_token', 'PASS%57ORD', 'token[]', 'q'];

  it('in headers', async () => {
    const from = lines.length;
    const cases: Array<Record<string, string>> = [
      { Authorization: `Bearer ${secrets.api_key}` },
      { 'X-API-Key': secrets.api_key },
      { Authorization: `Bearer ${secrets.access_token}` },
      { Authorization: `Basic ${Buffer.from(`log_owner:${secrets.password}`).toString('base64')}` },
      { 'X-Refresh-Token': secrets.refresh_token, 'X-Password': secrets.password, Cookie: `session=${secrets.access_token}; share=${secrets.share_token}` },
      { Authorization: `Bearer ${secrets.refresh_token}` },
      { 'X-Share-Token': secrets.share_token, Referer: `${base}/v1/share/${secrets.share_token}` },
      ...Object.values(secrets).map((secret) => ({ 'User-Agent': `okhttp/4.12 ${secret}` })),
      ...Object.values(secrets).map((secret) => ({ 'User-Agent': secret })),
    ];
    for (const headers of cases) {
      await send('GET', '/v1/me', headers);
      await send('GET', '/v1/no-such-route', headers);
    }
    const written = await linesSince(from, cases.length * 2);
    expect(written.length).toBeGreaterThanOrEqual(cases.length * 2);
    expect(leaks(written)).toEqual([]);
  });

  it('in X-Request-Id: only a UUID is kept as the request id; anything else is replaced, never echoed or logged', async () => {
    const from = lines.length;
    const requests: Array<{ url: string; init: RequestInit }> = [];
    for (const secret of Object.values(secrets)) {
      for (const value of [secret, `req-${secret}`, secret.slice(0, 36)]) {
        requests.push({ url: '/v1/me', init: { headers: { Authorization: `Bearer ${secrets.api_key}`, 'X-Request-Id': value } } });
        requests.push({ url: '/v1/no-such-route', init: { headers: { 'X-Request-Id': value } } });
        requests.push({
          url: '/v1/auth/login',
          init: {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'X-Request-Id': value },
            body: JSON.stringify({ username: 'nobody', password: 'x' }),
          },
        });
      }
    }
    for (const { url, init } of requests) {
      const res = await fetch(base + url, init);
      await res.arrayBuffer();
      const sent = new Headers(init.headers).get('x-request-id');
      const echoed = res.headers.get('x-request-id');
      expect(echoed).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(echoed).not.toBe(sent);
    }
    const written = await linesSince(from, requests.length);
    expect(written.length).toBeGreaterThanOrEqual(requests.length);
    expect(leaks(written)).toEqual([]);

    // A client's UUID is kept: echoed, and the id of the request's log line.
    const uuid = '6f1c2a9e-3b7d-4c55-9e1a-0d2b8c4f7a13';
    const kept = lines.length;
    const res = await fetch(`${base}/v1/me`, { headers: { Authorization: `Bearer ${secrets.api_key}`, 'X-Request-Id': uuid } });
    await res.arrayBuffer();
    expect(res.headers.get('x-request-id')).toBe(uuid);
    const line = (await linesSince(kept, 1)).find((l) => l.includes(uuid));
    expect(line).toBeDefined();
    expect((JSON.parse(line as string) as { req?: { id?: string } }).req?.id).toBe(uuid);
  });

  it.each(QUERY_SPELLINGS)('in the query as %s', async (spelling) => {
    const from = lines.length;
    let sent = 0;
    for (const secret of Object.values(secrets)) {
      for (const url of [
        `/v1/me?${spelling}=${encodeURIComponent(secret)}`,
        `/v1/me?x=1&${spelling}=${encodeURIComponent(secret)}&y=2`,
        `/v1/auth/login?${spelling}=${encodeURIComponent(secret)}`,
      ]) {
        await send(
          url.includes('login') ? 'POST' : 'GET',
          url,
          url.includes('login') ? {} : { Authorization: `Bearer ${secrets.api_key}` },
          url.includes('login') ? {} : undefined,
        );
        sent++;
      }
    }
    const written = await linesSince(from, sent);
    expect(written.length).toBeGreaterThanOrEqual(sent);
    expect(leaks(written)).toEqual([]);
  });

  it.each(API_KEY_SPELLINGS)('refuses the API key in the query as %s, on authenticated and public routes alike', async (spelling) => {
    for (const res of [
      await t.http.get(`/v1/me?${spelling}=${encodeURIComponent(secrets.api_key)}`).set(a.auth),
      await t.http.get(`/v1/me?x=1&${spelling}=`).set(a.auth),
      await t.http.post(`/v1/auth/login?${spelling}=${encodeURIComponent(secrets.api_key)}`).send({ username: 'log_owner', password: PASSWORD }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ ok: false, error: { code: 'validation_error', message: expect.any(String), details: { api_key: expect.any(String) } } });
    }
  });

  it('in the path', async () => {
    const from = lines.length;
    const urls = [
      `/v1/share/${secrets.share_token}`,
      `/v1/share/${secrets.share_token}/`,
      `/v1/share/${secrets.share_token}/pdf`,
      `/v1/share/${secrets.share_token}?download=1`,
      `/v1/Share/${secrets.share_token}`,
      `/v1/%73hare/${secrets.share_token}`,
      `/v1/share/${encodeURIComponent(secrets.share_token).replace(/[A-Za-z]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
      ...Object.values(secrets).flatMap((secret) => [
        `/v1/${encodeURIComponent(secret)}`,
        `/v1/clients/${encodeURIComponent(secret)}`,
        `/v1/documents/invoice/${encodeURIComponent(secret)}/share`,
        `/v1/share/${encodeURIComponent(secret)}`,
      ]),
    ];
    for (const url of urls) await send('GET', url, { Authorization: `Bearer ${secrets.api_key}` });
    const written = await linesSince(from, urls.length);
    expect(written.length).toBeGreaterThanOrEqual(urls.length);
    expect(leaks(written)).toEqual([]);
    // The shared PDF itself was served: the token was only kept out of the log line.
    const shared = await fetch(`${base}/v1/share/${secrets.share_token}`);
    expect(shared.status).toBe(200);
  });

  it('in bodies', async () => {
    const from = lines.length;
    await send('POST', '/v1/auth/login', {}, { username: 'log_owner', password: secrets.password });
    await send('POST', '/v1/auth/login', {}, { username: 'log_owner', password: `${secrets.password}x` });
    await send('POST', '/v1/auth/login', {}, { username: secrets.password, password: [secrets.password] });
    await send('POST', '/v1/auth/refresh', {}, { refresh_token: secrets.refresh_token });
    await send('POST', '/v1/auth/refresh', {}, { refresh_token: [secrets.refresh_token] });
    await send(
      'POST',
      '/v1/clients',
      { Authorization: `Bearer ${secrets.api_key}` },
      { name: 1, api_key: secrets.api_key, token: secrets.share_token, password: secrets.password },
    );
    await send(
      'PATCH',
      '/v1/settings/business',
      { Authorization: `Bearer ${secrets.api_key}` },
      { business_name: [secrets.api_key], phone: { refresh_token: secrets.refresh_token } },
    );
    const written = await linesSince(from, 7);
    expect(written.length).toBeGreaterThanOrEqual(7);
    expect(leaks(written)).toEqual([]);
  });
});
