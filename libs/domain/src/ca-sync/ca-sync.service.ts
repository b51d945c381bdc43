import { Account } from '../shared/account';
import { assertProFeature } from '../accounts/plan';
import { Clock } from '../shared/clock.port';
import { ValidationFailed } from '../shared/domain-error';
import { kolkataDate } from '../shared/fiscal-year';
import { applyCaSyncInput, CaSyncInput, CaSyncSettings } from './ca-sync';
import { CaSyncPeriod, explicitPeriod, periodBefore } from './ca-sync-period';
import { CaSyncQueue, CaSyncRepository, CaSyncSend } from './ca-sync.port';

export interface TestSendInput {
  from?: unknown;
  to?: unknown;
}

export interface QueuedTestSend {
  sendId: number;
  period: CaSyncPeriod;
}

/** The CA-sync settings of the API (a Pro feature: 403 subscription_expired after Pro lapses, 402 on Free). */
export class CaSyncService {
  constructor(
    private readonly repo: CaSyncRepository,
    private readonly queue: CaSyncQueue,
    private readonly clock: Clock,
  ) {}

  async get(account: Account): Promise<CaSyncSettings> {
    assertProFeature(account, this.clock.now(), 'CA-sync');
    return this.repo.get(account.id);
  }

  /** The account's latest sends (test and scheduled), newest first. */
  async recentSends(account: Account, limit = 10): Promise<CaSyncSend[]> {
    assertProFeature(account, this.clock.now(), 'CA-sync');
    return this.repo.recentSends(account.id, limit);
  }

  async update(account: Account, input: CaSyncInput): Promise<CaSyncSettings> {
    assertProFeature(account, this.clock.now(), 'CA-sync');
    const next = applyCaSyncInput(await this.repo.get(account.id), input);
    await this.repo.save(account.id, next);
    return next;
  }

  /**
   * Queues a send now: of the given period (`from` and `to` together), or else of the period before
   * today at the account's frequency. The row is recorded first; when the queue does not take the job
   * the worker's periodic pass sends the queued row.
   */
  async testSend(account: Account, input: TestSendInput): Promise<QueuedTestSend> {
    const now = this.clock.now();
    assertProFeature(account, now, 'CA-sync');
    const settings = await this.repo.get(account.id);
    if (!settings.caEmail) throw new ValidationFailed({ caEmail: 'must be set before a test send' });
    if ((input.from === undefined) !== (input.to === undefined)) {
      throw new ValidationFailed({ [input.from === undefined ? 'from' : 'to']: 'is required when the other end of the period is given' });
    }
    const period = input.from !== undefined ? explicitPeriod(input.from, input.to) : periodBefore(kolkataDate(now), settings.frequency);
    const sendId = await this.repo.createSend({
      accountId: account.id,
      periodFrom: period.from,
      periodTo: period.to,
      periodLabel: period.label,
      trigger: 'test',
      status: 'queued',
    });
    await this.queue.enqueue({ sendId, accountId: account.id }).catch(() => undefined);
    return { sendId, period };
  }
}
