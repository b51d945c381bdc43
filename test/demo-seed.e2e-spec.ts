import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { isValidGstin } from '@app/domain/tax';
import { fiscalYearOf, kolkataDate } from '@app/domain/shared/fiscal-year';
import { startApp, TestApp } from './support/app-harness';
import { binary } from './support/binary-body';

const ROOT = path.resolve(__dirname, '..');
const run = promisify(execFile);

/** `npm run demo`'s seeding step as it runs there: the built CLI in a child process, against a listening API. */
describe('demo seeding (built CLI demo:seed, twice)', () => {
  let t: TestApp;
  let baseUrl: string;
  let accountId: number;

  beforeAll(async () => {
    if (!existsSync(path.join(ROOT, 'dist/apps/cli/src/main.js'))) throw new Error('dist/ is missing: run `npm run build` first');
    t = await startApp('demo_seed');
    await t.app.listen(0, '127.0.0.1');
    baseUrl = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    accountId = (await t.createAccount({ name: 'Demo Traders', gstin: '27AAPFU0939F1ZV', plan: 'pro' })).accountId;
  }, 180_000);
  afterAll(() => t?.close());

  /** Runs the seeding with a freshly rotated key (as every demo run does) and returns its JSON line and the key. */
  async function seedOnce(): Promise<{ out: { seeded: boolean; invoice_id: number; share_url: string }; key: string }> {
    const { api_key: key } = await t.admin.rotateKey(accountId);
    const { stdout, stderr } = await run(process.execPath, ['scripts/run.js', 'cli', 'demo:seed', '--url', baseUrl], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent', DEMO_API_KEY: key },
      timeout: 300_000,
    });
    expect(stderr).toBe('');
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(stdout).not.toContain(key);
    return { out: JSON.parse(lines[0]), key };
  }

  const list = async (key: string, resource: string, field: string) => {
    const res = await t.http.get(`/v1/${resource}?limit=200`).set('Authorization', `Bearer ${key}`).expect(200);
    return { total: res.body.data.total as number, rows: res.body.data[field] as Array<Record<string, any>> };
  };

  async function counts(key: string) {
    const [clients, invoices, quotations, proformas, debitNotes, creditNotes, inventory, expenses, recurring] = await Promise.all([
      list(key, 'clients', 'clients'),
      list(key, 'invoices', 'invoices'),
      list(key, 'quotations', 'quotations'),
      list(key, 'proforma-invoices', 'proforma_invoices'),
      list(key, 'debit-notes', 'debit_notes'),
      list(key, 'credit-notes', 'credit_notes'),
      list(key, 'inventory', 'items'),
      list(key, 'expenses', 'expenses'),
      list(key, 'recurring-invoices', 'recurring_invoices'),
    ]);
    return {
      clients: clients.total,
      invoices: invoices.total,
      quotations: quotations.total,
      proformas: proformas.total,
      debitNotes: debitNotes.total,
      creditNotes: creditNotes.total,
      inventory: inventory.total,
      expenses: expenses.total,
      recurring: recurring.total,
    };
  }

  const EXPECTED = { clients: 12, invoices: 12, quotations: 1, proformas: 1, debitNotes: 1, creditNotes: 1, inventory: 4, expenses: 5, recurring: 1 };

  it('seeds the account once with data that obeys the rules, and a second run (new key) seeds nothing', async () => {
    const first = await seedOnce();
    expect(first.out).toMatchObject({ seeded: true, invoice_id: expect.any(Number), share_url: expect.stringMatching(/\/v1\/share\/[A-Za-z0-9_-]+$/) });
    expect(await counts(first.key)).toEqual(EXPECTED);
    const reminders = await t.http.get('/v1/settings/reminders').set('Authorization', `Bearer ${first.key}`).expect(200);
    expect(reminders.body.data).toMatchObject({ enabled: true, steps: expect.arrayContaining([expect.objectContaining({ days_offset: 1 })]) });

    const clients = (await list(first.key, 'clients', 'clients')).rows;
    const registered = clients.filter((c) => c.gstin);
    expect(registered.length).toBeGreaterThanOrEqual(6);
    expect(clients.length - registered.length).toBeGreaterThanOrEqual(3);
    expect(registered.every((c) => isValidGstin(c.gstin) && c.state_code === c.gstin.slice(0, 2))).toBe(true);
    expect(new Set(clients.map((c) => c.state_code)).size).toBeGreaterThanOrEqual(5);

    const invoices = (await list(first.key, 'invoices', 'invoices')).rows;
    expect(new Set(invoices.map((i) => i.payment_status))).toEqual(new Set(['paid', 'partial', 'pending', 'overdue']));
    const thisYear = fiscalYearOf(kolkataDate(new Date()));
    expect(new Set(invoices.map((i) => fiscalYearOf(i.invoice_date)))).toEqual(new Set([thisYear - 1, thisYear]));
    const today = kolkataDate(new Date());
    expect(invoices.filter((i) => i.payment_status === 'overdue').every((i) => i.payment_due_date < today)).toBe(true);
    const stateOf = new Map(clients.map((c) => [c.client_id, c.state_code]));
    expect(invoices.every((i) => i.invoice_type === (stateOf.get(i.client_id) === '27' ? 'local_sale' : 'interstate_sale'))).toBe(true);

    // Every line agrees with the tax rules: amounts, and the rates in force on its document's date (a note: on its invoice's).
    const documents: Array<[string, string, string]> = [
      ['invoices', 'invoices', 'invoice_id'],
      ['quotations', 'quotations', 'quotation_id'],
      ['proforma-invoices', 'proforma_invoices', 'proforma_invoice_id'],
      ['debit-notes', 'debit_notes', 'debit_note_id'],
      ['credit-notes', 'credit_notes', 'credit_note_id'],
    ];
    for (const [resource, field, idKey] of documents) {
      for (const row of (await list(first.key, resource, field)).rows) {
        const doc = (await t.http.get(`/v1/${resource}/${row[idKey]}`).set('Authorization', `Bearer ${first.key}`).expect(200)).body.data;
        expect([resource, row[idKey], doc.tax_warnings.filter((w: { line: number | null }) => w.line !== null)]).toEqual([resource, row[idKey], []]);
        // The demo business has an address and a state, which a tax invoice shows (CGST rule 46(a)).
        expect(doc.tax_warnings.map((w: { code: string }) => w.code)).not.toContain('supplier_address_missing');
      }
    }
    const business = (await t.http.get('/v1/settings/business').set('Authorization', `Bearer ${first.key}`).expect(200)).body.data;
    expect(business).toMatchObject({ business_address: expect.stringContaining('Pune'), state_code: '27' });

    // A few receipts and an advance; every invoice's paid amount is what the payments allocated to it.
    const payments = (await list(first.key, 'payments', 'payments')).rows;
    const receipts = payments.filter((p) => p.source === 'receipt');
    expect(receipts.map((p) => p.mode).sort()).toEqual(['cheque', 'neft', 'upi']);
    const [advance] = receipts.filter((p) => p.unallocated_amount > 0);
    expect(advance).toMatchObject({
      mode: 'cheque',
      amount: 25000,
      unallocated_amount: 25000,
      receipt_number: expect.stringMatching(/^RV\/\d{2}-\d{2}\/0001$/),
    });
    const payer = (await t.http.get(`/v1/clients/${advance.client_id}`).set('Authorization', `Bearer ${first.key}`).expect(200)).body.data;
    expect(payer).toMatchObject({ name: 'Deccan Silk House', credit_balance: 25000 });
    // The advance has its receipt voucher; a client with an overdue invoice owes on its statement.
    const voucher = await t.http
      .get(`/v1/payments/${advance.payment_id}/pdf`)
      .set('Authorization', `Bearer ${first.key}`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(voucher.headers['content-type']).toBe('application/pdf');
    const overdue = invoices.find((i) => i.payment_status === 'overdue')!;
    const owed = (await t.http.get(`/v1/clients/${overdue.client_id}/statement?from=2000-04-01`).set('Authorization', `Bearer ${first.key}`).expect(200)).body
      .data;
    expect(owed.closing_balance).toBeGreaterThan(0);
    const allocated = new Map<number, number>();
    for (const p of payments) {
      const read = (await t.http.get(`/v1/payments/${p.payment_id}`).set('Authorization', `Bearer ${first.key}`).expect(200)).body.data;
      for (const a of read.allocations) allocated.set(a.document_id, Math.round(((allocated.get(a.document_id) ?? 0) + a.amount) * 100) / 100);
    }
    expect(invoices.map((i) => [i.invoice_id, i.paid_amount])).toEqual(invoices.map((i) => [i.invoice_id, allocated.get(i.invoice_id) ?? 0]));

    const items = (await list(first.key, 'inventory', 'items')).rows;
    const movements = await Promise.all(
      items.map(
        async (item) =>
          (await t.http.get(`/v1/inventory/${item.inventory_id}/movements`).set('Authorization', `Bearer ${first.key}`).expect(200)).body.data.movements,
      ),
    );
    const sources = new Set(movements.flat().map((m: { source_type: string }) => m.source_type));
    expect(sources).toEqual(new Set(['opening', 'adjustment', 'invoice']));

    const second = await seedOnce();
    expect(second.key).not.toBe(first.key);
    await t.http.get('/v1/me').set('Authorization', `Bearer ${first.key}`).expect(401);
    expect(second.out).toEqual({ seeded: false, invoice_id: first.out.invoice_id, share_url: first.out.share_url });
    expect(await counts(second.key)).toEqual(EXPECTED);
  }, 600_000);

  it('the printed share URL serves the PDF without a key', async () => {
    const { out } = await seedOnce();
    const res = await t.http.get(new URL(out.share_url).pathname).buffer(true).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(Buffer.from(res.body).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 300_000);
});
