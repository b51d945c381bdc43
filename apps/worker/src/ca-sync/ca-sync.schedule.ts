import { Inject, Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { CaSyncRepository } from '@app/domain/ca-sync/ca-sync.port';
import { isSendDay } from '@app/domain/ca-sync/ca-sync-period';
import { ScheduledRun, SendCaSync } from '@app/domain/ca-sync/send-ca-sync.use-case';
import { kolkataDate } from '@app/domain/shared/fiscal-year';
import { WORKER_LOG } from '../logger';
import { Schedule } from '../scheduling/schedule';
import { ScheduleLocks } from '../scheduling/schedule-locks';

/** A queued CA-sync send this old that no job has taken is sent by the hourly pass. */
const CA_SYNC_STALE_MS = 10 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The scheduled CA-sync sends, checked hourly. The hour's lock keeps processes from scanning together;
 * the claim of each account's period in the database is what makes each email go out once.
 */
@Injectable()
export class CaSyncSchedule extends Schedule {
  constructor(
    registry: SchedulerRegistry,
    private readonly locks: ScheduleLocks,
    private readonly repo: CaSyncRepository,
    private readonly send: SendCaSync,
    @Inject(WORKER_LOG) private readonly log: Logger,
  ) {
    super(registry, 'ca-sync-scheduled', HOUR_MS);
  }

  /**
   * The sends of `today` (Asia/Kolkata; only the first day of a month does anything), after the queued
   * test sends that no job took. Null when another process holds the hour's lock.
   */
  async runOnce(today: string = kolkataDate(new Date())): Promise<ScheduledRun | null> {
    if (this.closing) return null;
    try {
      for (const stale of await this.repo.staleQueued(CA_SYNC_STALE_MS, 100)) {
        // One send that cannot be made or recorded is logged; the others, of any account, go on.
        await this.send.deliverQueued(stale).catch((err: Error) => this.isolated(stale.accountId, err.message, stale.sendId));
      }
      if (!isSendDay(today, 'monthly')) return { sent: 0, failed: 0 };
      if (!(await this.locks.take(`ca-sync:scheduled:${today}:${new Date().getUTCHours()}`, 50 * 60 * 1000))) return null;
      const run = await this.send.runScheduled(today, (accountId, error) => this.isolated(accountId, error));
      if (run.sent || run.failed) this.log.info({ ...run, day: today }, 'ca-sync scheduled sends');
      return run;
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'ca-sync pass failed');
      return null;
    }
  }

  private isolated(accountId: number, error: string, sendId?: number): void {
    this.log.error({ account_id: accountId, send_id: sendId, err: error }, 'ca-sync: a send failed and could not be recorded');
  }

  protected tick(): Promise<ScheduledRun | null> {
    return this.runOnce();
  }
}
