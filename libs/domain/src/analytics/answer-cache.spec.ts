import { AnalyticsReader, AnalyticsScope } from './analytics-reader.port';
import { AnalyticsService } from './analytics.service';
import { AnswerCache } from './answer-cache';
import { Clock } from '../shared/clock.port';

/** A reader whose statements count their runs and answer from a mutable state with a version. */
class CountingReader extends AnalyticsReader {
  runs = 0;
  version = 1;
  invoiced = '100.00';
  invoicesByStatusAndMonth(scope: AnalyticsScope) {
    this.runs++;
    return Promise.resolve([{ status: 'issued', month: `${scope.from?.slice(0, 7) ?? '2025-04'}`, count: 1, total: this.invoiced, tds: '0' }]);
  }
  creditNotesByStatusAndMonth() {
    return Promise.resolve([]);
  }
  receivables() {
    return Promise.resolve([]);
  }
  receipts() {
    return Promise.resolve({ received: '0', outstandingInvoices: '0', outstandingDebitNotes: '0' });
  }
  proformaByApproval() {
    return Promise.resolve([]);
  }
  expenses() {
    return Promise.resolve({ count: 0, total: '0', tds: '0', tdsDeposited: '0' });
  }
  gst() {
    return Promise.resolve([]);
  }
  inventory() {
    return Promise.resolve({ items: 0, products: 0, services: 0, stockValue: '0' });
  }
  soldProducts() {
    return Promise.resolve([]);
  }
  dataVersion() {
    return Promise.resolve(String(this.version));
  }
}

class FixedClock extends Clock {
  constructor(public at: Date) {
    super();
  }
  now() {
    return this.at;
  }
}

describe('AnswerCache', () => {
  it('shares one computation between concurrent misses and keeps the answer until it expires', async () => {
    let now = 0;
    const cache = new AnswerCache(1000, 10, () => now);
    let computed = 0;
    const compute = () => Promise.resolve(++computed);
    expect(await Promise.all([cache.get('k', compute), cache.get('k', compute), cache.get('k', compute)])).toEqual([1, 1, 1]);
    now = 999;
    expect(await cache.get('k', compute)).toBe(1);
    now = 1000;
    expect(await cache.get('k', compute)).toBe(2);
  });

  it('forgets failed computations and drops the oldest entries beyond its size', async () => {
    const cache = new AnswerCache(60_000, 2);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', () => Promise.resolve('up'))).toBe('up');
    await cache.get('b', () => Promise.resolve(1));
    await cache.get('c', () => Promise.resolve(1));
    expect(cache.size).toBe(2);
    expect(await cache.get('bad', () => Promise.resolve('again'))).toBe('again');
  });
});

describe('AnalyticsService with an answer cache', () => {
  it('runs the statements again only when the data version, the period or the Kolkata date changes', async () => {
    const reader = new CountingReader();
    const clock = new FixedClock(new Date('2026-01-10T10:00:00Z'));
    const service = new AnalyticsService(reader, clock, new AnswerCache());
    const first = await service.full(1, 2025);
    expect(await service.full(1, 2025)).toEqual(first);
    expect(reader.runs).toBe(1);

    reader.invoiced = '250.00';
    reader.version = 2;
    expect((await service.full(1, 2025)).invoices.invoiced_amount).toBe(250);
    expect(reader.runs).toBe(2);

    await service.full(1, 2024);
    await service.full(2, 2025);
    expect(reader.runs).toBe(4);

    // 18:30 UTC is midnight in Kolkata: receivables are aged from the new date.
    clock.at = new Date('2026-01-10T18:30:00Z');
    await service.full(1, 2025);
    expect(reader.runs).toBe(5);
  });

  it('without a cache, every call runs the statements', async () => {
    const reader = new CountingReader();
    const service = new AnalyticsService(reader, new FixedClock(new Date('2026-01-10T10:00:00Z')));
    await service.full(1, 2025);
    await service.full(1, 2025);
    expect(reader.runs).toBe(2);
  });
});
