import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { NodeWebhookTransport, ResolvedAddress } from './node-webhook-transport';

describe('NodeWebhookTransport', () => {
  let server: Server;
  let port: number;
  let requests = 0;
  let connections = 0;
  let silent = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests++;
      req.resume();
      req.on('end', () => {
        if (!silent) res.writeHead(201, { 'content-type': 'text/plain' }).end(`got ${String(req.headers['webhook-id'])}`);
      });
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    requests = 0;
    connections = 0;
    silent = false;
  });

  /** A transport whose resolver answers `answer` for every host name. */
  const transportWith = (answer: ResolvedAddress[], allowInsecure = true) =>
    new NodeWebhookTransport({ allowInsecure, resolve: () => Promise.resolve(answer) });
  const post = (t: NodeWebhookTransport, url: string, id = 'evt_1_0', timeoutMs = 2000) => t.post(url, { 'Webhook-Id': id }, '{}', timeoutMs);

  it('sends and keeps the connection for the next deliveries', async () => {
    const t = transportWith([{ address: '127.0.0.1', family: 4 }]);
    try {
      for (let n = 0; n < 3; n++)
        expect(await post(t, `http://receiver.test:${port}/hook`, `evt_${n}_0`)).toMatchObject({ status: 201, body: `got evt_${n}_0` });
      expect(requests).toBe(3);
      expect(connections).toBe(1);
    } finally {
      t.onApplicationShutdown();
    }
  });

  it('refuses in the connection’s own lookup a host name that resolves to a refused address, in any of its answers', async () => {
    for (const address of ['169.254.169.254', '::ffff:a9fe:a9fe', '::a9fe:a9fe', '2002:a9fe:a9fe::1', '64:ff9b::a00:1', 'fd00::1']) {
      const t = transportWith([
        { address: '127.0.0.1', family: 4 },
        { address, family: address.includes(':') ? 6 : 4 },
      ]);
      const answer = await post(t, `http://rebound.test:${port}/hook`);
      expect([address, answer.status, answer.body]).toEqual([
        address,
        null,
        expect.stringMatching(/^Not sent: the URL resolves to a (metadata|private) address/),
      ]);
      t.onApplicationShutdown();
    }
    expect(requests).toBe(0);
    expect(connections).toBe(0);
  });

  it('refuses literal addresses before any request, and http or loopback without the flag', async () => {
    const open = transportWith([]);
    const strict = transportWith([], false);
    try {
      expect((await post(open, 'http://[::a9fe:a9fe]/')).body).toBe('Not sent: the URL resolves to a metadata address, which webhooks may not reach.');
      expect((await post(open, 'http://[2002:a9fe:a9fe::1]:8080/')).body).toBe(
        'Not sent: the URL resolves to a metadata address, which webhooks may not reach.',
      );
      expect((await post(strict, `https://127.0.0.1:${port}/`)).body).toBe('Not sent: the URL resolves to a loopback address, which webhooks may not reach.');
      expect((await post(strict, `http://receiver.test:${port}/`)).body).toBe('Not sent: the URL must use https.');
      expect(await open.checkUrl('http://[::ffff:10.0.0.1]/')).toBe('resolves to a private address, which webhooks may not reach');
      expect(await open.checkUrl('https://user:secret@example.com/')).toBe('must not carry credentials');
      expect(await transportWith([]).checkUrl('https://nowhere.test/')).toBe('has a host name that does not resolve');
      expect(requests).toBe(0);
    } finally {
      open.onApplicationShutdown();
      strict.onApplicationShutdown();
    }
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    silent = true;
    const t = transportWith([{ address: '127.0.0.1', family: 4 }]);
    try {
      const answer = await post(t, `http://receiver.test:${port}/hook`, 'evt_9_0', 200);
      expect(answer).toMatchObject({ status: null, body: 'No answer within 0.2 seconds.' });
      expect(answer.durationMs).toBeGreaterThanOrEqual(150);
    } finally {
      t.onApplicationShutdown();
    }
  });
});
