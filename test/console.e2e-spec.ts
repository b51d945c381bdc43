/// <reference lib="dom" />
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Browser, Page } from 'puppeteer';
import { startApp, TestApp } from './support/app-harness';
import { startSmtpSink, SmtpSink } from './support/smtp-sink';
import { startWebhookReceiver, WebhookReceiver } from './support/webhook-receiver';
import { startRelayContext } from './support/relay-context';
import { launchBrowser, screenshots, seriousAxeFindings, submitForm } from './support/console/browser';

/**
 * The web console in a real browser (Debian's Chromium through Puppeteer) on the real API, MariaDB, Redis and an
 * SMTP sink: sign up, verify by the mailed link, the API key, a webhook and its delivery, a sub-user's limits,
 * sign out, CSRF. Every page is photographed at phone and desktop widths and checked with axe-core.
 */
jest.setTimeout(300_000); // a real browser on a shared 2-core machine

describe('web console', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let receiver: WebhookReceiver;
  let browser: Browser;
  let page: Page;
  let base: string;
  const axe: Record<string, string[]> = {};
  const email = 'owner@sharma-traders.example';
  const password = 'Str0ng!Passw0rd';

  /** Opens a console path, photographs it and runs axe on it. */
  async function visit(path: string, name: string): Promise<number> {
    const response = await page.goto(base + path);
    await screenshots(page, name);
    axe[name] = await seriousAxeFindings(page);
    return response?.status() ?? 0;
  }
  async function signIn(username: string, secret: string): Promise<void> {
    await page.goto(`${base}/console/sign-in`);
    expect(await submitForm(page, { username, password: secret })).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/console');
  }
  async function signOut(): Promise<void> {
    await Promise.all([page.waitForNavigation(), page.click('header form button')]);
    expect(new URL(page.url()).pathname).toBe('/console/sign-in');
  }

  beforeAll(async () => {
    smtp = await startSmtpSink();
    receiver = await startWebhookReceiver();
    t = await startApp('console', { CONSOLE_ENABLED: 'on', SMTP_URL: smtp.url, WEBHOOKS_ALLOW_INSECURE: 'on', FREE_SESSIONS: '5', PRO_SESSIONS: '10' });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${((t.app.getHttpServer() as Server).address() as AddressInfo).port}`;
    t.config.publicBaseUrl = base;
    browser = await launchBrowser();
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await receiver?.close();
    await smtp?.close();
  });

  it('signs a business up, verifies its email through the mailed link and signs the owner in on the Free plan', async () => {
    expect(await visit('/console/sign-up', 'sign-up')).toBe(200);
    expect(await submitForm(page, { business_name: 'Sharma Traders', email, password: 'weak', gstin: '27AAPFU0939F1ZX' })).toBe(400);
    const problems = await page.$eval('.problem', (el) => el.textContent ?? '');
    expect(problems).toContain('password must have at least 8 characters');
    expect(problems).toContain('gstin');
    await screenshots(page, 'sign-up-problems');
    expect(await submitForm(page, { business_name: 'Sharma Traders', email, password, gstin: '27AAPFU0939F1ZV' })).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/console/sign-up/sent');
    const [mail] = await smtp.waitFor((m) => m.some((x) => x.subject === 'Verify your email address'));
    const link = /(http:\/\/\S+\/console\/verify#[A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    expect(link).toBeDefined();
    expect(link!.split('#')[0]).toBe(`${base}/console/verify`); // the code rides after #, never sent to the server
    await page.goto(link!);
    await screenshots(page, 'verify');
    axe.verify = await seriousAxeFindings(page);
    expect(page.url()).toBe(`${base}/console/verify`); // the script moved the code into the form
    const [done] = await Promise.all([page.waitForNavigation(), page.$eval('main form', (f) => (f as HTMLFormElement).requestSubmit())]);
    expect(done?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/console');
    const facts = await page.$eval('main', (el) => el.textContent ?? '');
    expect(facts).toContain('Free');
    expect(facts).toContain('of 50');
    await screenshots(page, 'home');
    axe.home = await seriousAxeFindings(page);
  });

  it('sets a session cookie that scripts cannot read, with SameSite, and a CSP without inline script', async () => {
    const cookies = await browser.cookies();
    const session = cookies.find((c) => c.name === 'console_session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/console' });
    const res = await fetch(`${base}/console/sign-in`);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('content-security-policy')).not.toContain('unsafe-inline');
  });

  let apiKey = '';
  it('creates the API key: shown once with a curl, and it answers /v1/me; rotating it refuses the old key at once', async () => {
    expect(await visit('/console/api-key', 'api-key')).toBe(200);
    await page.click('#f-confirm');
    expect(await submitForm(page, {})).toBe(200);
    apiKey = await page.$eval('#new-key', (el) => (el as HTMLInputElement).value);
    expect(apiKey).toMatch(/^ik_/);
    expect(await page.$eval('#curl', (el) => el.textContent)).toContain(`Bearer ${apiKey}`);
    await screenshots(page, 'api-key-new');
    axe['api-key-new'] = await seriousAxeFindings(page);
    const me = await fetch(`${base}/v1/me`, { headers: { Authorization: `Bearer ${apiKey}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { business_name?: string } }).data).toMatchObject({ business_name: 'Sharma Traders' });

    await page.goto(`${base}/console/api-key`);
    expect(await page.$eval('main', (el) => el.textContent)).toContain(`ik_********${apiKey.slice(-4)}`);
    await page.click('#f-confirm');
    expect(await submitForm(page, {})).toBe(200);
    const rotated = await page.$eval('#new-key', (el) => (el as HTMLInputElement).value);
    expect((await fetch(`${base}/v1/me`, { headers: { Authorization: `Bearer ${apiKey}` } })).status).toBe(401);
    expect((await fetch(`${base}/v1/me`, { headers: { Authorization: `Bearer ${rotated}` } })).status).toBe(200);
    apiKey = rotated;
  });

  it('adds a webhook endpoint, shows its secret once, and lists its delivery', async () => {
    expect(await visit('/console/webhooks', 'webhooks')).toBe(200);
    expect(await submitForm(page, { url: `${receiver.url}/hooks`, description: 'Books', events: 'client.*' })).toBe(200);
    expect(await page.$eval('#secret', (el) => (el as HTMLInputElement).value)).toMatch(/^whsec_/);
    await screenshots(page, 'webhook-created');
    const endpointPath = new URL(page.url()).pathname; // the post answered the endpoint's page in place
    expect(endpointPath).toBe('/console/webhooks');
    const id = await page.$eval('form[action$="/rotate-secret"]', (f) => (f as HTMLFormElement).action.split('/').slice(-2)[0]);

    const created = await fetch(`${base}/v1/clients`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Gupta Stores', phone: '9000000001', email: 'accounts@gupta.example' }),
    });
    expect(created.status).toBe(201);
    const relay = await startRelayContext(t.config);
    try {
      await relay.relay.execute();
      await relay.dispatch.execute();
    } finally {
      await relay.close();
    }
    expect(receiver.received.length).toBeGreaterThan(0);
    expect(await visit(`/console/webhooks/${id}`, 'webhook')).toBe(200);
    const log = await page.$eval('main table', (el) => el.textContent ?? '');
    expect(log).toContain('client.created');
    expect(log).toContain('succeeded');
    expect(await page.$eval('#secret', () => true).catch(() => false)).toBe(false); // the secret is not shown again
    const [redelivered] = await Promise.all([page.waitForNavigation(), page.click('main table form button')]);
    expect(redelivered?.status()).toBe(200);
    expect(await page.$$eval('main table tbody tr', (rows) => rows.length)).toBe(2);
    await Promise.all([page.waitForNavigation(), page.click('form[action$="/disable"] button')]);
    expect(await page.$eval('main dl', (el) => el.textContent)).toContain('Disabled');
  });

  it('lets the owner add a sub-user without `api`, who can neither see nor rotate the key', async () => {
    const owner = await t.dataSource.query('SELECT account_id AS id FROM users WHERE username = ?', [email]);
    await t.admin.setPlan(Number(owner[0].id), 'pro', null); // sub-users come with Pro
    expect(await visit('/console/team', 'team')).toBe(200);
    await page.click('#p-invoices');
    expect(await submitForm(page, { username: 'clerk.sharma', password: 'Cl3rk!Passw0rd' })).toBe(200);
    expect(await page.$eval('main table', (el) => el.textContent)).toContain('clerk.sharma');
    expect(await visit('/console/documents', 'documents')).toBe(200);
    await signOut();
    await screenshots(page, 'sign-in');
    axe['sign-in'] = await seriousAxeFindings(page);

    await signIn('clerk.sharma', 'Cl3rk!Passw0rd');
    expect(await page.$$eval('header nav a', (links) => links.map((a) => a.textContent))).not.toContain('API key');
    const res = await page.goto(`${base}/console/api-key`);
    expect(res?.status()).toBe(403);
    expect(await page.$eval('main', (el) => el.textContent)).not.toContain('ik_');
    await screenshots(page, 'forbidden');
    // A hand-made post with the session's own CSRF token is refused too.
    const status = await page.evaluate(async () => {
      const csrf = (document.querySelector('input[name=_csrf]') as HTMLInputElement).value;
      const r = await fetch('/console/api-key/rotate', { method: 'POST', body: new URLSearchParams({ _csrf: csrf, confirm: 'yes' }) });
      return r.status;
    });
    expect(status).toBe(403);
    expect((await fetch(`${base}/v1/me`, { headers: { Authorization: `Bearer ${apiKey}` } })).status).toBe(200); // unchanged
    await signOut();
  });

  it('refuses a form post without its CSRF token, signed in or not', async () => {
    const anonymous = await fetch(`${base}/console/sign-in`, { method: 'POST', body: new URLSearchParams({ username: email, password }) });
    expect(anonymous.status).toBe(403);
    await signIn(email, password);
    const status = await page.evaluate(async () => {
      const r = await fetch('/console/api-key/rotate', { method: 'POST', body: new URLSearchParams({ confirm: 'yes' }) });
      return r.status;
    });
    expect(status).toBe(403);
    expect((await fetch(`${base}/v1/me`, { headers: { Authorization: `Bearer ${apiKey}` } })).status).toBe(200);
  });

  it('signs out: the old session cookie no longer opens a page', async () => {
    const before = (await browser.cookies()).find((c) => c.name === 'console_session')!.value;
    await signOut();
    const res = await fetch(`${base}/console`, { headers: { cookie: `console_session=${before}` }, redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/console/sign-in');
    await visit('/console/forgot', 'forgot');
  });

  it('has no serious or critical accessibility finding on any page', () => {
    expect(Object.keys(axe).length).toBeGreaterThanOrEqual(8);
    expect(Object.entries(axe).filter(([, findings]) => findings.length)).toEqual([]);
  });
});
