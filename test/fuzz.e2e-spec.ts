import fc from 'fast-check';
import { startApp, TestAccount, TestApp } from './support/app-harness';
import { requestPlans } from './support/fuzz/arbitraries';
import { formatHistogram, fuzzApi } from './support/fuzz/fuzz-runner';
import { OpenApiDocument, operationsOf, resolve } from './support/fuzz/openapi-operations';
import { startStoreFakes, StoreFakes } from './support/store-fakes';

/**
 * Every operation of /v1/openapi.json, fuzzed with fast-check (seeded): bodies from the schemas and
 * mutations of them, path ids of the caller's records, of another account's and garbage, as owner,
 * sub-user, another account and anonymous. `npm run fuzz` runs 20,000 requests and prints the
 * histogram and the process RSS; `npm test` runs 2,000. Store billing is configured against the stores'
 * local fakes, so its operations answer what they answer in production (no 503 not_configured): every
 * 5xx is a failure.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 19);
const REPORT = process.env.FUZZ_REPORT === '1';
const PASSWORD = 'Fuzz!Owner7q';

function rssMb(): number {
  (global as { gc?: () => void }).gc?.();
  return Math.round((process.memoryUsage().rss / 1024 / 1024) * 10) / 10;
}

describe('fuzzing every operation of the OpenAPI document', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let stores: StoreFakes;

  beforeAll(async () => {
    stores = await startStoreFakes('in.example.invoicing', {
      audience: 'https://billing.example.test/push',
      serviceAccount: 'pubsub-push@test-project.iam.gserviceaccount.com',
    });
    t = await startApp('fuzz', { PRO_SESSIONS: '1000', ...stores.env });
    a = await t.createAccount({ name: 'Fuzz A', username: 'fuzz_owner_a', password: PASSWORD });
    b = await t.createAccount({ name: 'Fuzz B', username: 'fuzz_owner_b', password: PASSWORD });
  });
  afterAll(async () => {
    await t.close();
    await stores.stop();
  });

  it('the requests carry the fields the tax rules read, valid and not, and dates outside 2000-2099', async () => {
    const doc = (await t.http.get('/v1/openapi.json').expect(200)).body as OpenApiDocument;
    const plans = fc.sample(
      requestPlans(operationsOf(doc), (x) => resolve(doc, x)),
      { seed: SEED, numRuns: REQUESTS },
    );
    // Every value sent under each field name, in every body (nested lines included).
    const sent = new Map<string, unknown[]>();
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) {
          sent.set(k, [...(sent.get(k) ?? []), v]);
          walk(v);
        }
      }
    };
    for (const plan of plans) if (plan.body.kind === 'json') walk(plan.body.value);
    const values = (field: string) => (sent.get(field) ?? []).map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : null));
    const some = (field: string, test: (v: string) => boolean) => values(field).some((v) => v !== null && test(v));
    const num = (v: string) => Number(v);
    expect(some('cess_rate', (v) => num(v) >= 0 && num(v) <= 290)).toBe(true);
    expect(some('cess_rate', (v) => num(v) > 290)).toBe(true);
    expect(some('cess_amount', (v) => num(v) > 0)).toBe(true);
    expect(some('exchange_rate', (v) => num(v) > 0)).toBe(true);
    expect(some('exchange_rate', (v) => num(v) <= 0)).toBe(true);
    expect(some('discount_value', (v) => num(v) > 0 && num(v) <= 100)).toBe(true);
    expect(values('discount_type')).toEqual(expect.arrayContaining(['percentage', 'fixed']));
    expect(some('delivery_address', (v) => v.length > 0 && v.length <= 500)).toBe(true);
    expect(some('destination_country', (v) => /^[A-Z]{2}$/i.test(v) && v.toUpperCase() !== 'IN')).toBe(true);
    expect(some('destination_country', (v) => v.toUpperCase() === 'IN')).toBe(true);
    for (const field of ['invoice_date', 'credit_note_date', 'debit_note_date', 'quotation_date', 'expense_date', 'payment_date']) {
      expect([field, some(field, (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && v < '2000-01-01')]).toEqual([field, true]);
      expect([field, some(field, (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= '2000-01-01' && v <= '2099-12-31')]).toEqual([field, true]);
    }
  });

  it(
    `${REQUESTS} seeded requests: no 5xx, every answer in the envelope with a known code, no write on a 4xx`,
    async () => {
      const rss: Array<[number, number]> = [];
      const report = await fuzzApi(
        t,
        { a, b, username: 'fuzz_owner_a', password: PASSWORD },
        {
          requests: REQUESTS,
          seed: SEED,
          progress: (done) => {
            rss.push([done, rssMb()]);
            if (REPORT) process.stdout.write(`${done} requests, RSS ${rss[rss.length - 1][1]} MB\n`);
          },
        },
      );
      if (REPORT) {
        process.stdout.write(`\n${formatHistogram(report)}\n`);
        if (rss.length > 1) {
          const [, first] = rss[0];
          const [, last] = rss[rss.length - 1];
          process.stdout.write(
            `API process RSS after the first 1,000 requests ${first} MB, after ${REQUESTS}: ${last} MB (${(((last - first) / first) * 100).toFixed(1)}%)\n`,
          );
          expect(last).toBeLessThanOrEqual(first * 1.1);
        }
      }
      expect(report.failures.slice(0, 20)).toEqual([]);
      expect(report.unreached).toEqual([]);
    },
    300_000 + REQUESTS * 500, // generous for a loaded machine: about 60 ms a request is usual
  );
});
