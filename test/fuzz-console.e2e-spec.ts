import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import fc from 'fast-check';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { consoleSignIn, ConsoleHttp, formBody } from './support/console/console-client';

/**
 * The web console's forms, fuzzed with fast-check (seeded): every form's fields (and unknown ones) with strings of
 * any kind — empty, huge, control characters, other scripts, markup — repeated names, and ids of the caller's
 * records, another account's and garbage in the URLs. Signed in with a valid CSRF token, so the answers come from
 * the pages themselves: never a 5xx, always an HTML page or a redirect, and nothing sent comes back unescaped.
 */
const RUNS = Number(process.env.FUZZ_CONSOLE_RUNS ?? 120);
const SEED = Number(process.env.FUZZ_SEED ?? 19);
const PASSWORD = 'Fuzz!Owner7q';
const MARKUP = '<script>x</script>';

const FORMS: Array<{ path: string; fields: string[] }> = [
  { path: '/console/api-key/rotate', fields: ['confirm'] },
  { path: '/console/team', fields: ['username', 'password', 'permissions'] },
  { path: '/console/team/{id}', fields: ['permissions'] },
  { path: '/console/team/{id}/delete', fields: ['confirm'] },
  { path: '/console/webhooks', fields: ['url', 'description', 'events'] },
  { path: '/console/webhooks/{id}/rotate-secret', fields: [] },
  { path: '/console/webhooks/{id}/disable', fields: [] },
  { path: '/console/webhooks/{id}/deliveries/{id}/redeliver', fields: [] },
];
const ANONYMOUS = ['/console/sign-up', '/console/sign-in', '/console/verify', '/console/forgot', '/console/reset'];
const QUERY_PAGES = ['/console/documents', '/console/exports/gstr1'];

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', 'yes', '*', 'clients', 'api', 'https://example.com/hook', 'http://169.254.169.254/', MARKUP, 'Aa1!aaaa', '27AAPFU0939F1ZV'),
  fc.string({ minLength: 3000, maxLength: 5000 }),
);
const id = fc.oneof(fc.constantFrom('1', '2', '0', '-1', '99999999999', 'abc', '1e3', '%2e%2e'), fc.nat({ max: 50 }).map(String));
const values = fc.oneof(text, fc.array(text, { maxLength: 3 }));

jest.setTimeout(600_000);

describe('fuzzing the web console’s forms', () => {
  let t: TestApp;
  let a: TestAccount;
  let base: string;
  let owner: ConsoleHttp;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    t = await startApp('fuzz_console', { CONSOLE_ENABLED: 'on', PRO_SESSIONS: '100', WEBHOOKS_ALLOW_INSECURE: 'on' });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${((t.app.getHttpServer() as Server).address() as AddressInfo).port}`;
    a = await t.createAccount({ name: 'Fuzz A', username: 'fuzz_console_a', password: PASSWORD });
    await t.createAccount({ name: 'Fuzz B', username: 'fuzz_console_b', password: PASSWORD });
    owner = await consoleSignIn(base, 'fuzz_console_a', PASSWORD);
  });
  afterAll(async () => {
    process.stdout.write(`console fuzz: ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}\n`);
    await t?.close();
  });

  function check(res: Response, body: string, what: string): void {
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (res.status >= 500) throw new Error(`${what} -> ${res.status}`);
    // A path no console route matches (an id such as `%2e%2e`, which the URL resolves away) is the API's JSON 404.
    if (res.status !== 303 && res.status !== 404 && !(res.headers.get('content-type') ?? '').startsWith('text/html'))
      throw new Error(`${what} -> ${res.headers.get('content-type')}`);
    if (body.includes(MARKUP)) throw new Error(`${what} echoed markup unescaped`);
  }

  it('signed-in forms: never a 5xx, always a page or a redirect, nothing echoed unescaped', async () => {
    const plan = fc.record({
      form: fc.constantFrom(...FORMS),
      ids: fc.array(id, { minLength: 2, maxLength: 2 }),
      values: fc.dictionary(fc.constantFrom('username', 'password', 'permissions', 'url', 'events', 'description', 'confirm', 'stray'), values),
    });
    await fc.assert(
      fc.asyncProperty(plan, async ({ form, ids, values: fields }) => {
        let n = 0;
        const path = form.path.replace(/\{id\}/g, () => ids[n++]);
        const res = await owner.post(path, fields);
        check(res, await res.text(), `POST ${path} ${JSON.stringify(fields).slice(0, 200)}`);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(statuses.get(500)).toBeUndefined();
  });

  it('anonymous forms and the list filters: never a 5xx', async () => {
    const page = await fetch(`${base}/console/sign-in`);
    const csrfCookie = page.headers.getSetCookie()[0].split(';')[0];
    const csrf = /name="_csrf" value="([^"]*)"/.exec(await page.text())![1];
    const plan = fc.record({
      path: fc.constantFrom(...ANONYMOUS),
      values: fc.dictionary(fc.constantFrom('business_name', 'email', 'password', 'gstin', 'username', 'code', 'confirm_password', 'stray'), values),
    });
    await fc.assert(
      fc.asyncProperty(plan, async ({ path, values: fields }) => {
        const res = await fetch(base + path, {
          method: 'POST',
          headers: { cookie: csrfCookie },
          body: formBody({ _csrf: csrf, ...fields }),
          redirect: 'manual',
        });
        check(res, await res.text(), `POST ${path} ${JSON.stringify(fields).slice(0, 200)}`);
      }),
      { seed: SEED, numRuns: Math.ceil(RUNS / 3), endOnFailure: true },
    );
    const query = fc.record({
      path: fc.constantFrom(...QUERY_PAGES),
      q: fc.dictionary(fc.constantFrom('fy', 'status', 'client_id', 'search', 'offset', 'period', 'format'), text),
    });
    await fc.assert(
      fc.asyncProperty(query, async ({ path, q }) => {
        const url = `${path}?${new URLSearchParams(q).toString()}`;
        const res = await owner.get(url);
        const ok = res.status === 200 && !(res.headers.get('content-type') ?? '').startsWith('text/html');
        if (!ok) check(res, await res.text(), `GET ${url}`);
        else statuses.set(200, (statuses.get(200) ?? 0) + 1);
      }),
      { seed: SEED, numRuns: Math.ceil(RUNS / 3), endOnFailure: true },
    );
    expect(a.accountId).toBeGreaterThan(0);
  });
});
