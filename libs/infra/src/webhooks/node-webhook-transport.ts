import { lookup } from 'node:dns/promises';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { urlToHttpOptions } from 'node:url';
import { WEBHOOK_RESPONSE_KEEP_BYTES } from '@app/domain/webhooks/webhook-policy';
import { WebhookResponse, WebhookTransport } from '@app/domain/webhooks/webhook.ports';
import { classifyAddress, mayDeliverTo } from '../net/address-policy';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address of a host name (the system resolver unless a test puts its own in). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** What is wrong with a receiver URL; raised by the connection's lookup when the host resolves to a refused address. */
class RefusedUrl extends Error {}

/** A receiver URL as requests need it, or what is wrong with it before any lookup. */
type Target = { secure: boolean; options: ReturnType<typeof urlToHttpOptions> } | { problem: string };

/** Receiver URLs kept parsed (a worker sends to a few endpoints many times). */
const TARGETS_KEPT = 1000;

export interface NodeWebhookTransportOptions {
  /** `WEBHOOKS_ALLOW_INSECURE`: `http` and loopback addresses too. */
  allowInsecure: boolean;
  resolve?: HostResolver;
}

/**
 * Receiver URLs over node:http(s). The SSRF guard: https only (http too when `allowInsecure`), no
 * credentials in the URL, and every address the host resolves to must be public (loopback too when
 * `allowInsecure`; `../net/address-policy`). The check runs on registration (`checkUrl`) and again inside
 * each connection: the sockets' `lookup` is the guarded resolver, so the address a delivery connects to is
 * one that was checked when that connection was made (a host that resolves elsewhere later, DNS rebinding,
 * is refused then). A literal address is checked before the request, as no lookup runs for it. The
 * connections of each receiver are kept alive between deliveries (one agent per scheme); a kept socket
 * stays on the address that was checked when it connected.
 */
export class NodeWebhookTransport extends WebhookTransport {
  private readonly resolveHost: HostResolver;
  private readonly http: HttpAgent;
  private readonly https: HttpsAgent;
  private readonly targets = new Map<string, Target>();

  constructor(private readonly options: NodeWebhookTransportOptions) {
    super();
    this.resolveHost = options.resolve ?? systemResolver;
    this.http = new HttpAgent({ keepAlive: true, lookup: this.guardedLookup });
    this.https = new HttpsAgent({ keepAlive: true, lookup: this.guardedLookup });
  }

  async checkUrl(text: string): Promise<string | null> {
    const url = this.parse(text);
    if (typeof url === 'string') return url;
    try {
      await this.addresses(hostOf(url));
      return null;
    } catch (err) {
      if (err instanceof RefusedUrl) return err.message;
      throw err;
    }
  }

  /** The URL when its scheme and form are allowed, else what is wrong with it. */
  private parse(text: string): URL | string {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return 'must be an absolute URL';
    }
    if (url.protocol !== 'https:' && !(this.options.allowInsecure && url.protocol === 'http:')) return 'must use https';
    if (url.username || url.password) return 'must not carry credentials';
    return url;
  }

  /** Every address of the host, when webhooks may reach each of them; RefusedUrl otherwise. */
  private async addresses(host: string): Promise<ResolvedAddress[]> {
    let found: ResolvedAddress[];
    if (isIP(host)) found = [{ address: host, family: isIP(host) }];
    else {
      try {
        found = await this.resolveHost(host);
      } catch {
        throw new RefusedUrl('has a host name that does not resolve');
      }
    }
    if (!found.length) throw new RefusedUrl('has a host name that does not resolve');
    const refused = found.find((a) => !mayDeliverTo(a.address, this.options.allowInsecure));
    if (refused) throw new RefusedUrl(refusal(refused.address));
    return found;
  }

  /** The sockets' lookup: the host's addresses after the guard, in the shape `net.connect` asks for. */
  private readonly guardedLookup: LookupFunction = (hostname, options, callback) => {
    this.addresses(hostname).then(
      (found) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const wanted = family === 4 || family === 6 ? found.filter((a) => a.family === family) : found;
        if (!wanted.length) callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }), '', 0);
        else if (options.all) callback(null, wanted);
        else callback(null, wanted[0].address, wanted[0].family);
      },
      (err: Error) => callback(err, '', 0),
    );
  };

  /** The URL's scheme, form and (for a literal address) address checked, once per URL. */
  private target(text: string): Target {
    let target = this.targets.get(text);
    if (!target) {
      const url = this.parse(text);
      if (typeof url === 'string') target = { problem: url };
      else {
        const host = hostOf(url);
        if (isIP(host) && !mayDeliverTo(host, this.options.allowInsecure)) target = { problem: refusal(host) };
        else target = { secure: url.protocol === 'https:', options: urlToHttpOptions(url) };
      }
      if (this.targets.size >= TARGETS_KEPT) this.targets.clear();
      this.targets.set(text, target);
    }
    return target;
  }

  async post(text: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<WebhookResponse> {
    const started = Date.now();
    const target = this.target(text);
    if ('problem' in target) return notSent(target.problem);
    const { secure } = target;
    return new Promise<WebhookResponse>((resolve) => {
      let settled = false;
      const done = (r: Omit<WebhookResponse, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...r, durationMs: Date.now() - started });
      };
      // The whole exchange, however slowly the answer drips in.
      const timer = setTimeout(() => {
        req.destroy();
        done({ status: null, body: `No answer within ${timeoutMs / 1000} seconds.` });
      }, timeoutMs);
      const req = (secure ? httpsRequest : httpRequest)(
        {
          ...target.options,
          method: 'POST',
          headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)), 'User-Agent': 'Invoicing-Webhooks/1' },
          agent: secure ? this.https : this.http,
          lookup: this.guardedLookup,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            if (size < WEBHOOK_RESPONSE_KEEP_BYTES) chunks.push(chunk);
            size += chunk.length;
          });
          res.on('end', () => done({ status: res.statusCode ?? null, body: Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_KEEP_BYTES).toString('utf8') }));
          res.on('error', () => done({ status: res.statusCode ?? null, body: '' }));
        },
      );
      req.on('error', (err) =>
        done({
          status: null,
          body: err instanceof RefusedUrl ? `Not sent: the URL ${err.message}.` : `Connection failed: ${err.message}`.slice(0, WEBHOOK_RESPONSE_KEEP_BYTES),
        }),
      );
      req.end(body);
    });
  }

  /** Closes the kept connections once the process stops (after the dispatcher's last pass). */
  onApplicationShutdown(): void {
    this.http.destroy();
    this.https.destroy();
  }
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');
const refusal = (address: string) => `resolves to a ${classifyAddress(address).replace('_', '-')} address, which webhooks may not reach`;
const notSent = (problem: string): WebhookResponse => ({ status: null, body: `Not sent: the URL ${problem}.`, durationMs: 0 });
