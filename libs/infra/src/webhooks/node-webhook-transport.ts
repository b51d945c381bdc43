import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { classifyAddress, mayDeliverTo } from '@app/domain/webhooks/address-policy';
import { WEBHOOK_RESPONSE_KEEP_BYTES } from '@app/domain/webhooks/webhook-policy';
import { WebhookResponse, WebhookTransport } from '@app/domain/webhooks/webhook.ports';

interface Target {
  url: URL;
  address: string;
  family: 4 | 6;
}

/**
 * Receiver URLs over node:http(s). The SSRF guard: https only (http too when `allowInsecure`), no
 * credentials in the URL, and every address the host resolves to must be public (loopback too when
 * `allowInsecure`); the connection then goes to the address that was checked (the socket's lookup is
 * pinned to it), so a second DNS answer cannot point it elsewhere.
 */
export class NodeWebhookTransport extends WebhookTransport {
  constructor(private readonly options: { allowInsecure: boolean }) {
    super();
  }

  async checkUrl(url: string): Promise<string | null> {
    const target = await this.resolve(url);
    return typeof target === 'string' ? target : null;
  }

  private async resolve(text: string): Promise<Target | string> {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return 'must be an absolute URL';
    }
    if (url.protocol !== 'https:' && !(this.options.allowInsecure && url.protocol === 'http:')) return 'must use https';
    if (url.username || url.password) return 'must not carry credentials';
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: Array<{ address: string; family: number }>;
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
    else {
      try {
        addresses = await lookup(host, { all: true, verbatim: true });
      } catch {
        return 'has a host name that does not resolve';
      }
    }
    if (!addresses.length) return 'has a host name that does not resolve';
    const refused = addresses.find((a) => !mayDeliverTo(a.address, this.options.allowInsecure));
    if (refused) return `resolves to a ${classifyAddress(refused.address).replace('_', '-')} address, which webhooks may not reach`;
    return { url, address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
  }

  async post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<WebhookResponse> {
    const started = Date.now();
    const target = await this.resolve(url);
    if (typeof target === 'string') return { status: null, body: `Not sent: the URL ${target}.`, durationMs: 0 };
    const pinned: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all)
        (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<WebhookResponse>((resolve) => {
      let settled = false;
      const done = (r: Omit<WebhookResponse, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        resolve({ ...r, durationMs: Date.now() - started });
      };
      const req = send(
        target.url,
        {
          method: 'POST',
          headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)), 'User-Agent': 'Invoicing-Webhooks/1' },
          lookup: pinned,
          timeout: timeoutMs,
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
      const timer = setTimeout(() => {
        req.destroy();
        done({ status: null, body: `No answer within ${timeoutMs / 1000} seconds.` });
      }, timeoutMs);
      req.on('close', () => clearTimeout(timer));
      req.on('timeout', () => {
        req.destroy();
        done({ status: null, body: `No answer within ${timeoutMs / 1000} seconds.` });
      });
      req.on('error', (err) => done({ status: null, body: `Connection failed: ${err.message}`.slice(0, WEBHOOK_RESPONSE_KEEP_BYTES) }));
      req.end(body);
    });
  }
}
