import { Clock } from '../shared/clock.port';
import { AgeingQuery, AgeingRow, AgeingWorkbookWriter, ReceivablesAgeingReader, ReceivablesAgeingService } from './receivables-ageing';

class FixedClock extends Clock {
  now(): Date {
    return new Date('2025-09-30T20:00:00Z'); // 2025-10-01 01:30 in Asia/Kolkata
  }
}

class Rows extends ReceivablesAgeingReader {
  queries: AgeingQuery[] = [];
  constructor(private readonly rows: AgeingRow[]) {
    super();
  }
  async ageing(q: AgeingQuery): Promise<AgeingRow[]> {
    this.queries.push(q);
    return this.rows;
  }
}

const noBook = { write: () => Promise.reject(new Error('unused')) } as unknown as AgeingWorkbookWriter;
const row = (clientId: number, bucket: AgeingRow['bucket'], amount: string, count = 1, unconverted = 0): AgeingRow => ({
  clientId,
  clientName: `Client ${clientId}`,
  bucket,
  count,
  amount,
  unconverted,
});

describe('ReceivablesAgeingService', () => {
  it('adds the buckets per client and in total exactly, most owed first, and defaults as_of to today in Kolkata', async () => {
    const reader = new Rows([
      row(1, 'current', '0.10'),
      row(1, 'over_90', '0.20'),
      row(2, '1_30', '0.10', 2),
      row(2, '31_60', '0.20'),
      row(2, '61_90', '1000000000.01', 1, 1),
    ]);
    const answer = await new ReceivablesAgeingService(reader, new FixedClock(), noBook).ageing({ id: 7, currency: 'INR' });
    expect(reader.queries).toEqual([{ accountId: 7, currency: 'INR', asOf: '2025-10-01' }]);
    expect(answer.clients.map((c) => c.client_id)).toEqual([2, 1]);
    expect(answer.clients[1]).toEqual({
      client_id: 1,
      client_name: 'Client 1',
      current: 0.1,
      '1_30': 0,
      '31_60': 0,
      '61_90': 0,
      over_90: 0.2,
      total: 0.3,
      documents: 2,
    });
    expect(answer.totals).toEqual({ current: 0.1, '1_30': 0.1, '31_60': 0.2, '61_90': 1000000000.01, over_90: 0.2, total: 1000000000.61, documents: 6 });
    expect(answer.unconverted_documents).toBe(1);
  });

  it('keeps sums beyond whole paise exact: an amount not plain money, and a sum past the safe integers', async () => {
    const reader = new Rows([
      row(1, 'current', '0.10'),
      row(1, 'current', '0.005'), // not plain money: the bucket is added with decimals from here on
      row(1, 'current', '0.005'),
      // Eleven of 9e12 rupees: 9.9e15 paise, past Number.MAX_SAFE_INTEGER.
      ...Array.from({ length: 11 }, () => row(2, 'over_90', '9000000000000.00')),
      row(2, 'over_90', '0.01'),
    ]);
    const answer = await new ReceivablesAgeingService(reader, new FixedClock(), noBook).ageing({ id: 7, currency: 'INR' });
    const one = answer.clients.find((c) => c.client_id === 1)!;
    expect([one.current, one.total]).toEqual([0.11, 0.11]);
    const two = answer.clients.find((c) => c.client_id === 2)!;
    expect([two.over_90, two.total]).toEqual([Number('99000000000000.01'), Number('99000000000000.01')]);
    expect(answer.totals.total).toBe(Number('99000000000000.12'));
  });

  it('passes an as_of through', async () => {
    const reader = new Rows([]);
    const answer = await new ReceivablesAgeingService(reader, new FixedClock(), noBook).ageing({ id: 7, currency: 'INR' }, '2024-03-31');
    expect(reader.queries[0].asOf).toBe('2024-03-31');
    expect(answer).toEqual({
      as_of: '2024-03-31',
      currency: 'INR',
      clients: [],
      totals: { current: 0, '1_30': 0, '31_60': 0, '61_90': 0, over_90: 0, total: 0, documents: 0 },
      unconverted_documents: 0,
    });
  });
});
