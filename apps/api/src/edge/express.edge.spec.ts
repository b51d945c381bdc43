import { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExpressEdgeAdapter } from './express.edge';

describe('ExpressEdgeAdapter HTTP server', () => {
  let adapter: ExpressEdgeAdapter;
  let server: Server;
  let base: string;
  const arrived: Array<{ request: object; response: object }> = [];
  const handled: Array<{ request: object; response: object }> = [];

  beforeAll(async () => {
    adapter = new ExpressEdgeAdapter({ jsonMaxDepth: 32, trustProxy: false }, null);
    adapter.get('/probe', (req: IncomingMessage, res: ServerResponse) => {
      handled.push({ request: Object.getPrototypeOf(req) as object, response: Object.getPrototypeOf(res) as object });
      const body = JSON.stringify({ method: req.method, url: req.url, agent: req.headers['user-agent'] ?? null });
      res.setHeader('content-type', 'application/json');
      res.end(body);
    });
    adapter.initHttpServer({});
    server = adapter.getHttpServer() as Server;
    // Before Express sees them: the prototypes the server made them with.
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      arrived.push({ request: Object.getPrototypeOf(req) as object, response: Object.getPrototypeOf(res) as object });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("makes each request and response on the application's prototypes, so Express has none to switch", async () => {
    const app = adapter.getInstance<{ request: object; response: object }>();
    const res = await fetch(`${base}/probe`, { headers: { 'user-agent': 'probe/1' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ method: 'GET', url: '/probe', agent: 'probe/1' });
    expect(arrived).toHaveLength(1);
    expect(arrived[0].request).toBe(app.request);
    expect(arrived[0].response).toBe(app.response);
    expect(handled[0]).toEqual(arrived[0]);
  });

  it("keeps Node's request and response: streams, headers, Express's helpers", async () => {
    const res = await fetch(`${base}/probe`);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const last = arrived[arrived.length - 1];
    expect(Object.prototype.isPrototypeOf.call(IncomingMessage.prototype, last.request)).toBe(true);
    expect(Object.prototype.isPrototypeOf.call(ServerResponse.prototype, last.response)).toBe(true);
    expect(typeof (last.response as { status?: unknown }).status).toBe('function');
    expect(await fetch(`${base}/nowhere`).then((r) => r.status)).toBe(404);
  });

  it('adds routes to its route index, one layer of the application however many routes there are', async () => {
    const app = adapter.getInstance<{ router: { stack: unknown[] } }>();
    const before = app.router.stack.length;
    for (let i = 0; i < 50; i++) adapter.get(`/v1/things-${i}/:id`, (_req: IncomingMessage, res: ServerResponse) => res.end(`thing ${i}`));
    expect(app.router.stack.length).toBe(before);
    expect(await fetch(`${base}/v1/things-49/1`).then((r) => r.text())).toBe('thing 49');
  });
});
