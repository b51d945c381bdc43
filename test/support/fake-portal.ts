import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/** A request a fake portal received: path without the query, headers and the JSON body ({} when empty). */
export interface PortalRequest {
  path: string;
  method: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** How a fake portal answers: JSON with 200, a bare status, or nothing at all (a portal that hangs). */
export interface PortalReply {
  json(body: unknown): void;
  status(code: number, text?: string): void;
}

/**
 * What the local stand-ins for the GST portals (the e-invoice IRP, the NIC e-way bill system) share: an HTTP server on a
 * free local port, the JSON bodies read and recorded in `received`, and the auth tokens they issue, each valid until
 * its expiry by the portal's clock (`now`, the test's). Each portal routes its own paths (`route`).
 */
export abstract class FakePortal {
  readonly received: PortalRequest[] = [];
  url = '';
  /** The portal's clock; tests move it with the service's. */
  now: () => number = Date.now;
  private server!: Server;
  private readonly tokens = new Map<string, number>();
  private issued = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  /** The requests made to one path. */
  requestsTo(path: string): PortalRequest[] {
    return this.received.filter((r) => r.path === path);
  }

  protected abstract route(req: PortalRequest, reply: PortalReply): void;

  /** A new auth token, valid until `expiresAt` (ms; default: no expiry). */
  protected issueToken(prefix: string, expiresAt = Number.POSITIVE_INFINITY): string {
    const token = `${prefix}-${++this.issued}`;
    this.tokens.set(token, expiresAt);
    return token;
  }

  protected tokenValid(token: string): boolean {
    const expires = this.tokens.get(token);
    return expires !== undefined && expires > this.now();
  }

  protected revokeToken(token: string): void {
    this.tokens.delete(token);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const request: PortalRequest = {
      path: (req.url ?? '').split('?')[0],
      method: req.method ?? 'GET',
      headers: req.headers,
      body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    };
    this.received.push(request);
    this.route(request, {
      json: (body) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      },
      status: (code, body) => {
        res.writeHead(code);
        res.end(body ?? '');
      },
    });
  }
}
