import { createHmac } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * A test double of the shop platform's admin API (docs/storefront.md): shops are told apart by the Host
 * header, so one server on every loopback address serves `127.0.0.2`, `127.0.0.3`, ... as separate shops.
 * It records the webhooks registered, pages orders by a `page_info` cursor in the `Link` header, and can be
 * scripted to answer some requests with a status (429, 503) or to hold one until the test releases it.
 */

export interface RegisteredWebhook {
  id: number;
  topic: string;
  address: string;
  secret: string;
}

export interface FakeShopState {
  token: string;
  webhooks: RegisteredWebhook[];
  orders: object[];
}

interface Scripted {
  match: (path: string, query: URLSearchParams) => boolean;
  status?: number;
  headers?: Record<string, string>;
  /** Answer normally once this resolves (the request is held until then). */
  hold?: Promise<void>;
}

export class FakeShop {
  readonly shops = new Map<string, FakeShopState>();
  /** Every admin API request: method, host, path with query. */
  readonly requests: Array<{ method: string; host: string; path: string }> = [];
  private script: Scripted[] = [];
  private server: Server | null = null;
  private nextWebhookId = 1000;
  port = 0;

  constructor(readonly apiVersion = '2024-10') {}

  add(host: string, token: string, orders: object[] = []): FakeShopState {
    const shop = { token, webhooks: [], orders };
    this.shops.set(host, shop);
    return shop;
  }

  /** The secret the service registered with the shop (the one the shop signs with). */
  secretOf(host: string): string {
    const hook = this.shops.get(host)?.webhooks[0];
    if (!hook) throw new Error(`no webhook registered for ${host}`);
    return hook.secret;
  }

  /** Answers the next request that matches with `status` (and `headers`) instead of the real answer. */
  failNext(match: Scripted['match'], status: number, headers: Record<string, string> = {}): void {
    this.script.push({ match, status, headers });
  }

  /** Holds the next matching request until the returned function is called. */
  holdNext(match: Scripted['match']): { release: () => void; reached: Promise<void> } {
    let release!: () => void;
    let reached!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const arrived = new Promise<void>((r) => (reached = r));
    this.script.push({
      match: (p, q) => {
        if (!match(p, q)) return false;
        reached();
        return true;
      },
      hold,
    });
    return { release, reached: arrived };
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '0.0.0.0', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const url = new URL(req.url ?? '/', 'http://fake');
    this.requests.push({ method: req.method ?? 'GET', host, path: `${url.pathname}${url.search}` });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const prefix = `/admin/api/${this.apiVersion}`;
    const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : null;
    const shop = this.shops.get(host);
    if (path === null || !shop) return send(404, { errors: 'Not Found' });
    if (req.headers['x-storefront-access-token'] !== shop.token) return send(401, { errors: 'Invalid API key or access token' });

    const scripted = this.script.findIndex((s) => s.match(path, url.searchParams));
    if (scripted >= 0) {
      const [step] = this.script.splice(scripted, 1);
      if (step.hold) await step.hold;
      else return send(step.status ?? 500, { errors: 'scripted' }, step.headers);
    }

    if (req.method === 'GET' && path === '/shop.json') return send(200, { shop: { domain: host, name: `Shop ${host}` } });
    if (req.method === 'POST' && path === '/webhooks.json') {
      const { webhook } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { webhook: Omit<RegisteredWebhook, 'id'> };
      const hook = { id: ++this.nextWebhookId, topic: webhook.topic, address: webhook.address, secret: webhook.secret };
      shop.webhooks.push(hook);
      return send(201, { webhook: { id: hook.id, topic: hook.topic, address: hook.address } });
    }
    const del = /^\/webhooks\/(\d+)\.json$/.exec(path);
    if (req.method === 'DELETE' && del) {
      shop.webhooks = shop.webhooks.filter((w) => w.id !== Number(del[1]));
      return send(200, {});
    }
    if (req.method === 'GET' && path === '/orders/count.json') return send(200, { count: shop.orders.length });
    if (req.method === 'GET' && path === '/orders.json') {
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const offset = url.searchParams.has('page_info') ? Number(Buffer.from(url.searchParams.get('page_info')!, 'base64url').toString()) : 0;
      const page = shop.orders.slice(offset, offset + limit);
      const headers: Record<string, string> = {};
      if (offset + limit < shop.orders.length) {
        const cursor = Buffer.from(String(offset + limit)).toString('base64url');
        headers.link = `<http://${host}:${this.port}${prefix}/orders.json?limit=${limit}&page_info=${cursor}>; rel="next"`;
      }
      return send(200, { orders: page }, headers);
    }
    return send(404, { errors: 'Not Found' });
  }
}

/** The shop's signature of a body: base64 HMAC-SHA256 with the webhook secret. */
export function signBody(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

let orderSeq = 5_000_000;

/** An order in the platform's shape: lines with tax lines (18% split as the state asks), shipping, customer. */
export function makeOrder(opts: {
  id?: number;
  state?: string;
  lines?: Array<{ title: string; sku?: string; quantity: number; price: string; tax: string; rate?: number; id?: number }>;
  shipping?: { price: string; tax: string } | null;
  financial_status?: string;
  email?: string;
  phone?: string;
  company_tax_id?: string;
  created_at?: string;
}): Record<string, unknown> {
  const id = opts.id ?? ++orderSeq;
  const state = opts.state ?? 'MH';
  const taxLines = (tax: string, rate = 0.18) => [{ title: 'GST', rate, price: tax }];
  const address = {
    name: 'Asha Verma',
    address1: '12 MG Road',
    city: state === 'MH' ? 'Pune' : 'Bengaluru',
    province: state === 'MH' ? 'Maharashtra' : 'Karnataka',
    province_code: state,
    country_code: 'IN',
    zip: '411001',
    phone: opts.phone ?? '9876543210',
    ...(opts.company_tax_id ? { company: 'Verma Traders', company_tax_id: opts.company_tax_id } : {}),
  };
  return {
    id,
    name: `#${id}`,
    email: opts.email ?? 'asha@example.com',
    created_at: opts.created_at ?? '2025-06-10T10:00:00+05:30',
    currency: 'INR',
    taxes_included: false,
    financial_status: opts.financial_status ?? 'paid',
    customer: { id: 77, email: opts.email ?? 'asha@example.com', first_name: 'Asha', last_name: 'Verma', phone: opts.phone ?? '9876543210' },
    billing_address: address,
    shipping_address: address,
    line_items: (opts.lines ?? [{ title: 'Cotton Kurta', quantity: 2, price: '500.00', tax: '180.00' }]).map((l, i) => ({
      id: l.id ?? id * 10 + i,
      title: l.title,
      sku: l.sku ?? '',
      quantity: l.quantity,
      price: l.price,
      total_discount: '0.00',
      tax_lines: taxLines(l.tax, l.rate),
    })),
    shipping_lines:
      opts.shipping === null ? [] : [{ title: 'Standard', price: opts.shipping?.price ?? '100.00', tax_lines: taxLines(opts.shipping?.tax ?? '18.00') }],
  };
}
