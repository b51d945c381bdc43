import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as forge from 'node-forge';

/** Test doubles of the App Store Server API, the Play Developer API, Google's token endpoint and OIDC certificates. */

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function rsaKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    privatePem,
    forgePrivate: forge.pki.privateKeyFromPem(privatePem),
    forgePublic: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  };
}

const MARKER = forge.asn1.toDer(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.NULL, false, '')).getBytes();

function certificate(
  subject: string,
  keys: ReturnType<typeof rsaKeys>,
  issuer: { name: string; key: forge.pki.rsa.PrivateKey },
  extensions: object[],
  serial: string,
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.forgePublic;
  cert.serialNumber = serial;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 86_400_000);
  cert.setSubject([{ name: 'commonName', value: subject }]);
  cert.setIssuer([{ name: 'commonName', value: issuer.name }]);
  cert.setExtensions(extensions);
  cert.sign(issuer.key, forge.md.sha256.create());
  return cert;
}

const der = (cert: forge.pki.Certificate) => Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');

/**
 * A certificate chain shaped like Apple's: a root, an intermediate carrying Apple's intermediate OID
 * (1.2.840.113635.100.6.2.1) and a leaf carrying the App Store receipt-signing OID
 * (1.2.840.113635.100.6.11.1), which SignedDataVerifier checks. `rootPath` is configured as the trusted root.
 */
export class TestAppleChain {
  readonly rootPath: string;
  private readonly leafKey: string;
  private readonly x5c: string[];

  constructor(dir: string, name = 'Test Root CA') {
    const rootKeys = rsaKeys();
    const root = certificate(name, rootKeys, { name, key: rootKeys.forgePrivate }, [{ name: 'basicConstraints', cA: true }], '01');
    const interKeys = rsaKeys();
    const inter = certificate(
      `${name} Intermediate`,
      interKeys,
      { name, key: rootKeys.forgePrivate },
      [
        { name: 'basicConstraints', cA: true },
        { id: '1.2.840.113635.100.6.2.1', value: MARKER },
      ],
      '02',
    );
    const leafKeys = rsaKeys();
    const leaf = certificate(
      `${name} Leaf`,
      leafKeys,
      { name: `${name} Intermediate`, key: interKeys.forgePrivate },
      [{ id: '1.2.840.113635.100.6.11.1', value: MARKER }],
      '03',
    );
    this.rootPath = join(dir, `${name.replace(/\W+/g, '-')}.cer`);
    writeFileSync(this.rootPath, der(root));
    this.leafKey = leafKeys.privatePem;
    this.x5c = [der(leaf), der(inter), der(root)].map((d) => d.toString('base64'));
  }

  /** A JWS signed by the leaf, with the chain in `x5c`. */
  sign(payload: object): string {
    const unsigned = `${b64url(JSON.stringify({ alg: 'RS256', x5c: this.x5c }))}.${b64url(JSON.stringify(payload))}`;
    return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(this.leafKey, 'base64url')}`;
  }
}

/** Replaces a JWS's payload and keeps its header and signature (a forgery). */
export function tamper(jws: string, payload: object): string {
  const [header, , signature] = jws.split('.');
  return `${header}.${b64url(JSON.stringify(payload))}.${signature}`;
}

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

async function listen(handler: Handler): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export interface AppleSubscription {
  originalTransactionId: string;
  productId: string;
  expiresDate: number;
  /** App Store status: 1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked. */
  status: number;
  autoRenew: boolean;
  gracePeriodExpiresDate?: number;
  revocationDate?: number;
}

/** The App Store Server API: transaction info and subscription statuses, answers signed by the test chain. */
export class FakeAppStore {
  readonly subscriptions = new Map<string, AppleSubscription>();
  /** transactionId -> originalTransactionId */
  readonly transactions = new Map<string, string>();
  failing = false;
  requests = 0;
  url = '';
  private server: Server | null = null;

  constructor(
    private readonly chain: TestAppleChain,
    readonly bundleId: string,
  ) {}

  async start(): Promise<this> {
    const started = await listen((req, _body, res) => this.handle(req, res));
    this.server = started.server;
    this.url = started.url;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  /** A purchase: its first transaction id is the original one. */
  buy(sub: AppleSubscription, transactionId = sub.originalTransactionId): void {
    this.subscriptions.set(sub.originalTransactionId, sub);
    this.transactions.set(transactionId, sub.originalTransactionId);
  }

  transactionPayload(sub: AppleSubscription, transactionId = sub.originalTransactionId) {
    return {
      transactionId,
      originalTransactionId: sub.originalTransactionId,
      bundleId: this.bundleId,
      productId: sub.productId,
      purchaseDate: sub.expiresDate - 30 * 86_400_000,
      expiresDate: sub.expiresDate,
      type: 'Auto-Renewable Subscription',
      environment: 'Sandbox',
      signedDate: Date.now(),
      ...(sub.revocationDate ? { revocationDate: sub.revocationDate, revocationReason: 0 } : {}),
    };
  }

  renewalPayload(sub: AppleSubscription) {
    return {
      originalTransactionId: sub.originalTransactionId,
      autoRenewProductId: sub.productId,
      productId: sub.productId,
      autoRenewStatus: sub.autoRenew ? 1 : 0,
      environment: 'Sandbox',
      signedDate: Date.now(),
      ...(sub.gracePeriodExpiresDate ? { gracePeriodExpiresDate: sub.gracePeriodExpiresDate } : {}),
    };
  }

  /** A signed App Store Server Notification V2 about the subscription. */
  notification(sub: AppleSubscription, type: string, subtype?: string, uuid: string = randomUUID(), bundleId = this.bundleId): string {
    return this.chain.sign({
      notificationType: type,
      ...(subtype ? { subtype } : {}),
      notificationUUID: uuid,
      version: '2.0',
      signedDate: Date.now(),
      data: {
        bundleId,
        environment: 'Sandbox',
        signedTransactionInfo: this.chain.sign(this.transactionPayload(sub)),
        signedRenewalInfo: this.chain.sign(this.renewalPayload(sub)),
      },
    });
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    this.requests++;
    if (!/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/.test(req.headers.authorization ?? '')) return json(res, 401, { errorCode: 4010000 });
    if (this.failing) return json(res, 500, { errorCode: 5000000, errorMessage: 'An unknown error occurred.' });
    const path = (req.url ?? '').split('?')[0];
    // The App Store answers a malformed transaction id with 400 InvalidTransactionId (4000006), never by hanging.
    const ids = [...path.matchAll(/\/(?:transactions|subscriptions)\/([^/]+)/g)].map((m) => m[1]);
    if (ids.some((raw) => decodedOrNull(raw) === null)) return json(res, 400, { errorCode: 4000006, errorMessage: 'Invalid transaction id.' });
    const tx = /^\/inApps\/v1\/transactions\/([^/]+)$/.exec(path);
    if (tx) {
      const original = this.transactions.get(decodeURIComponent(tx[1]));
      const sub = original ? this.subscriptions.get(original) : undefined;
      if (!sub) return json(res, 404, { errorCode: 4040010, errorMessage: 'Transaction id not found.' });
      return json(res, 200, { signedTransactionInfo: this.chain.sign(this.transactionPayload(sub, decodeURIComponent(tx[1]))) });
    }
    const status = /^\/inApps\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (status) {
      const original = this.transactions.get(decodeURIComponent(status[1]));
      const sub = original ? this.subscriptions.get(original) : undefined;
      if (!sub) return json(res, 404, { errorCode: 4040010, errorMessage: 'Transaction id not found.' });
      return json(res, 200, {
        environment: 'Sandbox',
        bundleId: this.bundleId,
        data: [
          {
            subscriptionGroupIdentifier: 'pro',
            lastTransactions: [
              {
                status: sub.status,
                originalTransactionId: sub.originalTransactionId,
                signedTransactionInfo: this.chain.sign(this.transactionPayload(sub)),
                signedRenewalInfo: this.chain.sign(this.renewalPayload(sub)),
              },
            ],
          },
        ],
      });
    }
    json(res, 404, { errorCode: 4040000 });
  }
}

export interface PlayPurchase {
  productId: string;
  expiryTime: number;
  state: string;
  autoRenew: boolean;
  linkedPurchaseToken?: string;
  acknowledged?: boolean;
}

/**
 * Google's side for Android: the service-account token endpoint (`/token`), the Play Developer API under
 * `/androidpublisher/v3/...` (only with the token it issued) and the OIDC certificates (`/oauth2/v1/certs`)
 * with which it signs Pub/Sub push tokens.
 */
export class FakeGoogle {
  readonly purchases = new Map<string, PlayPurchase>();
  readonly acknowledged: string[] = [];
  failing = false;
  tokenRequests = 0;
  url = '';
  private server: Server | null = null;
  private readonly accessToken = `ya29.${randomUUID()}`;
  private readonly oidc = rsaKeys();
  private readonly oidcCert: string;
  readonly serviceAccountKey = rsaKeys();

  constructor(readonly packageName: string) {
    this.oidcCert = forge.pki.certificateToPem(certificate('oidc', this.oidc, { name: 'oidc', key: this.oidc.forgePrivate }, [], '05'));
  }

  async start(): Promise<this> {
    const started = await listen((req, body, res) => this.handle(req, body, res));
    this.server = started.server;
    this.url = started.url;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  /** A service-account key file whose token_uri is this server. */
  writeServiceAccount(dir: string): string {
    const path = join(dir, 'play-service-account.json');
    writeFileSync(
      path,
      JSON.stringify({
        type: 'service_account',
        client_email: 'billing@test-project.iam.gserviceaccount.com',
        private_key_id: 'key-1',
        private_key: this.serviceAccountKey.privatePem,
        token_uri: `${this.url}/token`,
      }),
    );
    return path;
  }

  /** An OIDC token as Pub/Sub signs it for a push subscription. */
  pushToken(claims: { aud: string; email: string; iss?: string; exp?: number }, signWith = this.oidc.privatePem): string {
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64url(JSON.stringify({ alg: 'RS256', kid: 'oidc-1', typ: 'JWT' }))}.${b64url(
      JSON.stringify({ iss: 'https://accounts.google.com', sub: '1234567890', email_verified: true, iat: now, exp: now + 3600, ...claims }),
    )}`;
    return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(signWith, 'base64url')}`;
  }

  /** A Pub/Sub push body with a subscription notification. */
  push(token: string, notificationType: number, messageId: string = randomUUID(), packageName = this.packageName) {
    const data = {
      version: '1.0',
      packageName,
      eventTimeMillis: String(Date.now()),
      subscriptionNotification: { version: '1.0', notificationType, purchaseToken: token },
    };
    return {
      message: { data: Buffer.from(JSON.stringify(data)).toString('base64'), messageId, publishTime: new Date().toISOString() },
      subscription: 'projects/p/subscriptions/play',
    };
  }

  private handle(req: IncomingMessage, body: string, res: ServerResponse): void {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/oauth2/v1/certs') return json(res, 200, { 'oidc-1': this.oidcCert });
    if (path === '/token' && req.method === 'POST') {
      this.tokenRequests++;
      const assertion = new URLSearchParams(body).get('assertion') ?? '';
      if (assertion.split('.').length !== 3) return json(res, 400, { error: 'invalid_grant' });
      return json(res, 200, { access_token: this.accessToken, expires_in: 3600, token_type: 'Bearer' });
    }
    if (req.headers.authorization !== `Bearer ${this.accessToken}`) return json(res, 401, { error: { code: 401, message: 'unauthenticated' } });
    if (this.failing) return json(res, 503, { error: { code: 503, message: 'backend error' } });
    const base = `/androidpublisher/v3/applications/${this.packageName}/purchases/`;
    const get = new RegExp(`^${base}subscriptionsv2/tokens/([^/]+)$`).exec(path);
    if (get && req.method === 'GET') {
      const token = decodeURIComponent(get[1]);
      const p = this.purchases.get(token);
      if (!p) return json(res, 404, { error: { code: 404, message: 'The purchase token was not found.' } });
      return json(res, 200, {
        kind: 'androidpublisher#subscriptionPurchaseV2',
        subscriptionState: p.state,
        acknowledgementState: p.acknowledged ? 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED' : 'ACKNOWLEDGEMENT_STATE_PENDING',
        ...(p.linkedPurchaseToken ? { linkedPurchaseToken: p.linkedPurchaseToken } : {}),
        lineItems: [{ productId: p.productId, expiryTime: new Date(p.expiryTime).toISOString(), autoRenewingPlan: { autoRenewEnabled: p.autoRenew } }],
      });
    }
    const ack = new RegExp(`^${base}subscriptions/([^/]+)/tokens/([^/:]+):acknowledge$`).exec(path);
    if (ack && req.method === 'POST') {
      const token = decodeURIComponent(ack[2]);
      const p = this.purchases.get(token);
      if (!p) return json(res, 404, { error: { code: 404 } });
      p.acknowledged = true;
      this.acknowledged.push(token);
      res.writeHead(204);
      res.end();
      return;
    }
    json(res, 404, { error: { code: 404, message: `no route ${path}` } });
  }
}

/** A temporary directory for key files. */
export function keyDir(): string {
  return mkdtempSync(join(tmpdir(), 'store-keys-'));
}

/** An EC P-256 private key file as App Store Connect issues them (the API client signs its bearer tokens with it). */
export function writeAppleApiKey(dir: string): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const path = join(dir, 'AuthKey_TEST.p8');
  writeFileSync(path, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  return path;
}

export interface StoreFakes {
  chain: TestAppleChain;
  apple: FakeAppStore;
  google: FakeGoogle;
  /** The app's store-billing settings pointing at the fakes (merge them into the app's environment). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Both stores' fakes started, with the settings that make the app's store billing configured against them:
 * App Store answers signed by a test chain the app trusts, Play's token endpoint, API and OIDC certificates.
 */
export async function startStoreFakes(bundleId: string, push: { audience: string; serviceAccount: string }): Promise<StoreFakes> {
  const dir = keyDir();
  const chain = new TestAppleChain(dir);
  const apple = new FakeAppStore(chain, bundleId);
  const google = new FakeGoogle(bundleId);
  await Promise.all([apple.start(), google.start()]);
  return {
    chain,
    apple,
    google,
    env: {
      APPSTORE_BUNDLE_ID: bundleId,
      APPSTORE_ENVIRONMENT: 'Sandbox',
      APPSTORE_ROOT_CERTS: chain.rootPath,
      APPSTORE_ONLINE_CHECKS: 'off',
      APPSTORE_ISSUER_ID: '57246542-96fe-1a63-e053-0824d011072a',
      APPSTORE_KEY_ID: 'TESTKEY123',
      APPSTORE_PRIVATE_KEY_PATH: writeAppleApiKey(dir),
      APPSTORE_API_URL: apple.url,
      PLAY_PACKAGE_NAME: bundleId,
      PLAY_SERVICE_ACCOUNT_PATH: google.writeServiceAccount(dir),
      PLAY_API_URL: google.url,
      PLAY_PUSH_AUDIENCE: push.audience,
      PLAY_PUSH_SERVICE_ACCOUNT: push.serviceAccount,
      GOOGLE_OIDC_CERTS_URL: `${google.url}/oauth2/v1/certs`,
      STORE_TIMEOUT_MS: '5000',
      PRODUCT_ID_MONTHLY: 'pro_monthly',
      PRODUCT_ID_YEARLY: 'pro_yearly',
    },
    stop: async () => {
      await Promise.all([apple.stop(), google.stop()]);
    },
  };
}

/** decodeURIComponent, or null for a malformed escape such as a lone `%`. */
function decodedOrNull(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}
