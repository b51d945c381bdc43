import { gstinCheckCharacter } from '@app/domain/tax/gstin';
import { startApp, TestAccount, TestApp } from './support/app-harness';

/** A valid GSTIN from its first 14 characters (the check character is computed). */
const gstin = (body: string) => body + gstinCheckCharacter(body);

const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

let seq = 0;
/** Phone and email no other client of the suite uses. */
function fresh(prefix = 'c') {
  const n = ++seq;
  return { phone: `9${String(100000000 + n * 7919).slice(-9)}`, email: `${prefix}${n}@clients.example` };
}

describe('clients', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;

  beforeAll(async () => {
    t = await startApp('clients');
    a = await t.createAccount({ name: 'Acme Traders', email: 'acme@owner.example' });
    b = await t.createAccount({ name: 'Beta Stores', email: 'beta@owner.example' });
  });
  afterAll(() => t.close());

  const post = (who: TestAccount, body: unknown) =>
    t.http
      .post('/v1/clients')
      .set(who.auth)
      .send(body as object);
  async function create(who: TestAccount, body: Record<string, unknown> = {}) {
    const res = await post(who, { name: 'Client', ...fresh(), ...body });
    expect(res.status).toBe(201);
    expect(res.body.data.skipped).toBe(false);
    return res.body.data.client as Record<string, any>;
  }
  async function clientRow(id: number) {
    const [row] = await t.dataSource.query('SELECT * FROM clients WHERE id = ?', [id]);
    return row as Record<string, any> | undefined;
  }

  describe('create', () => {
    it('creates a client (201, skipped false) with every field of the spec, readable by GET', async () => {
      const res = await post(a, { name: 'Sharma Traders', phone: '98765 43210', email: 'accounts@sharma.example', address: ' 12 MG Road, Pune ' }).expect(201);
      const client = res.body.data.client;
      expect(res.body).toEqual({
        ok: true,
        data: {
          skipped: false,
          client: {
            client_id: expect.any(Number),
            name: 'Sharma Traders',
            phone: '9876543210',
            email: 'accounts@sharma.example',
            country_code: '+91',
            address: '12 MG Road, Pune',
            gstin: null,
            state_code: null,
            reminders_opt_out: false,
            registration_type: null,
            created_at: expect.stringMatching(TIMESTAMP),
            updated_at: expect.stringMatching(TIMESTAMP),
            uses_platform: false,
            platform_logo_url: null,
            platform_subscription_active: false,
          },
        },
      });
      const got = await t.http.get(`/v1/clients/${client.client_id}`).set(a.auth).expect(200);
      // The single read adds the client's credit (what its payments hold unallocated).
      expect(got.body).toEqual({ ok: true, data: { ...client, credit_balance: 0 } });
      expect(await clientRow(client.client_id)).toMatchObject({ account_id: a.accountId, phone: '9876543210' });
    });

    it('requires name, phone and email with details keyed by field', async () => {
      const res = await post(a, {}).expect(400);
      expect(res.body).toEqual({
        ok: false,
        error: {
          code: 'validation_error',
          message: expect.any(String),
          details: { name: expect.any(String), phone: expect.any(String), email: expect.any(String) },
        },
      });
    });

    it('counts a string that is blank after trimming as missing', async () => {
      const res = await post(a, { name: '   ', phone: ' \t ', email: '  ' }).expect(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.details).toEqual({ name: 'is required', phone: 'is required', email: 'is required' });
    });

    it.each(['name', 'phone', 'email'])('names only the missing field when %s is absent or blank', async (field) => {
      const full: Record<string, unknown> = { name: 'Someone', ...fresh() };
      const { [field]: _omitted, ...without } = full;
      const absent = await post(a, without).expect(400);
      expect(Object.keys(absent.body.error.details)).toEqual([field]);
      const blank = await post(a, { ...full, [field]: '  ' }).expect(400);
      expect(blank.body.error.details).toEqual({ [field]: 'is required' });
    });

    it('rejects an invalid email, phone, non-string name or country code, keyed by field', async () => {
      const email = await post(a, { name: 'X', phone: fresh().phone, email: 'not-an-email' }).expect(400);
      expect(email.body.error.details).toEqual({ email: expect.stringContaining('valid email') });
      const phone = await post(a, { name: 'X', phone: '12345', email: fresh().email }).expect(400);
      expect(phone.body.error.details).toEqual({ phone: expect.any(String) });
      const letters = await post(a, { name: 'X', phone: '98765abcde', email: fresh().email }).expect(400);
      expect(Object.keys(letters.body.error.details)).toEqual(['phone']);
      const name = await post(a, { name: 123, ...fresh() }).expect(400);
      expect(name.body.error.details).toEqual({ name: expect.any(String) });
      const cc = await post(a, { name: 'X', ...fresh(), country_code: 'India' }).expect(400);
      expect(Object.keys(cc.body.error.details)).toEqual(['country_code']);
    });

    it.each([
      ['+91 98765-43210', '9876543210'],
      ['919812345678', '9812345678'],
      ['09811122233', '9811122233'],
      ['98 76-54 32 19', '9876543219'],
      ['+91-99887-76655', '9988776655'],
      ['+1 415 555 0123', '+14155550123'],
    ])('normalizes the phone %p to %p', async (raw, stored) => {
      const client = await create(b, { phone: raw });
      expect(client.phone).toBe(stored);
      expect((await clientRow(client.client_id))!.phone).toBe(stored);
    });

    it('refuses unknown body fields, naming each (400): nothing is stored or trusted', async () => {
      const mass = {
        client_id: 987654,
        id: 987654,
        account_id: b.accountId,
        created_at: '2000-01-01 00:00:00',
        uses_platform: true,
        platform_logo_url: 'https://evil.example/x.png',
        platform_subscription_active: true,
        hacked: 'yes',
      };
      const res = await post(a, { name: 'Mass Assign', ...fresh(), ...mass }).expect(400);
      expect(res.body.error).toMatchObject({
        code: 'validation_error',
        details: Object.fromEntries(Object.keys(mass).map((k) => [k, 'unknown field'])),
      });
      expect(await t.dataSource.query('SELECT id FROM clients WHERE name = ?', ['Mass Assign'])).toEqual([]);
    });
  });

  describe('duplicate detection on create', () => {
    let d: TestAccount;
    let original: Record<string, any>;
    const G = gstin('24PQRSX5678K1Z');

    beforeAll(async () => {
      d = await t.createAccount({ name: 'Dup Checker', email: 'dups@owner.example' });
      original = await create(d, { name: 'Original', phone: '9876500001', email: 'Dup.Person@Example.com', gstin: G });
    });

    const count = async () => (await t.http.get('/v1/clients').set(d.auth).expect(200)).body.data.total as number;

    it.each([
      ['the 10-digit phone', { phone: '9876500001' }],
      ['the 91-prefixed phone', { phone: '919876500001' }],
      ['the +91 phone with spaces and dashes', { phone: '+91 98765-00001' }],
      ['the phone with a trunk 0', { phone: '09876500001' }],
      ['the email in another case', { email: 'dup.person@EXAMPLE.COM' }],
      ['the same GSTIN', { gstin: G }],
      ['the same GSTIN sent in lowercase', { gstin: G.toLowerCase() }],
    ])('answers 200 {skipped: true, client} with the existing client for %s', async (_label, match) => {
      const before = await count();
      const res = await post(d, { name: 'Newcomer', ...fresh('dup'), ...match }).expect(200);
      expect(res.body).toEqual({ ok: true, data: { skipped: true, client: original } });
      expect(await count()).toBe(before);
    });

    it('creates (201, skipped false) when phone, email and GSTIN are all new', async () => {
      const before = await count();
      const res = await post(d, { name: 'Newcomer', ...fresh('dup'), gstin: gstin('33LMNOP4321Q1Z') }).expect(201);
      expect(res.body.data.skipped).toBe(false);
      expect(res.body.data.client.client_id).not.toBe(original.client_id);
      expect(res.body.data.client.name).toBe('Newcomer');
      expect(await count()).toBe(before + 1);
    });

    it('an empty GSTIN never matches another client without one', async () => {
      const first = await create(d, { gstin: '' });
      const second = await create(d, { gstin: '' });
      expect(first.gstin).toBeNull();
      expect(second.client_id).not.toBe(first.client_id);
    });

    it('compares only within the account: another account may hold the same client', async () => {
      const res = await post(a, { name: 'Same person elsewhere', phone: '9876500001', email: 'dup.person@example.com', gstin: G }).expect(201);
      expect(res.body.data.skipped).toBe(false);
      expect(res.body.data.client.client_id).not.toBe(original.client_id);
    });
  });

  describe('GSTIN and state code', () => {
    it('accepts a valid GSTIN and derives the state code from it', async () => {
      const client = await create(a, { gstin: '27AAPFU0939F1ZV' });
      expect(client).toMatchObject({ gstin: '27AAPFU0939F1ZV', state_code: '27' });
      expect(await clientRow(client.client_id)).toMatchObject({ gstin: '27AAPFU0939F1ZV', state_code: '27' });
    });

    it('uppercases a lowercase GSTIN', async () => {
      const client = await create(a, { gstin: '29aaach7409r1zx' });
      expect(client).toMatchObject({ gstin: '29AAACH7409R1ZX', state_code: '29' });
    });

    it.each([
      ['a changed check character', '27AAPFU0939F1ZW', /check character/],
      ['14 characters', '27AAPFU0939F1Z', /15 characters/],
      ['an unknown state', '45AAPFU0939F1ZV', /state/],
      ['a malformed PAN', '271APFU0939F1ZV', /PAN/],
    ])('rejects a GSTIN with %s (400 keyed by gstin)', async (_label, value, reason) => {
      const res = await post(a, { name: 'Bad GSTIN', ...fresh(), gstin: value }).expect(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.details).toEqual({ gstin: expect.stringMatching(reason) });
    });

    it('treats an empty string as no GSTIN', async () => {
      const client = await create(a, { gstin: '' });
      expect(client).toMatchObject({ gstin: null, state_code: null });
    });

    it('keeps a state code sent without a GSTIN and refuses one that contradicts the GSTIN', async () => {
      const client = await create(a, { state_code: '07' });
      expect(client).toMatchObject({ gstin: null, state_code: '07' });
      const mismatch = await post(a, { name: 'X', ...fresh(), gstin: gstin('07ABCDE1234F1Z'), state_code: '27' }).expect(400);
      expect(mismatch.body.error.details).toEqual({ state_code: expect.stringContaining('07') });
      const unknown = await post(a, { name: 'X', ...fresh(), state_code: '77' }).expect(400);
      expect(Object.keys(unknown.body.error.details)).toEqual(['state_code']);
    });
  });

  describe('registration type', () => {
    it('records composition dealers and UIN holders (a UIN checked as one), and refuses a type the GSTIN contradicts', async () => {
      const comp = await create(a, { gstin: gstin('29AABCC1234D1Z'), registration_type: 'composition' });
      expect(comp).toMatchObject({ registration_type: 'composition', state_code: '29' });
      expect((await clientRow(comp.client_id))!.registration_type).toBe('composition');
      const uin = await create(a, { gstin: '0717UNO00157UNO', registration_type: 'uin' });
      expect(uin).toMatchObject({ gstin: '0717UNO00157UNO', state_code: '07', registration_type: 'uin' });
      expect((await create(a, {})).registration_type).toBeNull();
      const refused = async (body: object) => (await post(a, { name: 'X', ...fresh(), ...body }).expect(400)).body.error.details;
      expect(await refused({ gstin: '0717UNO00157UNO' })).toHaveProperty('gstin');
      expect(await refused({ gstin: '0717UNO00157UNA', registration_type: 'uin' })).toEqual({ gstin: expect.stringMatching(/check character/) });
      expect(await refused({ gstin: gstin('29AABCU1234D1Z'), registration_type: 'uin' })).toEqual({ gstin: expect.stringMatching(/UIN/) });
      expect(await refused({ registration_type: 'composition' })).toEqual({ registration_type: expect.stringContaining('GSTIN') });
      expect(await refused({ gstin: gstin('29AABCV1234D1Z'), registration_type: 'consumer' })).toHaveProperty('registration_type');
      expect(await refused({ registration_type: 'embassy' })).toEqual({ registration_type: expect.stringContaining('composition') });
      const changed = await t.http.patch(`/v1/clients/${comp.client_id}`).set(a.auth).send({ registration_type: 'regular' }).expect(200);
      expect(changed.body.data.registration_type).toBe('regular');
    });
  });

  describe('platform fields', () => {
    const setLogo = (account: TestAccount, url: string | null) => t.dataSource.query('UPDATE accounts SET logo_url = ? WHERE id = ?', [url, account.accountId]);
    const platformOf = async (id: number) => {
      const res = await t.http.get(`/v1/clients/${id}`).set(a.auth).expect(200);
      const { uses_platform, platform_logo_url, platform_subscription_active } = res.body.data;
      return { uses_platform, platform_logo_url, platform_subscription_active };
    };

    it('matches another account by GSTIN: its https logo and active Pro subscription', async () => {
      const g = gstin('19AAAAA0000A1Z');
      const partner = await t.createAccount({ email: 'gst-partner@partner.example', gstin: g, plan: 'pro' });
      const client = await create(a, { gstin: g });
      expect(client).toMatchObject({ uses_platform: true, platform_logo_url: null, platform_subscription_active: true });
      await setLogo(partner, 'https://cdn.example/gst-partner.png');
      expect(await platformOf(client.client_id)).toEqual({
        uses_platform: true,
        platform_logo_url: 'https://cdn.example/gst-partner.png',
        platform_subscription_active: true,
      });
      const list = await t.http.get('/v1/clients?limit=200').set(a.auth).expect(200);
      expect(list.body.data.clients.find((c: any) => c.client_id === client.client_id)).toMatchObject({
        uses_platform: true,
        platform_logo_url: 'https://cdn.example/gst-partner.png',
        platform_subscription_active: true,
      });
    });

    it('matches by business email (case-insensitive) when the client has no GSTIN; a data: logo gives null', async () => {
      const partner = await t.createAccount({ email: 'mail-partner@partner.example', plan: 'free' });
      await setLogo(partner, 'data:image/png;base64,iVBORw0KGgo=');
      const client = await create(a, { email: 'Mail-Partner@Partner.Example' });
      expect(await platformOf(client.client_id)).toEqual({
        uses_platform: true,
        platform_logo_url: null,
        platform_subscription_active: false,
      });
      await setLogo(partner, 'https://cdn.example/mail-partner.png');
      expect((await platformOf(client.client_id)).platform_logo_url).toBe('https://cdn.example/mail-partner.png');
    });

    it('prefers the GSTIN match over the email match, and falls back to email when the GSTIN matches nobody', async () => {
      const g = gstin('32AADCK5978M1Z');
      const byGstin = await t.createAccount({ email: 'gst-first@partner.example', gstin: g, plan: 'pro' });
      const byEmail = await t.createAccount({ email: 'email-second@partner.example', plan: 'free' });
      const fallback = await t.createAccount({ email: 'email-third@partner.example', plan: 'free' });
      await setLogo(byGstin, 'https://cdn.example/by-gstin.png');
      await setLogo(byEmail, 'https://cdn.example/by-email.png');
      await setLogo(fallback, 'https://cdn.example/fallback.png');

      const both = await create(a, { gstin: g, email: 'email-second@partner.example' });
      expect(await platformOf(both.client_id)).toEqual({
        uses_platform: true,
        platform_logo_url: 'https://cdn.example/by-gstin.png',
        platform_subscription_active: true,
      });

      const unmatchedGstin = await create(a, { gstin: gstin('06BBBBB1111B1Z'), email: 'EMAIL-third@partner.example' });
      expect(await platformOf(unmatchedGstin.client_id)).toEqual({
        uses_platform: true,
        platform_logo_url: 'https://cdn.example/fallback.png',
        platform_subscription_active: false,
      });
    });

    it('reports an expired Pro partner as not active', async () => {
      await t.createAccount({ email: 'lapsed@partner.example', plan: 'pro', expires: '2020-01-01 00:00:00' });
      await t.createAccount({ email: 'current@partner.example', plan: 'pro', expires: '2099-01-01 00:00:00' });
      const lapsed = await create(a, { email: 'lapsed@partner.example' });
      const current = await create(a, { email: 'current@partner.example' });
      expect(lapsed).toMatchObject({ uses_platform: true, platform_subscription_active: false });
      expect(current).toMatchObject({ uses_platform: true, platform_subscription_active: true });
    });

    it('does not match the caller’s own account, nor anybody when nothing matches', async () => {
      const own = await create(a, { email: 'acme@owner.example' });
      expect(own).toMatchObject({ uses_platform: false, platform_logo_url: null, platform_subscription_active: false });
      const nobody = await create(a, { email: 'nobody@nowhere.example', gstin: gstin('08CCCCC2222C1Z') });
      expect(nobody).toMatchObject({ uses_platform: false, platform_logo_url: null, platform_subscription_active: false });
    });
  });

  describe('PATCH', () => {
    it('merges the sent fields over the record and normalizes them', async () => {
      const client = await create(a, { name: 'Before', address: 'Old street' });
      const res = await t.http.patch(`/v1/clients/${client.client_id}`).set(a.auth).send({ name: '  After  ', phone: '+91 90000-11111' }).expect(200);
      expect(res.body).toEqual({
        ok: true,
        data: { ...client, name: 'After', phone: '9000011111', updated_at: expect.stringMatching(TIMESTAMP) },
      });
      expect(await clientRow(client.client_id)).toMatchObject({ name: 'After', phone: '9000011111', email: client.email, address: 'Old street' });
    });

    it('validates like create: an invalid email is 400 keyed by email and nothing changes', async () => {
      const client = await create(a);
      const res = await t.http.patch(`/v1/clients/${client.client_id}`).set(a.auth).send({ email: 'broken@', name: 'Changed' }).expect(400);
      expect(res.body.error).toEqual({ code: 'validation_error', message: expect.any(String), details: { email: expect.any(String) } });
      const blank = await t.http.patch(`/v1/clients/${client.client_id}`).set(a.auth).send({ name: '   ' }).expect(400);
      expect(blank.body.error.details).toEqual({ name: 'is required' });
      const badGstin = await t.http.patch(`/v1/clients/${client.client_id}`).set(a.auth).send({ gstin: '27AAPFU0939F1ZW' }).expect(400);
      expect(Object.keys(badGstin.body.error.details)).toEqual(['gstin']);
      expect(await clientRow(client.client_id)).toMatchObject({ name: client.name, email: client.email, gstin: null });
    });

    it('sets a GSTIN (state derived) and removes it with null', async () => {
      const client = await create(a);
      const g = gstin('09DDDDD3333D1Z');
      const set = await t.http.patch(`/v1/clients/${client.client_id}`).set(a.auth).send({ gstin: g.toLowerCase() }).expect(200);
      expect(set.body.data).toMatchObject({ gstin: g, state_code: '09', name: client.name, phone: client.phone });
      const removed = await t.http.patch(`/v1/clients/${client.client_id}`).set(a.auth).send({ gstin: null }).expect(200);
      expect(removed.body.data).toMatchObject({ gstin: null, state_code: null, name: client.name });
      expect(await clientRow(client.client_id)).toMatchObject({ gstin: null, state_code: null });
    });

    it('refuses unknown fields, changing nothing, and answers 404 for an unknown id', async () => {
      const client = await create(a);
      const res = await t.http
        .patch(`/v1/clients/${client.client_id}`)
        .set(a.auth)
        .send({ client_id: 1, account_id: b.accountId, created_at: '2000-01-01 00:00:00', address: 'New address' })
        .expect(400);
      expect(res.body.error.details).toEqual({ client_id: 'unknown field', account_id: 'unknown field', created_at: 'unknown field' });
      expect(await clientRow(client.client_id)).toMatchObject({ account_id: a.accountId, address: client.address });
      const patched = await t.http.patch(`/v1/clients/${client.client_id}`).set(a.auth).send({ address: 'New address' }).expect(200);
      expect(patched.body.data).toMatchObject({ client_id: client.client_id, created_at: client.created_at, address: 'New address' });
      const missing = await t.http.patch('/v1/clients/2147483647').set(a.auth).send({ name: 'x' }).expect(404);
      expect(missing.body.error.code).toBe('not_found');
    });
  });

  describe('DELETE and bulk delete', () => {
    let invoiceSeq = 0;
    async function addInvoice(who: TestAccount, clientId: number) {
      const n = ++invoiceSeq;
      const result = await t.dataSource.query(
        `INSERT INTO invoices (account_id, client_id, fy_start_year, sequence_no, total_amount, created_at, updated_at,
           invoice_number, invoice_date, payment_due_date, invoice_type)
         VALUES (?, ?, 2025, ?, 100.00, UTC_TIMESTAMP(), UTC_TIMESTAMP(), ?, '2025-05-01', '2025-05-31', 'tax_invoice')`,
        [who.accountId, clientId, n, `INV/25-26/${String(n).padStart(4, '0')}`],
      );
      const invoiceId = result.insertId as number;
      await t.dataSource.query(
        `INSERT INTO invoice_items (invoice_id, account_id, item_description, quantity, rate, total_amount) VALUES (?, ?, 'Item', 1, 100, 100)`,
        [invoiceId, who.accountId],
      );
      return invoiceId;
    }
    const countRows = async (sql: string, params: unknown[]) => Number((await t.dataSource.query(sql, params))[0].n);

    it('deletes a client ({deleted: true}), after which it is 404', async () => {
      const client = await create(a);
      const res = await t.http.delete(`/v1/clients/${client.client_id}`).set(a.auth).expect(200);
      expect(res.body).toEqual({ ok: true, data: { deleted: true } });
      const gone = await t.http.get(`/v1/clients/${client.client_id}`).set(a.auth).expect(404);
      expect(gone.body.error.code).toBe('not_found');
      await t.http.delete(`/v1/clients/${client.client_id}`).set(a.auth).expect(404);
      expect(await clientRow(client.client_id)).toBeUndefined();
    });

    it('refuses with 409 conflict while documents refer to the client; cascade=1 removes both', async () => {
      const client = await create(a);
      const invoiceId = await addInvoice(a, client.client_id);
      const res = await t.http.delete(`/v1/clients/${client.client_id}`).set(a.auth).expect(409);
      expect(res.body.error.code).toBe('conflict');
      await t.http.get(`/v1/clients/${client.client_id}`).set(a.auth).expect(200);
      expect(await countRows('SELECT COUNT(*) AS n FROM invoices WHERE id = ?', [invoiceId])).toBe(1);

      const bad = await t.http.delete(`/v1/clients/${client.client_id}?cascade=maybe`).set(a.auth).expect(400);
      expect(Object.keys(bad.body.error.details)).toEqual(['cascade']);

      const cascaded = await t.http.delete(`/v1/clients/${client.client_id}?cascade=1`).set(a.auth).expect(200);
      expect(cascaded.body).toEqual({ ok: true, data: { deleted: true } });
      expect(await clientRow(client.client_id)).toBeUndefined();
      expect(await countRows('SELECT COUNT(*) AS n FROM invoices WHERE id = ?', [invoiceId])).toBe(0);
      expect(await countRows('SELECT COUNT(*) AS n FROM invoice_items WHERE invoice_id = ?', [invoiceId])).toBe(0);
    });

    it('accepts cascade=true and leaves other clients’ documents alone', async () => {
      const client = await create(a);
      const other = await create(a);
      await addInvoice(a, client.client_id);
      const kept = await addInvoice(a, other.client_id);
      await t.http.delete(`/v1/clients/${client.client_id}?cascade=true`).set(a.auth).expect(200);
      expect(await countRows('SELECT COUNT(*) AS n FROM invoices WHERE client_id = ?', [client.client_id])).toBe(0);
      expect(await countRows('SELECT COUNT(*) AS n FROM invoices WHERE id = ?', [kept])).toBe(1);
      expect(await countRows('SELECT COUNT(*) AS n FROM invoice_items WHERE invoice_id = ?', [kept])).toBe(1);
    });

    it('bulk-delete deletes owned clients and skips unknown ids, other accounts’ ids and clients with documents', async () => {
      const [c1, c2, withDoc] = [await create(a), await create(a), await create(a)];
      await addInvoice(a, withDoc.client_id);
      const foreign = await create(b);
      const res = await t.http
        .post('/v1/clients/bulk-delete')
        .set(a.auth)
        .send({ ids: [c1.client_id, c2.client_id, withDoc.client_id, 2147483000, foreign.client_id] })
        .expect(200);
      expect(res.body.ok).toBe(true);
      expect(res.body.data.deleted).toBe(2);
      expect([...res.body.data.skipped].sort((x: number, y: number) => x - y)).toEqual(
        [withDoc.client_id, foreign.client_id, 2147483000].sort((x, y) => x - y),
      );
      expect(await clientRow(c1.client_id)).toBeUndefined();
      expect(await clientRow(c2.client_id)).toBeUndefined();
      await t.http.get(`/v1/clients/${withDoc.client_id}`).set(a.auth).expect(200);
      await t.http.get(`/v1/clients/${foreign.client_id}`).set(b.auth).expect(200);
    });

    it('bulk-delete validates its body', async () => {
      const empty = await t.http.post('/v1/clients/bulk-delete').set(a.auth).send({ ids: [] }).expect(400);
      expect(Object.keys(empty.body.error.details)).toEqual(['ids']);
      const notInts = await t.http
        .post('/v1/clients/bulk-delete')
        .set(a.auth)
        .send({ ids: ['x', 1.5] })
        .expect(400);
      expect(notInts.body.error.code).toBe('validation_error');
      await t.http.post('/v1/clients/bulk-delete').set(a.auth).send({}).expect(400);
    });
  });

  describe('lists', () => {
    let l: TestAccount;
    let ids: number[];

    beforeAll(async () => {
      l = await t.createAccount({ name: 'Lister', email: 'lister@owner.example' });
      ids = [];
      for (let i = 0; i < 55; i++) ids.push((await create(l, { name: `Listed ${i}` })).client_id);
    });

    const list = (query = '') => t.http.get(`/v1/clients${query}`).set(l.auth);

    it('defaults to 50 rows and always reports the total', async () => {
      const res = await list().expect(200);
      expect(res.body.data.total).toBe(55);
      expect(res.body.data.clients).toHaveLength(50);
      expect(Object.keys(res.body.data).sort()).toEqual(['clients', 'has_more', 'total']);
    });

    it('accepts limit up to 200 and refuses 201 or 0 with validation_error keyed by limit', async () => {
      const max = await list('?limit=200').expect(200);
      expect(max.body.data.clients).toHaveLength(55);
      const over = await list('?limit=201').expect(400);
      expect(over.body.error).toEqual({ code: 'validation_error', message: expect.any(String), details: { limit: expect.any(String) } });
      await list('?limit=0').expect(400);
      await list('?limit=abc').expect(400);
      const negative = await list('?offset=-1').expect(400);
      expect(Object.keys(negative.body.error.details)).toEqual(['offset']);
    });

    it('pages with offset and reports the total on every page', async () => {
      const res = await list('?offset=50').expect(200);
      expect(res.body.data.total).toBe(55);
      expect(res.body.data.clients).toHaveLength(5);
      const past = await list('?offset=100').expect(200);
      expect(past.body.data).toEqual({ clients: [], total: 55, has_more: false });
    });

    it('orders newest first with ties broken by id descending, the same on every page', async () => {
      // Give the rows known creation times: most share one second (ties), the first is the newest, the last the oldest.
      await t.dataSource.query('UPDATE clients SET created_at = ? WHERE account_id = ?', ['2025-01-01 10:00:00', l.accountId]);
      await t.dataSource.query('UPDATE clients SET created_at = ? WHERE id = ?', ['2025-06-01 10:00:00', ids[0]]);
      await t.dataSource.query('UPDATE clients SET created_at = ? WHERE id = ?', ['2024-01-01 10:00:00', ids[54]]);
      const tied = ids.slice(1, 54).sort((x, y) => y - x);
      const expected = [ids[0], ...tied, ids[54]];

      const all = await list('?limit=200').expect(200);
      expect(all.body.data.clients.map((c: any) => c.client_id)).toEqual(expected);

      const paged: number[] = [];
      for (let offset = 0; offset < 55; offset += 10) {
        const page = await list(`?limit=10&offset=${offset}`).expect(200);
        expect(page.body.data.total).toBe(55);
        paged.push(...page.body.data.clients.map((c: any) => c.client_id));
      }
      expect(paged).toEqual(expected);
    });
  });

  describe('cross-account isolation', () => {
    let x: TestAccount;
    let y: TestAccount;
    let owned: Record<string, any>;

    beforeAll(async () => {
      x = await t.createAccount({ name: 'Tenant X', email: 'x@owner.example' });
      y = await t.createAccount({ name: 'Tenant Y', email: 'y@owner.example' });
      owned = await create(x, { name: 'Private to X' });
      await create(y, { name: 'Y own client' });
    });

    it('account Y gets 404 on GET, PATCH and DELETE of X’s client, which stays untouched', async () => {
      const id = owned.client_id;
      for (const res of [
        await t.http.get(`/v1/clients/${id}`).set(y.auth),
        await t.http.patch(`/v1/clients/${id}`).set(y.auth).send({ name: 'Hijacked' }),
        await t.http.delete(`/v1/clients/${id}`).set(y.auth),
        await t.http.delete(`/v1/clients/${id}?cascade=1`).set(y.auth),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
      const bulk = await t.http
        .post('/v1/clients/bulk-delete')
        .set(y.auth)
        .send({ ids: [id] })
        .expect(200);
      expect(bulk.body.data).toEqual({ deleted: 0, skipped: [id] });
      const still = await t.http.get(`/v1/clients/${id}`).set(x.auth).expect(200);
      expect(still.body.data).toEqual({ ...owned, credit_balance: 0 });
    });

    it('account Y never sees X’s clients in its list', async () => {
      const res = await t.http.get('/v1/clients?limit=200').set(y.auth).expect(200);
      expect(res.body.data.total).toBe(1);
      expect(res.body.data.clients.map((c: any) => c.name)).toEqual(['Y own client']);
      const xs = await t.http.get('/v1/clients?limit=200').set(x.auth).expect(200);
      expect(xs.body.data.clients.map((c: any) => c.client_id)).toEqual([owned.client_id]);
    });

    it('every client endpoint needs a key (401) and refuses a suspended account (403)', async () => {
      const id = owned.client_id;
      for (const res of [
        await t.http.get('/v1/clients'),
        await t.http.post('/v1/clients').send({ name: 'n', ...fresh() }),
        await t.http.get(`/v1/clients/${id}`),
        await t.http.patch(`/v1/clients/${id}`).send({ name: 'n' }),
        await t.http.delete(`/v1/clients/${id}`),
        await t.http.post('/v1/clients/bulk-delete').send({ ids: [id] }),
      ]) {
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('unauthorized');
      }
      const s = await t.createAccount();
      await t.admin.setSuspended(s.accountId, true);
      const suspended = await t.http.get('/v1/clients').set(s.auth).expect(403);
      expect(suspended.body.error.code).toBe('account_suspended');
    });
  });
});

describe('clients: Free-plan limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp('clients_plan', { FREE_CLIENTS: '3' });
  });
  afterAll(() => t.close());

  const post = (who: TestAccount, body: Record<string, unknown>) => t.http.post('/v1/clients').set(who.auth).send(body);
  async function fill(who: TestAccount, n: number) {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await post(who, { name: `Client ${i}`, ...fresh('plan') }).expect(201);
      ids.push(res.body.data.client.client_id);
    }
    return ids;
  }

  it('a Free account gets 402 plan_limit_reached with details.limit and details.plan past the limit', async () => {
    const free = await t.createAccount({ plan: 'free' });
    const ids = await fill(free, 3);
    const res = await post(free, { name: 'One too many', ...fresh('plan') }).expect(402);
    expect(res.body).toEqual({
      ok: false,
      error: { code: 'plan_limit_reached', message: expect.any(String), details: expect.objectContaining({ limit: 3, plan: 'free' }) },
    });
    const list = await t.http.get('/v1/clients').set(free.auth).expect(200);
    expect(list.body.data.total).toBe(3);

    // A duplicate at the limit is still answered with the existing client.
    const { credit_balance: credit, ...existing } = (await t.http.get(`/v1/clients/${ids[0]}`).set(free.auth).expect(200)).body.data;
    expect(credit).toBe(0);
    const dup = await post(free, { name: 'Dup', phone: existing.phone, email: 'other@plan.example' }).expect(200);
    expect(dup.body.data).toEqual({ skipped: true, client: existing });

    // Deleting one frees a place.
    await t.http.delete(`/v1/clients/${ids[2]}`).set(free.auth).expect(200);
    await post(free, { name: 'Fits again', ...fresh('plan') }).expect(201);
  });

  it('an unexpired Pro account is not limited', async () => {
    const pro = await t.createAccount({ plan: 'pro', expires: '2099-12-31 23:59:59' });
    await fill(pro, 5);
  });

  it('an expired Pro account is limited as Free until its plan is renewed', async () => {
    const lapsed = await t.createAccount({ plan: 'pro', expires: '2020-01-01 00:00:00' });
    await fill(lapsed, 3);
    const res = await post(lapsed, { name: 'Over', ...fresh('plan') }).expect(402);
    expect(res.body.error.code).toBe('plan_limit_reached');
    expect(res.body.error.details).toMatchObject({ limit: 3, plan: 'free' });
    await t.admin.setPlan(lapsed.accountId, 'pro', '2099-12-31 23:59:59');
    await post(lapsed, { name: 'Renewed', ...fresh('plan') }).expect(201);
  });
});

describe('clients: simultaneous creates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('clients_race');
  });
  afterAll(() => t.close());

  it('ten simultaneous creates of the same client store it once; the others are skipped', async () => {
    const a = await t.createAccount();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => t.http.post('/v1/clients').set(a.auth).send({ name: 'Same Co', phone: '9876501234', email: 'same@example.com' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.data.client.client_id)).size).toBe(1);
    const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM clients WHERE account_id = ?', [a.accountId]);
    expect(Number(n)).toBe(1);
  });
});
