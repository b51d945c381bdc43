import { createInvoicingClient } from '@invoicing/sdk';
import { paginate } from '../src/pagination';
import { envelopeError, fakeApi, json } from './fake-api';

type Row = { invoice_id: number; client_id: number };
const rows = (...ids: number[]): Row[] => ids.map((id) => ({ invoice_id: id, client_id: 1 }));
const collect = async <T>(iterator: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const row of iterator) out.push(row);
  return out;
};

describe('SDK paginator', () => {
  it('pages an offset list until total rows are read, keeping the filters and asking for each page only when needed', async () => {
    const api = fakeApi(
      json(200, { ok: true, data: { invoices: rows(5, 4), total: 5 } }),
      json(200, { ok: true, data: { invoices: rows(3, 2), total: 5 } }),
      json(200, { ok: true, data: { invoices: rows(1), total: 5 } }),
    );
    const client = createInvoicingClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch: api.fetch });
    const ids: number[] = [];
    for await (const row of client.paginate('/v1/invoices', { query: { fy_start_year: 2025, payment_status: 'pending' } }, { pageSize: 2 }))
      ids.push(row.invoice_id);
    expect(ids).toEqual([5, 4, 3, 2, 1]);
    expect(api.requests.map((r) => new URL(r.url).search)).toEqual([
      '?fy_start_year=2025&payment_status=pending&limit=2',
      '?fy_start_year=2025&payment_status=pending&limit=2&offset=2',
      '?fy_start_year=2025&payment_status=pending&limit=2&offset=4',
    ]);
  });

  it('fills the path of a nested list and stops on a short page when the answer has no total', async () => {
    const api = fakeApi(json(200, { ok: true, data: { deliveries: [{ delivery_id: 3 }], total: 1 } }));
    const client = createInvoicingClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch: api.fetch });
    expect(await collect(client.paginate('/v1/webhooks/{id}/deliveries', { path: { id: 9 } }))).toEqual([{ delivery_id: 3 }]);
    expect(api.requests[0]?.url).toBe('http://api.test/v1/webhooks/9/deliveries?limit=100');

    const pages = [
      { notifications: [{ notification_id: 1 }, { notification_id: 2 }], unread_count: 0 },
      { notifications: [{ notification_id: 3 }], unread_count: 0 },
    ];
    const paging: Array<Record<string, string | number>> = [];
    const read = await collect(paginate(async (p) => (paging.push(p), pages.shift() ?? {}), false, { pageSize: 2 }));
    expect(read).toHaveLength(3);
    expect(paging).toEqual([{ limit: 2 }, { limit: 2, offset: 2 }]);
  });

  it('pages by cursor when the operation takes starting_after and the answer says has_more: after the last row id', async () => {
    const pages = [
      { invoices: rows(9, 8), has_more: true, total: 99 },
      { invoices: rows(7, 6), has_more: true },
      { invoices: rows(5), has_more: false },
    ];
    const paging: Array<Record<string, string | number>> = [];
    const read = await collect(paginate<Row>(async (p) => (paging.push(p), pages.shift() ?? {}), true, { pageSize: 2 }));
    expect(read.map((r) => r.invoice_id)).toEqual([9, 8, 7, 6, 5]);
    expect(paging).toEqual([{ limit: 2 }, { limit: 2, starting_after: 9 - 1 }, { limit: 2, starting_after: 6 }]);

    const audit = [
      { entries: [{ id: 'a1', entity_id: 4 }], has_more: true },
      { entries: [], has_more: false },
    ];
    const cursors: Array<Record<string, string | number>> = [];
    await collect(paginate(async (p) => (cursors.push(p), audit.shift() ?? {}), true));
    expect(cursors[1]).toEqual({ limit: 100, starting_after: 'a1' });
  });

  it('uses offsets for a list without cursors even when it says has_more, and throws the typed error of a failed page', async () => {
    const pages = [
      { invoices: rows(2), has_more: true, total: 2 },
      { invoices: rows(1), has_more: false, total: 2 },
    ];
    const paging: Array<Record<string, string | number>> = [];
    expect(await collect(paginate(async (p) => (paging.push(p), pages.shift() ?? {}), false, { pageSize: 1 }))).toHaveLength(2);
    expect(paging).toEqual([{ limit: 1 }, { limit: 1, offset: 1 }]);

    const api = fakeApi(envelopeError(400, 'validation_error', { fy_start_year: 'must be a year' }));
    const client = createInvoicingClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch: api.fetch });
    await expect(collect(client.paginate('/v1/invoices', { query: { fy_start_year: 1 } }))).rejects.toMatchObject({
      status: 400,
      code: 'validation_error',
      details: { fy_start_year: 'must be a year' },
    });
  });
});
