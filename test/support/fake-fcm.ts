import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server } from 'node:http';

export interface FcmRequest {
  token: string;
  title: string;
  body: string;
  data: Record<string, string>;
  status: number;
}

export interface FcmAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Decides the answer to the `attempt`-th message (1-based) sent to a device token; null: 200. */
export type FcmScript = (token: string, attempt: number) => FcmAnswer | null;

export interface FakeFcm {
  url: string;
  /** A service-account JSON key whose token_uri points at this server (its RSA key made here). */
  serviceAccountJson: string;
  requests: FcmRequest[];
  tokensIssued: number;
  script: FcmScript | null;
  to(token: string): FcmRequest[];
  close(): Promise<void>;
}

export const fcmError = (status: number, code: string, statusText = code): FcmAnswer => ({
  status,
  body: {
    error: { code: status, message: code, status: statusText, details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: code }] },
  },
});

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

/**
 * A local stand-in for Google's OAuth token endpoint and FCM HTTP v1: the token endpoint checks the
 * service account's RS256 assertion against the public key; messages:send needs a token it issued.
 */
export async function startFakeFcm(project = 'invoicing-test'): Promise<FakeFcm> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const issued = new Set<string>();
  const attempts = new Map<string, number>();
  const fake: FakeFcm = {
    url: '',
    serviceAccountJson: '',
    requests: [],
    tokensIssued: 0,
    script: null,
    to: (token) => fake.requests.filter((r) => r.token === token),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && req.url === '/token') {
        const form = new URLSearchParams(text);
        const [header, payload, signature] = (form.get('assertion') ?? '').split('.');
        const verifier = createVerify('RSA-SHA256');
        verifier.update(`${header}.${payload}`);
        const claims = payload ? (JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>) : {};
        if (!signature || !verifier.verify(publicKey, Buffer.from(signature, 'base64url')) || !String(claims.scope).includes('firebase.messaging')) {
          return reply(400, { error: 'invalid_grant', error_description: 'bad assertion' });
        }
        const access = `ya29.fake-${randomBytes(8).toString('hex')}`;
        issued.add(access);
        fake.tokensIssued++;
        return reply(200, { access_token: access, expires_in: 3600, token_type: 'Bearer' });
      }
      if (req.method === 'POST' && req.url === `/v1/projects/${project}/messages:send`) {
        const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
        if (!auth || !issued.has(auth[1])) return reply(401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
        const message = (JSON.parse(text) as { message: { token: string; notification: { title: string; body: string }; data: Record<string, string> } })
          .message;
        const attempt = (attempts.get(message.token) ?? 0) + 1;
        attempts.set(message.token, attempt);
        const answer = fake.script?.(message.token, attempt) ?? { status: 200, body: { name: `projects/${project}/messages/${attempt}` } };
        fake.requests.push({
          token: message.token,
          title: message.notification.title,
          body: message.notification.body,
          data: message.data,
          status: answer.status,
        });
        return reply(answer.status, answer.body ?? {}, answer.headers);
      }
      reply(404, { error: 'not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  fake.url = `http://127.0.0.1:${port}`;
  fake.serviceAccountJson = JSON.stringify({
    type: 'service_account',
    project_id: project,
    private_key_id: 'test',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: `push@${project}.iam.gserviceaccount.com`,
    token_uri: `${fake.url}/token`,
  });
  return fake;
}

/** Polls `check` until it is true (or throws after `timeoutMs` with `what`). */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
