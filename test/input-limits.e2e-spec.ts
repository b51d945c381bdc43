import { startApp, TestAccount, TestApp } from './support/app-harness';
import { mobile } from './support/mobile-auth';
import { countRows, createClient, line } from './support/sales-document-helpers';

const STRONG = 'Str0ng!pass';

/** Resource limits on request bodies, and `null` where a field may only be left out. */
describe('input limits', () => {
  let t: TestApp;
  let a: TestAccount;
  let clientId: number;

  beforeAll(async () => {
    t = await startApp('input_limits');
    a = await t.createAccount({ name: 'Limits', username: 'limits_owner', password: STRONG });
    clientId = await createClient(t, a);
  });
  afterAll(() => t.close());

  const lines = (n: number) => Array.from({ length: n }, (_, i) => line(`Item ${i + 1}`, 1, 10));
  const noteLines = (n: number) => Array.from({ length: n }, (_, i) => ({ description: `Line ${i + 1}`, amount: 1 }));

  const creates: Array<[string, string, (items: unknown[]) => object, (n: number) => unknown[]]> = [
    ['invoices', 'invoices', (items) => ({ client_id: clientId, invoice_date: '2025-05-01', payment_due_date: '2025-05-31', items }), lines],
    ['quotations', 'quotations', (items) => ({ client_id: clientId, quotation_date: '2025-05-01', items }), lines],
    ['proforma-invoices', 'proforma_invoices', (items) => ({ client_id: clientId, proforma_date: '2025-05-01', items }), lines],
    ['debit-notes', 'debit_notes', (items) => ({ client_id: clientId, debit_note_date: '2025-05-01', items }), noteLines],
    ['credit-notes', 'credit_notes', (items) => ({ client_id: clientId, credit_note_date: '2025-05-01', items }), noteLines],
  ];

  it.each(creates)('%s: more than 500 lines is 400 validation_error on items, and nothing is written', async (path, table, body, make) => {
    const before = await countRows(t, `SELECT COUNT(*) FROM ${table} WHERE account_id = ?`, [a.accountId]);
    const res = await t.http
      .post(`/v1/${path}`)
      .set(a.auth)
      .send(body(make(501)))
      .expect(400);
    expect(res.body).toEqual({
      ok: false,
      error: { code: 'validation_error', message: expect.any(String), details: { items: 'must hold at most 500 lines' } },
    });
    expect(await countRows(t, `SELECT COUNT(*) FROM ${table} WHERE account_id = ?`, [a.accountId])).toBe(before);
  });

  it.each(creates)('%s: exactly 500 lines is accepted', async (path, _table, body, make) => {
    const res = await t.http
      .post(`/v1/${path}`)
      .set(a.auth)
      .send(body(make(500)));
    expect(res.status).toBeLessThan(300);
  });

  it('a PATCH over the line limit is refused the same way', async () => {
    const created = await t.http
      .post('/v1/invoices')
      .set(a.auth)
      .send(creates[0][2](lines(1)))
      .expect(201);
    const id = created.body.data.invoice_id ?? created.body.data.invoice?.invoice_id;
    const res = await t.http
      .patch(`/v1/invoices/${id}`)
      .set(a.auth)
      .send({ items: lines(501) })
      .expect(400);
    expect(res.body.error.details).toEqual({ items: 'must hold at most 500 lines' });
  });

  it('bulk calls take at most 200 ids', async () => {
    const ids = Array.from({ length: 201 }, (_, i) => i + 1);
    for (const path of ['/v1/clients/bulk-delete', '/v1/invoices/bulk-delete', '/v1/invoices/bulk-pdf']) {
      const res = await t.http.post(path).set(a.auth).send({ ids }).expect(400);
      expect(res.body.error).toMatchObject({ code: 'validation_error', details: { ids: 'must hold at most 200 ids' } });
    }
  });

  it('the OpenAPI document states the limits', async () => {
    const doc = (await t.http.get('/v1/openapi.json').expect(200)).body;
    const schemas = doc.components.schemas;
    for (const name of ['CreateInvoiceDto', 'UpdateInvoiceDto', 'CreateQuotationDto', 'CreateProformaInvoiceDto']) {
      expect([name, schemas[name].properties.items.maxItems]).toEqual([name, 500]);
    }
    expect(schemas.IdsBodyDto.properties.ids.maxItems).toBe(200);
  });

  describe('control characters in text fields', () => {
    const ONE_LINE = 'must not contain control characters';
    const MULTI_LINE = 'must not contain control characters other than tab and line breaks';
    const invoice = (extra: object, items = [line('Steel rods', 1, 100)]) => ({
      client_id: clientId,
      invoice_date: '2025-05-01',
      payment_due_date: '2025-05-31',
      items,
      ...extra,
    });

    it('NUL, escape, DEL and C1 controls in any field of any body are 400 validation_error naming the field; nothing is stored', async () => {
      const clients = await countRows(t, 'SELECT COUNT(*) FROM clients WHERE account_id = ?', [a.accountId]);
      const inventory = await countRows(t, 'SELECT COUNT(*) FROM inventory_items WHERE account_id = ?', [a.accountId]);
      const cases: Array<[string, string, object, Record<string, string>]> = [
        ['post', '/v1/clients', { name: 'Sharma\u0000Traders', phone: '9876500001', email: 'nul@example.com' }, { name: ONE_LINE }],
        ['post', '/v1/clients', { name: 'Sharma', phone: '9876500002', email: 'nul2@example.com', address: 'Pune\u0000' }, { address: MULTI_LINE }],
        ['patch', `/v1/clients/${clientId}`, { name: 'Line\nbreak' }, { name: ONE_LINE }],
        ['post', '/v1/inventory', { name: 'Bolt\u0007', rate: 10 }, { name: ONE_LINE }],
        ['post', '/v1/inventory', { name: 'Bolt', rate: 10, sku: 'B\u007f1' }, { sku: ONE_LINE }],
        ['post', '/v1/invoices', invoice({}, [line('Steel\u0000rods', 1, 100)]), { 'items.0.item_description': MULTI_LINE }],
        ['post', '/v1/invoices', invoice({ lr_number: 'LR\u001b[2J' }), { lr_number: ONE_LINE }],
        [
          'post',
          '/v1/quotations',
          { client_id: clientId, quotation_date: '2025-05-01', items: [line('Bolt', 1, 10, { hsn_code: '73\u009b18' })] },
          { 'items.0.hsn_code': ONE_LINE },
        ],
        [
          'post',
          '/v1/debit-notes',
          { client_id: clientId, debit_note_date: '2025-05-01', items: [{ description: 'Freight\u0085', amount: 1 }] },
          { 'items.0.description': MULTI_LINE },
        ],
        ['post', '/v1/expenses', { expense_description: 'Paper', expense_amount: 10, vendor_name: 'Vendor\u0000' }, { vendor_name: ONE_LINE }],
        ['patch', '/v1/settings/business', { business_name: 'Limits\u0000' }, { business_name: ONE_LINE }],
      ];
      for (const [method, path, body, details] of cases) {
        const res = await (method === 'patch' ? t.http.patch(path) : t.http.post(path)).set(a.auth).send(body);
        expect([path, res.status, res.body.error?.code, res.body.error?.details]).toEqual([path, 400, 'validation_error', details]);
      }
      expect(await countRows(t, 'SELECT COUNT(*) FROM clients WHERE account_id = ?', [a.accountId])).toBe(clients);
      expect(await countRows(t, 'SELECT COUNT(*) FROM inventory_items WHERE account_id = ?', [a.accountId])).toBe(inventory);
      const stored = await countRows(t, "SELECT COUNT(*) FROM clients WHERE account_id = ? AND (name LIKE CONCAT('%', CHAR(0), '%') OR name LIKE '%\n%')", [
        a.accountId,
      ]);
      expect(stored).toBe(0);
    });

    it('multi-line text keeps its tabs and line breaks', async () => {
      const client = await t.http
        .post('/v1/clients')
        .set(a.auth)
        .send({ name: 'Multi Line Traders', phone: '9876500003', email: 'multi@example.com', address: 'Plot 27, MIDC\nPune\t411026' })
        .expect(201);
      expect(client.body.data.client.address).toBe('Plot 27, MIDC\nPune\t411026');
      const created = await t.http
        .post('/v1/invoices')
        .set(a.auth)
        .send(invoice({ declaration_text: 'We declare:\r\n1. prices are true' }, [line('Steel rods\n12 mm', 1, 100)]))
        .expect(201);
      const read = (await t.http.get(`/v1/invoices/${created.body.data.invoice_id}`).set(a.auth).expect(200)).body.data;
      expect([read.declaration_text, read.items[0].item_description]).toEqual(['We declare:\r\n1. prices are true', 'Steel rods\n12 mm']);
    });
  });

  describe('null where a field may only be left out', () => {
    it('PATCH /v1/settings/users/{id} with permissions null is 400 keyed by the field; the user is unchanged', async () => {
      const id = await mobile(t).addUser(a.auth, 'limits.clerk', STRONG, ['clients']);
      for (const field of ['permissions', 'username', 'password']) {
        const res = await t.http
          .patch(`/v1/settings/users/${id}`)
          .set(a.auth)
          .send({ [field]: null })
          .expect(400);
        expect(res.body).toEqual({ ok: false, error: { code: 'validation_error', message: expect.any(String), details: { [field]: expect.any(String) } } });
      }
      const user = (await t.http.get(`/v1/settings/users/${id}`).set(a.auth).expect(200)).body.data;
      expect([user.username, user.permissions]).toEqual(['limits.clerk', ['clients']]);
    });

    it('every non-nullable optional field of the other bodies answers null with 400 keyed by the field', async () => {
      const inventory = await t.http.post('/v1/inventory').set(a.auth).send({ name: 'Widget', rate: 10 }).expect(201);
      const inventoryId = inventory.body.data.inventory_id ?? inventory.body.data.item?.inventory_id ?? inventory.body.data.inventory?.inventory_id;
      const expense = await t.http.post('/v1/expenses').set(a.auth).send({ expense_description: 'Paper', expense_amount: 10 });
      const expenseId = expense.body.data?.expense_id ?? expense.body.data?.expense?.expense_id;
      const cases: Array<[string, string, string[]]> = [
        ['patch', `/v1/clients/${clientId}`, ['name', 'phone', 'email', 'country_code']],
        ['patch', '/v1/settings/business', ['business_name', 'currency']],
        ['patch', '/v1/settings/templates', ['invoice_template']],
        ['patch', `/v1/inventory/${inventoryId}`, ['name', 'rate', 'sku', 'quantity', 'tax_rate', 'hsn_code', 'description']],
        ['patch', `/v1/expenses/${expenseId}`, ['expense_description', 'expense_amount', 'vendor_name', 'notes']],
      ];
      for (const [method, path, fields] of cases) {
        for (const field of fields) {
          const res = await (method === 'patch' ? t.http.patch(path) : t.http.post(path)).set(a.auth).send({ [field]: null });
          expect([path, field, res.status, res.body.error?.code, Object.keys(res.body.error?.details ?? {})]).toEqual([
            path,
            field,
            400,
            'validation_error',
            [field],
          ]);
        }
      }
    });
  });
});
