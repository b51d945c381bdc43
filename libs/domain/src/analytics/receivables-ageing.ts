import { Account } from '../shared/account';
import { Gstr1File } from '../gst-returns/gst-exports.port';
import { Clock } from '../shared/clock.port';
import { kolkataDate } from '../shared/fiscal-year';
import { Exact, exactOf, moneyText, plus, toNumber2, ZERO } from '../shared/money';
import { AnalyticsReader } from './analytics-reader.port';
import { AnswerCache } from './answer-cache';

/** Days past due as of the date: `current` is not yet due (or no due date), then 1-30, 31-60, 61-90, over 90. */
export type AgeingBucket = 'current' | '1_30' | '31_60' | '61_90' | 'over_90';
export const AGEING_BUCKETS: readonly AgeingBucket[] = ['current', '1_30', '31_60', '61_90', 'over_90'];

/** One client's outstanding documents of one bucket, summed in the account's currency by the reader. */
export interface AgeingRow {
  clientId: number;
  clientName: string | null;
  bucket: AgeingBucket;
  /** Documents with a balance in the bucket (converted or not). */
  count: number;
  /** Sum of the converted balances, an exact decimal string ('0.00' when none could be converted). */
  amount: string;
  /** Documents in another currency that could not be converted (no exchange rate), left out of `amount`. */
  unconverted: number;
}

export interface AgeingQuery {
  accountId: number;
  /** The account's currency: what every amount is given in. */
  currency: string;
  /** Y-m-d: days past due are counted to it, and allocations dated after it are not counted as paid. */
  asOf: string;
}

/**
 * The outstanding balances of an account's issued and archived invoices and debit notes as of a date, per client
 * and bucket, as one aggregate statement over the account's rows (docs/receivables.md, "Receivables ageing").
 */
export abstract class ReceivablesAgeingReader {
  abstract ageing(query: AgeingQuery): Promise<AgeingRow[]>;
}

export type BucketAmounts = Record<AgeingBucket, number> & { total: number; documents: number };

export interface ReceivablesAgeing {
  as_of: string;
  currency: string;
  clients: Array<{ client_id: number; client_name: string | null } & BucketAmounts>;
  totals: BucketAmounts;
  /** Documents in another currency without an exchange rate, left out of every amount. */
  unconverted_documents: number;
}

/** Writes the ageing as a workbook (a sheet of clients with a totals row). */
export abstract class AgeingWorkbookWriter {
  abstract write(ageing: ReceivablesAgeing, baseName: string): Promise<Gstr1File>;
}

/**
 * Exact sums per bucket (money.ts's exact arithmetic, every amount as it is stored), turned into JSON numbers once
 * at the end. The total is the sum of the buckets' sums.
 */
class Buckets {
  private readonly sums: Record<AgeingBucket, Exact> = { current: ZERO, '1_30': ZERO, '31_60': ZERO, '61_90': ZERO, over_90: ZERO };
  documents = 0;

  add(bucket: AgeingBucket, amount: string, count: number): void {
    this.documents += Number(count);
    this.sums[bucket] = plus(this.sums[bucket], exactOf(amount));
  }

  present(): BucketAmounts {
    const out = {} as Record<AgeingBucket, number>;
    let total = ZERO;
    for (const b of AGEING_BUCKETS) {
      out[b] = toNumber2(moneyText(this.sums[b]));
      total = plus(total, this.sums[b]);
    }
    return { ...out, total: toNumber2(moneyText(total)), documents: this.documents };
  }
}

/**
 * Where ageing answers are kept: the analytics answer cache, keyed by the account's analytics data version
 * (docs/analytics.md "Answer cache"), which moves with every write to the rows the ageing reads (invoices, debit
 * notes, allocations, payments, clients).
 */
export interface AgeingAnswers {
  answers: AnswerCache;
  versions: Pick<AnalyticsReader, 'dataVersion'>;
}

/**
 * Receivables ageing of an account as of a date (default today in Asia/Kolkata), in JSON or as a workbook. With
 * `cache`, an answer is kept per (account, currency, date, data version): the version is read first, so an answer is
 * reused only while no write has touched the account's data since it was computed. A kept answer is shared by the
 * requests that ask for it, so nothing may change it.
 */
export class ReceivablesAgeingService {
  constructor(
    private readonly reader: ReceivablesAgeingReader,
    private readonly clock: Clock,
    private readonly workbook: AgeingWorkbookWriter,
    private readonly cache?: AgeingAnswers,
  ) {}

  async ageing(account: Pick<Account, 'id' | 'currency'>, asOf?: string): Promise<ReceivablesAgeing> {
    const date = asOf ?? kolkataDate(this.clock.now());
    if (!this.cache) return this.compute(account, date);
    const version = await this.cache.versions.dataVersion(account.id);
    return this.cache.answers.get(`ageing:${account.id}:${account.currency}:${date}:${version}`, () => this.compute(account, date));
  }

  private async compute(account: Pick<Account, 'id' | 'currency'>, date: string): Promise<ReceivablesAgeing> {
    const rows = await this.reader.ageing({ accountId: account.id, currency: account.currency, asOf: date });
    const clients = new Map<number, { name: string | null; buckets: Buckets }>();
    const totals = new Buckets();
    let unconverted = 0;
    for (const r of rows) {
      const id = Number(r.clientId);
      const client = clients.get(id) ?? { name: r.clientName, buckets: new Buckets() };
      clients.set(id, client);
      client.buckets.add(r.bucket, r.amount, r.count);
      totals.add(r.bucket, r.amount, r.count);
      unconverted += Number(r.unconverted);
    }
    const list = [...clients.entries()]
      .map(([id, c]) => ({ client_id: id, client_name: c.name, ...c.buckets.present() }))
      // Most owed first; ties by client id so the order is stable.
      .sort((a, b) => b.total - a.total || a.client_id - b.client_id);
    return { as_of: date, currency: account.currency, clients: list, totals: totals.present(), unconverted_documents: unconverted };
  }

  async workbookFile(account: Pick<Account, 'id' | 'currency'>, asOf?: string): Promise<Gstr1File> {
    const ageing = await this.ageing(account, asOf);
    return this.workbook.write(ageing, `receivables-ageing-${ageing.as_of}`);
  }
}
