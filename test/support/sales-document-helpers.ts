import { kolkataDate } from '@app/domain/shared/fiscal-year';
import { TestAccount, TestApp } from './app-harness';

/** Helpers shared by the invoice, quotation, proforma and numbering suites. */
let clientCounter = 0;

export async function createClient(t: TestApp, account: TestAccount, name?: string): Promise<number> {
  const n = ++clientCounter;
  const res = await t.http
    .post('/v1/clients')
    .set(account.auth)
    .send({ name: name ?? `Client ${n}`, phone: String(9000000000 + account.accountId * 1000 + n), email: `client${n}.${account.accountId}@example.com` })
    .expect(201);
  return res.body.data.client.client_id;
}

/** An intra-state line at 18% GST: quantity x rate, CGST and SGST 9% each; total as the caller computes it. */
export function line(description: string | null | undefined, quantity: number, rate: number, extra: Record<string, unknown> = {}) {
  const taxable = Math.round(quantity * rate * 100);
  const half = Math.round(taxable * 0.09);
  return {
    item_description: description,
    hsn_code: '998311',
    quantity,
    rate,
    tax_rate: 18,
    cgst_amount: half / 100,
    sgst_amount: half / 100,
    igst_amount: 0,
    total_amount: (taxable + 2 * half) / 100,
    ...extra,
  };
}

export function todayInKolkata(): string {
  return kolkataDate(new Date());
}

/** Activity events of an entity, oldest first. */
export async function activityOf(t: TestApp, accountId: number, entityType: string, entityId: number): Promise<Array<Record<string, any>>> {
  const rows: Array<Record<string, unknown>> = await t.dataSource.query(
    'SELECT account_id, actor_kind, actor_user_id, action, entity_type, entity_id, label, before_summary, after_summary, created_at FROM activity_events WHERE account_id = ? AND entity_type = ? AND entity_id = ? ORDER BY id',
    [accountId, entityType, entityId],
  );
  return rows.map((r) => ({
    ...r,
    before_summary: r.before_summary ? JSON.parse(String(r.before_summary)) : null,
    after_summary: r.after_summary ? JSON.parse(String(r.after_summary)) : null,
  }));
}

export async function countRows(t: TestApp, sql: string, params: unknown[]): Promise<number> {
  const [row] = await t.dataSource.query(sql, params);
  return Number(Object.values(row)[0]);
}

/** An intra-state line sent with its amounts: 2 at 100, 18% GST as CGST 18 + SGST 18, total 236. */
export function taxedLine(description: string, extra: object = {}) {
  return {
    item_description: description,
    hsn_code: '998311',
    quantity: 2,
    rate: 100,
    tax_rate: 18,
    cgst_amount: 18,
    sgst_amount: 18,
    igst_amount: 0,
    total_amount: 236,
    ...extra,
  };
}
