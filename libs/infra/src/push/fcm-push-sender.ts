import { JWT } from 'google-auth-library';
import { PushMessage, PushOutcome, PushSender } from '@app/domain/notifications/push.port';

/** The fields of a service-account JSON key that FCM needs. */
export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri?: string;
}

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const DEAD_TOKEN = new Set(['UNREGISTERED', 'INVALID_ARGUMENT']);

interface FcmErrorBody {
  error?: { status?: string; message?: string; details?: Array<{ errorCode?: string }> };
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * PushSender on FCM HTTP v1: `POST {baseUrl}/v1/projects/{project}/messages:send` with an OAuth access
 * token that google-auth-library's JWT client gets for the service account (and caches until it
 * expires). The client posts to Google's token endpoint; when the key's `token_uri` names another one
 * (a private deployment, the tests' fake), a request interceptor sends it there instead.
 */
export class FcmPushSender extends PushSender {
  readonly enabled = true;
  private readonly jwt: JWT;

  constructor(
    private readonly account: ServiceAccount,
    private readonly baseUrl: string,
    private readonly timeoutMs = 10_000,
  ) {
    super();
    // Node's own fetch, so gaxios does not load its node-fetch fallback through a dynamic import.
    this.jwt = new JWT({ email: account.client_email, key: account.private_key, scopes: [FCM_SCOPE], transporterOptions: { fetchImplementation: fetch } });
    const tokenUri = account.token_uri;
    if (tokenUri && tokenUri !== GOOGLE_TOKEN_URL) {
      this.jwt.transporter.interceptors.request.add({
        resolved: (options) => {
          if (String(options.url) === GOOGLE_TOKEN_URL) options.url = new URL(tokenUri);
          return Promise.resolve(options);
        },
      });
    }
  }

  async send(token: string, message: PushMessage): Promise<PushOutcome> {
    let accessToken: string;
    try {
      accessToken = (await this.jwt.getAccessToken()).token ?? '';
      if (!accessToken) return { outcome: 'retry', error: 'no access token', retryAfterMs: null };
    } catch (err) {
      return { outcome: 'retry', error: `access token: ${(err as Error).message}`, retryAfterMs: null };
    }
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/v1/projects/${encodeURIComponent(this.account.project_id)}/messages:send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: { token, notification: { title: message.title, body: message.body }, data: message.data } }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      return { outcome: 'retry', error: `FCM unreachable: ${(err as Error).message}`, retryAfterMs: null };
    }
    if (res.ok) {
      await res.body?.cancel();
      return { outcome: 'sent' };
    }
    const body = (await res.json().catch(() => ({}))) as FcmErrorBody;
    const codes = [body.error?.status, ...(body.error?.details ?? []).map((d) => d.errorCode)].filter((c): c is string => !!c);
    const error = `FCM ${res.status} ${codes.join('/')}`.trim();
    if (res.status === 429 || res.status >= 500) return { outcome: 'retry', error, retryAfterMs: retryAfterMs(res.headers.get('retry-after')) };
    if (codes.some((c) => DEAD_TOKEN.has(c))) return { outcome: 'unregistered', error };
    return { outcome: 'failed', error };
  }
}

/** Without FCM credentials: notifications are made, pushes are skipped (the worker says so once at start). */
export class DisabledPushSender extends PushSender {
  readonly enabled = false;
  send(): Promise<PushOutcome> {
    return Promise.resolve({ outcome: 'failed', error: 'push is not configured' });
  }
}
