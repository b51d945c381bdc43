import { CaSyncFormat, CaSyncSettings } from './ca-sync';
import { CaSyncData } from './ca-sync-data';
import { CaSyncWorkbook } from './ca-sync-sheet';

export type CaSyncTrigger = 'test' | 'scheduled';
export type CaSyncSendStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** One send of the accountant's workbook, as recorded. */
export interface CaSyncSend {
  id: number;
  accountId: number;
  periodFrom: string;
  periodTo: string;
  periodLabel: string;
  trigger: CaSyncTrigger;
  status: CaSyncSendStatus;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
}

export type NewCaSyncSend = Omit<CaSyncSend, 'id' | 'error' | 'createdAt' | 'sentAt'>;

/** Settings and the record of sends. Every method is scoped to the account it is given. */
export abstract class CaSyncRepository {
  /** The account's settings (defaults when none are stored). */
  abstract get(accountId: number): Promise<CaSyncSettings>;
  abstract save(accountId: number, settings: CaSyncSettings): Promise<void>;
  /** Records a send and returns its id. */
  abstract createSend(send: NewCaSyncSend): Promise<number>;
  /**
   * Claims the scheduled send of a period for one account: records it as `sending` and answers its id,
   * or null when that period's scheduled send is already sent or being sent (by any process).
   */
  abstract claimScheduled(send: Omit<NewCaSyncSend, 'trigger' | 'status'>): Promise<number | null>;
  abstract findSend(accountId: number, sendId: number): Promise<CaSyncSend | null>;
  /** Marks a queued send as being sent; false when it is not queued any more (another process took it). */
  abstract startSend(accountId: number, sendId: number): Promise<boolean>;
  /** Records the outcome, and on the settings `last_sent_at` / `last_period` (success) or `last_error` (failure). */
  abstract finishSend(accountId: number, sendId: number, outcome: { ok: true; at: string; periodLabel: string } | { ok: false; error: string }): Promise<void>;
  /** The most recent sends of the account, newest first. */
  abstract recentSends(accountId: number, limit: number): Promise<CaSyncSend[]>;
  /** Accounts with the sync switched on for `frequency`, ascending id, after `afterId`. */
  abstract enabledAccounts(frequency: CaSyncSettings['frequency'], afterId: number, limit: number): Promise<number[]>;
  /** Queued sends older than `olderThanMs` (the queue did not take them, or a worker stopped), across accounts, oldest first. */
  abstract staleQueued(olderThanMs: number, limit: number): Promise<CaSyncJob[]>;
}

/** The account's documents of a period, for the workbook. */
export abstract class CaSyncDataReader {
  abstract read(accountId: number, from: string, to: string): Promise<CaSyncData>;
}

export interface CaSyncFile {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** Writes the workbook as an .xlsx, or as CSV files in a ZIP. */
export abstract class CaSyncFileWriter {
  abstract write(workbook: CaSyncWorkbook, format: CaSyncFormat, baseName: string): Promise<CaSyncFile>;
}

export interface CaSyncJob {
  sendId: number;
  accountId: number;
}

/** Hands a queued send to the worker. */
export abstract class CaSyncQueue {
  abstract enqueue(job: CaSyncJob): Promise<void>;
}
