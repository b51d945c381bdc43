import { CancelReason, EInvoiceRegistry, EInvoiceRejected, IrnDetails } from '@app/domain/einvoice/einvoice.port';
import { IrpInvoice } from '@app/domain/einvoice/irp-payload';
import { NotConfigured, TemporarilyUnavailable } from '@app/domain/shared/domain-error';
import { EInvoiceConfig } from '../config/einvoice-config';
import { parseJson } from '@app/domain/shared/json';

/** The portal's answer envelope: Status 1 with Data, or 0 with ErrorDetails (and InfoDtls for a duplicate). */
interface PortalAnswer {
  Status?: number | string;
  Data?: unknown;
  ErrorDetails?: Array<{ ErrorCode?: string; ErrorMessage?: string }> | null;
  InfoDtls?: Array<{ InfCd?: string; Desc?: unknown }> | null;
}

/** Error codes of the portal this adapter acts on. */
export const PORTAL_CODES = {
  /** The auth token is invalid or expired: get a new one and repeat the call once. */
  invalidToken: ['1005', '1004'],
  /** Duplicate IRN: the document is already registered; the answer names its IRN in InfoDtls. */
  duplicate: '2150',
} as const;

const CANCEL_CODES: Record<CancelReason, string> = { duplicate: '1', data_entry_mistake: '2', order_cancelled: '3', other: '4' };

/**
 * The e-invoice registration portal over HTTP, as the IRP's e-invoice API v1.03 is served by a GSP
 * (JSON in the clear over TLS; the direct IRP API additionally encrypts payloads with the session key,
 * which a GSP does for its clients). Auth: POST /eivital/v1.04/auth answers a token kept until shortly
 * before its expiry and renewed once when the portal says it is invalid (1005). Generate:
 * POST /eicore/v1.03/Invoice; a duplicate (2150) is answered with the existing IRN, fetched with
 * GET /eicore/v1.03/Invoice/irn/{irn}. Cancel: POST /eicore/v1.03/Invoice/Cancel. A call that does not
 * answer within the timeout, a network failure or a 5xx is TemporarilyUnavailable (503, retryable).
 */
export class HttpEInvoiceRegistry extends EInvoiceRegistry {
  private token: { value: string; gstin: string; expiresAt: number } | null = null;

  constructor(
    private readonly config: EInvoiceConfig,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  async register(gstin: string, invoice: IrpInvoice): Promise<IrnDetails> {
    const answer = await this.call(gstin, 'POST', '/eicore/v1.03/Invoice', invoice);
    if (isOk(answer)) return details(answer.Data);
    const errors = errorsOf(answer);
    if (errors.some((e) => e.code === PORTAL_CODES.duplicate)) {
      const irn = duplicateIrn(answer);
      if (irn) {
        const existing = await this.call(gstin, 'GET', `/eicore/v1.03/Invoice/irn/${encodeURIComponent(irn)}`);
        if (isOk(existing)) return details(existing.Data);
        throw new EInvoiceRejected(errorsOf(existing));
      }
    }
    throw new EInvoiceRejected(errors);
  }

  async cancel(gstin: string, irn: string, reason: CancelReason, remark: string): Promise<{ cancelledAt: string }> {
    const answer = await this.call(gstin, 'POST', '/eicore/v1.03/Invoice/Cancel', { Irn: irn, CnlRsn: CANCEL_CODES[reason], CnlRem: remark.slice(0, 100) });
    if (!isOk(answer)) throw new EInvoiceRejected(errorsOf(answer));
    const data = (answer.Data ?? {}) as { CancelDate?: string };
    return { cancelledAt: String(data.CancelDate ?? '') };
  }

  /** One call with the auth token; an invalid-token answer renews the token and repeats the call once. */
  private async call(gstin: string, method: string, path: string, body?: unknown): Promise<PortalAnswer> {
    const first = await this.send(gstin, method, path, body, await this.authToken(gstin, false));
    if (isOk(first) || !errorsOf(first).some((e) => (PORTAL_CODES.invalidToken as readonly string[]).includes(e.code))) return first;
    return this.send(gstin, method, path, body, await this.authToken(gstin, true));
  }

  private async authToken(gstin: string, force: boolean): Promise<string> {
    if (!force && this.token && this.token.gstin === gstin && this.token.expiresAt - 60_000 > this.now()) return this.token.value;
    const c = this.configured();
    const answer = await this.request(
      'POST',
      '/eivital/v1.04/auth',
      { client_id: c.clientId, client_secret: c.clientSecret, gstin },
      {
        UserName: c.username,
        Password: c.password,
        ForceRefreshAccessToken: force,
      },
    );
    if (!isOk(answer)) throw new EInvoiceRejected(errorsOf(answer));
    const data = (answer.Data ?? {}) as { AuthToken?: string; TokenExpiry?: string };
    if (!data.AuthToken) throw unavailable('The e-invoice portal answered no auth token.');
    const expiry = data.TokenExpiry ? Date.parse(`${data.TokenExpiry.replace(' ', 'T')}+05:30`) : NaN;
    this.token = { value: data.AuthToken, gstin, expiresAt: Number.isFinite(expiry) ? expiry : this.now() + 5 * 60_000 };
    return data.AuthToken;
  }

  private send(gstin: string, method: string, path: string, body: unknown, token: string): Promise<PortalAnswer> {
    const c = this.configured();
    return this.request(method, path, { client_id: c.clientId, client_secret: c.clientSecret, gstin, user_name: c.username, authtoken: token }, body);
  }

  private async request(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<PortalAnswer> {
    const c = this.configured();
    let res: Response;
    try {
      res = await this.fetchImpl(`${c.baseUrl}${path}`, {
        method,
        headers: { ...headers, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch {
      throw unavailable('The e-invoice portal did not answer in time; nothing was changed, try again.');
    }
    if (res.status >= 500 || res.status === 429) throw unavailable(`The e-invoice portal answered ${res.status}; nothing was changed, try again.`);
    try {
      return (await res.json()) as PortalAnswer;
    } catch {
      throw unavailable('The e-invoice portal answered something that is not JSON; nothing was changed, try again.');
    }
  }

  private configured(): Required<{ [K in keyof EInvoiceConfig]: NonNullable<EInvoiceConfig[K]> }> {
    const c = this.config;
    // The portal key is needed to check its answer: without it nothing is sent, since an answer could not be trusted.
    if (!c.baseUrl || !c.clientId || !c.clientSecret || !c.username || !c.password || !c.qrPublicKey) {
      throw new NotConfigured(
        'e-invoicing needs EINVOICE_BASE_URL, EINVOICE_CLIENT_ID, EINVOICE_CLIENT_SECRET, EINVOICE_USERNAME, EINVOICE_PASSWORD and EINVOICE_QR_PUBLIC_KEY.',
      );
    }
    return c as Required<{ [K in keyof EInvoiceConfig]: NonNullable<EInvoiceConfig[K]> }>;
  }
}

/** The portal is unreachable, slow or answered nonsense: 503 with Retry-After, nothing changed. */
const unavailable = (message: string) => new TemporarilyUnavailable(message, 5);

const isOk = (a: PortalAnswer) => String(a.Status) === '1';

function errorsOf(a: PortalAnswer): Array<{ code: string; message: string }> {
  const list = a.ErrorDetails ?? [];
  return list.length
    ? list.map((e) => ({ code: String(e.ErrorCode ?? ''), message: String(e.ErrorMessage ?? '') }))
    : [{ code: 'unknown', message: 'refused' }];
}

/** The IRN of a duplicate answer: InfoDtls DUPIRN carries AckNo, AckDt and Irn. */
function duplicateIrn(a: PortalAnswer): string | null {
  for (const info of a.InfoDtls ?? []) {
    const desc = (typeof info.Desc === 'string' ? safeJson(info.Desc) : info.Desc) as { Irn?: string } | null;
    if (info.InfCd === 'DUPIRN' && desc?.Irn) return desc.Irn;
  }
  return null;
}

function safeJson(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return null;
  }
}

function details(data: unknown): IrnDetails {
  const d = (typeof data === 'string' ? safeJson(data) : data) as Record<string, unknown> | null;
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  const irn = text(d?.Irn);
  const [ackNo, ackDate, qr] = [text(d?.AckNo), text(d?.AckDt), text(d?.SignedQRCode)];
  if (!/^[0-9a-f]{64}$/i.test(irn) || !ackNo || !ackDate || !qr) {
    throw unavailable('The e-invoice portal answered an incomplete registration; nothing was changed, try again.');
  }
  return { irn: irn.toLowerCase(), ackNo, ackDate, signedQrCode: qr, signedInvoice: text(d?.SignedInvoice) || null };
}
