import { startApp, TestAccount, TestApp } from './support/app-harness';
import { createClient } from './support/sales-document-helpers';

/** Document numbers: per account, kind and financial year; consecutive and gap-free under concurrency. */
describe('document numbering', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let clientA: number;
  let clientB: number;

  beforeAll(async () => {
    t = await startApp('numbering');
    a = await t.createAccount();
    b = await t.createAccount();
    clientA = await createClient(t, a);
    clientB = await createClient(t, b);
  });
  afterAll(() => t.close());

  const invoice = (account: TestAccount, clientId: number, date: string) =>
    t.http
      .post('/v1/invoices')
      .set(account.auth)
      .send({ client_id: clientId, invoice_date: date, payment_due_date: date, items: [{ item_description: 'x', total_amount: 1 }] });
  const seq = (number: string) => Number(number.split('/')[2]);

  it('50 concurrent creates for one account get 50 distinct consecutive numbers; another account counts on its own', async () => {
    const [fromA, fromB] = await Promise.all([
      Promise.all(Array.from({ length: 50 }, () => invoice(a, clientA, '2025-08-01'))),
      Promise.all(Array.from({ length: 20 }, () => invoice(b, clientB, '2025-09-01'))),
    ]);
    for (const res of [...fromA, ...fromB]) expect(res.status).toBe(201);

    const numbersA = fromA.map((r) => r.body.data.invoice_number as string);
    expect(new Set(numbersA).size).toBe(50);
    expect(numbersA.every((n) => n.startsWith('INV/25-26/'))).toBe(true);
    expect(numbersA.map(seq).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));

    const numbersB = fromB.map((r) => r.body.data.invoice_number as string);
    expect(numbersB.map(seq).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));

    // The stored rows agree with the responses, and each invoice has its line.
    const rows: Array<{ invoice_number: string; line_count: string | number }> = await t.dataSource.query(
      'SELECT i.invoice_number, (SELECT COUNT(*) FROM invoice_items l WHERE l.invoice_id = i.id) AS line_count FROM invoices i WHERE i.account_id = ?',
      [a.accountId],
    );
    expect(rows.map((r) => r.invoice_number).sort()).toEqual([...numbersA].sort());
    expect(rows.every((r) => Number(r.line_count) === 1)).toBe(true);

    const next = await invoice(a, clientA, '2026-02-01').expect(201);
    expect(next.body.data.invoice_number).toBe('INV/25-26/0051');
  });

  it('a new financial year restarts at 1, decided by the document date (April 1 / March 31)', async () => {
    expect((await invoice(a, clientA, '2026-04-01').expect(201)).body.data.invoice_number).toBe('INV/26-27/0001');
    expect((await invoice(a, clientA, '2026-03-31').expect(201)).body.data.invoice_number).toBe('INV/25-26/0052');
    expect((await invoice(a, clientA, '2025-03-31').expect(201)).body.data.invoice_number).toBe('INV/24-25/0001');
    expect((await invoice(a, clientA, '2026-04-02').expect(201)).body.data.invoice_number).toBe('INV/26-27/0002');
  });

  it('each kind has its own sequence: quotations and proforma invoices, also under concurrency', async () => {
    const quotations = await Promise.all(
      Array.from({ length: 25 }, () => t.http.post('/v1/quotations').set(a.auth).send({ client_id: clientA, quotation_date: '2025-05-05' })),
    );
    for (const res of quotations) expect(res.status).toBe(201);
    expect(quotations.map((r) => seq(r.body.data.quotation_number)).sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(quotations.every((r) => r.body.data.quotation_number.startsWith('QT/25-26/'))).toBe(true);

    const proforma = await t.http.post('/v1/proforma-invoices').set(a.auth).send({ client_id: clientA, proforma_date: '2025-05-05', items: [] }).expect(200);
    expect(proforma.body.data.proforma_number).toBe('PI/25-26/0001');

    // Conversions draw from the invoice sequence of the invoice date.
    const converted = await t.http
      .post(`/v1/quotations/${quotations[0].body.data.quotation_id}/convert-to-invoice`)
      .set(a.auth)
      .send({ invoice_date: '2026-04-03' })
      .expect(200);
    expect(converted.body.data.invoice_number).toBe('INV/26-27/0003');
  });

  it('a create that fails (foreign client) takes no number', async () => {
    await invoice(a, clientB, '2026-04-05').expect(404);
    expect((await invoice(a, clientA, '2026-04-05').expect(201)).body.data.invoice_number).toBe('INV/26-27/0004');
  });

  it('changing the invoice date keeps the number', async () => {
    const created = await invoice(a, clientA, '2026-04-06').expect(201);
    const id = created.body.data.invoice_id;
    await t.http.patch(`/v1/invoices/${id}`).set(a.auth).send({ invoice_date: '2025-04-06', payment_due_date: '2025-04-06' }).expect(200);
    const got = (await t.http.get(`/v1/invoices/${id}`).set(a.auth).expect(200)).body.data;
    expect(got).toMatchObject({ invoice_date: '2025-04-06', invoice_number: created.body.data.invoice_number });
  });

  /**
   * Tax documents take their number of the tax series when they are issued (rule 46(b)): drafts carry provisional
   * numbers, deleted documents keep theirs in GSTR-1 Table 13 as cancelled, the series stays gapless.
   */
  describe('numbers at issue (tax documents)', () => {
    let c: TestAccount;
    let clientC: number;
    type Kind = { path: string; idField: string; numberField: string; dateField: string; prefix: string; docNum: number; body: object };
    const KINDS: Kind[] = [
      {
        path: 'invoices',
        idField: 'invoice_id',
        numberField: 'invoice_number',
        dateField: 'invoice_date',
        prefix: 'INV',
        docNum: 1,
        body: { payment_due_date: '2027-03-31', items: [{ item_description: 'x', hsn_code: '998311', total_amount: 1 }] },
      },
      {
        path: 'debit-notes',
        idField: 'debit_note_id',
        numberField: 'debit_note_number',
        dateField: 'debit_note_date',
        prefix: 'DN',
        docNum: 4,
        body: { items: [{ description: 'x', amount: 1 }] },
      },
      {
        path: 'credit-notes',
        idField: 'credit_note_id',
        numberField: 'credit_note_number',
        dateField: 'credit_note_date',
        prefix: 'CN',
        docNum: 5,
        body: { items: [{ description: 'x', amount: 1 }] },
      },
    ];

    beforeAll(async () => {
      c = await t.createAccount({ gstin: '27AAPFU0939F1ZV' });
      clientC = await createClient(t, c);
    });

    for (const k of KINDS) {
      const create = (status: string, date = '2026-10-05') =>
        t.http
          .post(`/v1/${k.path}`)
          .set(c.auth)
          .send({ client_id: clientC, [k.dateField]: date, status, ...k.body });
      const idOf = (res: { status: number; body: { data: Record<string, number> } }) => {
        expect([200, 201]).toContain(res.status);
        return res.body.data[k.idField];
      };
      const numberOf = async (id: number) => (await t.http.get(`/v1/${k.path}/${id}`).set(c.auth).expect(200)).body.data[k.numberField] as string;
      const issue = (id: number) => t.http.patch(`/v1/${k.path}/${id}`).set(c.auth).send({ status: 'issued' });
      const series = `${k.prefix}/26-27/`;

      it(`${k.path}: drafts take DRAFT numbers, issued ones consecutive tax numbers; a deleted one is 404 and cancelled in Table 13`, async () => {
        const drafts = [];
        for (let i = 0; i < 3; i++) drafts.push(idOf(await create('draft')));
        const draftNumbers = await Promise.all(drafts.map(numberOf));
        expect(draftNumbers).toEqual(['DRAFT/26-27/0001', 'DRAFT/26-27/0002', 'DRAFT/26-27/0003']);
        for (const id of drafts.slice(0, 2)) expect((await t.http.delete(`/v1/${k.path}/${id}`).set(c.auth).expect(200)).body.data).toEqual({ deleted: true });
        await issue(drafts[2]).expect(200);
        const issuedDraft = await numberOf(drafts[2]);
        const created = [idOf(await create('issued')), idOf(await create('issued'))];
        const issued = [issuedDraft, ...(await Promise.all(created.map(numberOf)))];
        expect(issued).toEqual([`${series}0001`, `${series}0002`, `${series}0003`]);

        // Back to draft would free an issued number: refused.
        expect((await t.http.patch(`/v1/${k.path}/${created[0]}`).set(c.auth).send({ status: 'draft' }).expect(400)).body.error.details).toHaveProperty(
          'status',
        );

        await t.http.delete(`/v1/${k.path}/${created[0]}`).set(c.auth).expect(200);
        await t.http.get(`/v1/${k.path}/${created[0]}`).set(c.auth).expect(404);
        const listed = (await t.http.get(`/v1/${k.path}?limit=100`).set(c.auth).expect(200)).body.data;
        expect(JSON.stringify(listed)).not.toContain(issued[1]);

        const ret = (await t.http.get('/v1/exports/gstr1?period=2026-10').set(c.auth).expect(200)).body.data;
        const docs = ret.doc_issue.doc_det.find((d: { doc_num: number }) => d.doc_num === k.docNum).docs;
        expect(docs).toEqual([{ num: 1, from: `${series}0001`, to: `${series}0003`, totnum: 3, cancel: 1, net_issue: 2 }]);
        expect(JSON.stringify(ret.doc_issue)).not.toContain('DRAFT');
        expect(JSON.stringify({ ...ret, doc_issue: null })).not.toContain(issued[1]);
      });

      it(`${k.path}: 50 concurrent issues across drafts and creates leave no gap or duplicate`, async () => {
        const drafts = [];
        for (let i = 0; i < 25; i++) drafts.push(idOf(await create('draft', '2026-11-05')));
        const results = await Promise.all([...drafts.map((id) => issue(id)), ...Array.from({ length: 25 }, () => create('issued', '2026-11-06'))]);
        for (const res of results) expect([200, 201]).toContain(res.status);
        const created = results.slice(25).map((res) => res.body.data[k.idField] as number);
        const numbers = await Promise.all([...drafts, ...created].map(numberOf));
        expect(numbers.every((n) => n.startsWith(series))).toBe(true);
        expect(numbers.map(seq).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 4));
        const ret = (await t.http.get('/v1/exports/gstr1?period=2026-11').set(c.auth).expect(200)).body.data;
        const docs = ret.doc_issue.doc_det.find((d: { doc_num: number }) => d.doc_num === k.docNum).docs;
        expect(docs).toEqual([{ num: 1, from: `${series}0004`, to: `${series}0053`, totnum: 50, cancel: 0, net_issue: 50 }]);
      });
    }

    it('a client deleted with cascade keeps its issued documents in Table 13; quotations keep numbers at creation', async () => {
      const other = await createClient(t, c);
      const mk = (status: string) =>
        t.http
          .post('/v1/invoices')
          .set(c.auth)
          .send({
            client_id: other,
            invoice_date: '2026-12-01',
            payment_due_date: '2026-12-01',
            status,
            items: [{ item_description: 'x', hsn_code: '998311', total_amount: 1 }],
          })
          .expect(201);
      const draft = (await mk('draft')).body.data.invoice_number as string;
      const issued = (await mk('issued')).body.data.invoice_number as string;
      expect(draft).toMatch(/^DRAFT\/26-27\/\d{4}$/);
      expect(issued).toBe('INV/26-27/0054');
      await t.http.delete(`/v1/clients/${other}?cascade=1`).set(c.auth).expect(200);
      const ret = (await t.http.get('/v1/exports/gstr1?period=2026-12').set(c.auth).expect(200)).body.data;
      expect(ret.doc_issue.doc_det).toEqual([
        { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: [{ num: 1, from: issued, to: issued, totnum: 1, cancel: 1, net_issue: 0 }] },
      ]);
      const quotation = await t.http.post('/v1/quotations').set(c.auth).send({ client_id: clientC, quotation_date: '2026-12-01' }).expect(201);
      expect(quotation.body.data.quotation_number).toBe('QT/26-27/0001');
      // The business cannot take the drafts' prefix for a series of its own.
      expect((await t.http.patch('/v1/settings/business').set(c.auth).send({ invoice_prefix: 'DRAFT' }).expect(400)).body.error.details).toHaveProperty(
        'invoice_prefix',
      );
    });
  });
});
