import { randomInt } from 'node:crypto';
import { connect } from 'node:net';
import { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import { databaseName } from '@app/infra/database/data-source';
import { loginThrottlePrefix } from '@app/infra/auth/redis-login-throttle';
import { HTTP_ADAPTER, startApp, TestAccount, TestApp } from './support/app-harness';

/** Sends raw bytes to the listening server and resolves with everything it answers before closing. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

/** Status line and parsed JSON body of a raw HTTP answer. */
function parseRaw(answer: string): { status: number; body: any; head: string } {
  const split = answer.indexOf('\r\n\r\n');
  const head = answer.slice(0, split);
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), head, body: JSON.parse(answer.slice(split + 4)) };
}

const nested = (open: string, close: string, depth: number, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);

describe(`the HTTP edge on ${HTTP_ADAPTER}: framework-level errors in the envelope, JSON depth, CORS`, () => {
  let t: TestApp;
  let a: TestAccount;
  let port: number;

  beforeAll(async () => {
    t = await startApp('edge');
    a = await t.createAccount();
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  describe('deeply nested JSON is 400 validation_error before anything walks it (issue 19, defect 1)', () => {
    it.each([
      ['arrays 1,500 deep in the login body', `{"username":${nested('[', ']', 1500)}}`],
      ['objects 2,500 deep in the login body', `{"username":${nested('{"a":', '}', 2500)}}`],
      ['33 levels, one over the limit', `{"username":${nested('[', ']', 32)}}`],
    ])('%s', async (_label, body) => {
      const res = await t.http.post('/v1/auth/login').set('Content-Type', 'application/json').send(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.details).toEqual({ body: 'must not nest arrays and objects deeper than 32 levels' });
    });

    it('32 levels are parsed and validated as usual (the field is at fault, not the body)', async () => {
      const res = await t.http
        .post('/v1/auth/login')
        .set('Content-Type', 'application/json')
        .send(`{"username":${nested('[', ']', 31)},"password":"x"}`);
      expect(res.status).toBe(400);
      expect(res.body.error.details.username).toBeDefined();
    });

    it('an authenticated JSON endpoint refuses a deep body the same way', async () => {
      const res = await t.http
        .post('/v1/clients')
        .set(a.auth)
        .set('Content-Type', 'application/json')
        .send(`{"name":${nested('{"a":', '}', 2500)}}`);
      expect(res.status).toBe(400);
      expect(res.body.error.details.body).toMatch(/deeper than 32/);
    });
  });

  describe('errors of the platform and of Node are in the envelope (issue 19, defect 4)', () => {
    it.each(['/v1/share/%E0%A4%A', '/v1/%E0%A4%A', '/v1/clients/%FF'])('malformed percent-encoding: GET %s', async (path) => {
      const res = await t.http.get(path).set(a.auth).set('Origin', 'https://app.example.com');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ ok: false, error: { code: 'validation_error', message: expect.any(String), details: { url: 'is not a valid URL' } } });
      expect(res.headers['x-request-id']).toBeDefined();
      expect(res.headers['access-control-allow-origin']).toBe('https://app.example.com');
    });

    it.each([
      ['an unknown method', 'FOO /v1/me HTTP/1.1\r\nHost: x\r\n\r\n', { method: 'is not supported' }],
      ['a URL over 16 KB', `GET /v1/me?q=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, { url: 'with the headers, must fit in 16 KB' }],
      ['bare LF line ends in the headers', 'GET /v1/me HTTP/1.1\nHost: x\nX-A: b\n\n', { request: 'is not valid HTTP' }],
      [
        'Content-Length together with Transfer-Encoding',
        'POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
        { request: 'is not valid HTTP' },
      ],
    ])('%s is an enveloped 400 written by the server, which closes the connection', async (_label, text, details) => {
      const { status, head, body } = parseRaw(await rawRequest(port, text));
      expect(status).toBe(400);
      expect(head).toMatch(/content-type: application\/json/i);
      expect(body).toEqual({ ok: false, error: { code: 'validation_error', message: expect.any(String), details } });
    });

    it('bodies over the limit, malformed JSON and bodies that are not JSON', async () => {
      const big = await t.http
        .post('/v1/clients')
        .set(a.auth)
        .set('Content-Type', 'application/json')
        .send(`{"name":"${'x'.repeat(1024 * 1024)}"}`);
      expect(big.status).toBe(413);
      expect(big.body.error.code).toBe('payload_too_large');
      const bad = await t.http.post('/v1/clients').set(a.auth).set('Content-Type', 'application/json').send('{"name":');
      expect(bad.status).toBe(400);
      expect(bad.body.error.details).toEqual({ body: 'is not valid JSON' });
      const xml = await t.http.post('/v1/clients').set(a.auth).set('Content-Type', 'application/xml').send('<name>x</name>');
      expect(xml.status).toBe(400);
      expect(xml.body.error.details).toEqual({ body: 'must be sent as application/json' });
      const text = await t.http.post('/v1/clients').set(a.auth).set('Content-Type', 'text/plain').send('name=x');
      expect(text.status).toBe(400);
      expect(text.body.error.details).toEqual({ body: 'must be a JSON object' });
    });

    it('an unknown route is 404 whatever its body, as the body is read only for a route', async () => {
      const res = await t.http.post('/v1/nowhere').set(a.auth).set('Content-Type', 'text/plain').send('x');
      expect(res.status).toBe(404);
      expect(res.body.error.details).toEqual({ route: '/v1/nowhere', method: 'POST' });
    });

    it('routes match exactly: no trailing slash, no other case', async () => {
      expect((await t.http.get('/v1/me/').set(a.auth)).status).toBe(404);
      expect((await t.http.get('/V1/ME').set(a.auth)).status).toBe(404);
    });
  });

  describe('CORS (issue 19, defect 8)', () => {
    it('does not reflect Origin: null', async () => {
      const res = await t.http.options('/v1/me').set('Origin', 'null');
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const get = await t.http.get('/v1/me').set(a.auth).set('Origin', 'null').expect(200);
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('does not reflect origins over 256 characters, and reflects a real one', async () => {
      const long = `https://${'a'.repeat(4096)}.example.com`;
      const res = await t.http.get('/v1/me').set(a.auth).set('Origin', long).expect(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const ok = await t.http.options('/v1/me').set('Origin', 'https://app.example.com').expect(204);
      expect(ok.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
    });
  });

  it('raw binary answers keep their headers; JSON answers carry the request id', async () => {
    const res = await t.http.get('/v1/me').set(a.auth).set('X-Request-Id', '0b8e5f3c-2d4a-4e6b-9c1d-7f2a3b4c5d6e').expect(200);
    expect(res.headers['x-request-id']).toBe('0b8e5f3c-2d4a-4e6b-9c1d-7f2a3b4c5d6e');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('a request id is kept only when it is a UUID; any other value is replaced by one the service makes', async () => {
    const uuidForm = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const sent of [a.apiKey, 'edge-test-0001', 'a'.repeat(64), '0b8e5f3c2d4a4e6b9c1d7f2a3b4c5d6e', '{0b8e5f3c-2d4a-4e6b-9c1d-7f2a3b4c5d6e}']) {
      for (const res of [await t.http.get('/v1/me').set(a.auth).set('X-Request-Id', sent), await t.http.get('/v1/nowhere').set('X-Request-Id', sent)]) {
        expect(res.headers['x-request-id']).toMatch(uuidForm);
        expect(res.headers['x-request-id']).not.toBe(sent);
        expect(JSON.stringify(res.body)).not.toContain(sent);
      }
    }
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) ids.add((await t.http.get('/v1/me').set(a.auth).set('X-Request-Id', a.apiKey)).headers['x-request-id'] as string);
    expect(ids.size).toBe(3);
  });
});

describe(`the client address behind a proxy on ${HTTP_ADAPTER} (TRUST_PROXY)`, () => {
  /** Failed sign-ins from X-Forwarded-For addresses, each with a new username; the statuses answered. */
  async function failures(t: TestApp, forwardedFor: string[]): Promise<number[]> {
    const statuses: number[] = [];
    for (const ip of forwardedFor) {
      const res = await t.http
        .post('/v1/auth/login')
        .set('X-Forwarded-For', ip)
        .send({ username: `nobody${randomInt(1e9)}`, password: 'wrong-password' });
      statuses.push(res.status);
    }
    return statuses;
  }
  /** A suite's app with sign-in limits on, and no failure counted yet (an earlier run may have left some). */
  async function appWithLimits(suite: string, env: Record<string, string>): Promise<TestApp> {
    const t = await startApp(suite, { RATE_LIMIT: 'on', LOGIN_MAX_FAILURES_PER_IP: '2', ...env });
    const redis = new Redis(t.config.redisUrl);
    try {
      const keys = await redis.keys(`${loginThrottlePrefix(databaseName(t.databaseUrl))}*`);
      if (keys.length) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
    return t;
  }
  const someIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

  it('behind a trusted proxy, each forwarded client has its own sign-in failure budget', async () => {
    const t = await appWithLimits('edge_proxy', { TRUST_PROXY: 'loopback' });
    try {
      const [x, y] = [someIp(), someIp()];
      expect(await failures(t, [x, x, x])).toEqual([401, 401, 429]);
      expect(await failures(t, [y])).toEqual([401]);
    } finally {
      await t.close();
    }
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: the socket address is the client', async () => {
    const t = await appWithLimits('edge_noproxy', {});
    try {
      expect(await failures(t, [someIp(), someIp(), someIp()])).toEqual([401, 401, 429]);
    } finally {
      await t.close();
    }
  });
});
