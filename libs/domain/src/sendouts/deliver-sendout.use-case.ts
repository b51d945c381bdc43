import { AccountRepository } from '../accounts/account.repository.port';
import { ActivityEvent, ActivityLog } from '../activity/activity-log.port';
import { TransactionRunner } from '../shared/transaction.port';
import { DocumentOutputService, RenderedPdf } from '../document-output/document-output.service';
import { Clock } from '../shared/clock.port';
import { NotFound, SignatureRequired } from '../shared/domain-error';
import { SecretHasher } from '../shared/secret.port';
import { StatementPdfService } from '../payments/statement-pdf';
import { ClaimedSendout, Sendout, SendoutJob } from './sendout';
import { composeSendoutMail } from './sendout-mail';
import { Mailer, PermanentMailError } from './mailer.port';
import { SendoutRepository } from './sendout.repository.port';

export interface DeliveryOptions {
  /** Sender of every email (MAIL_FROM). */
  mailFrom: string;
  /** Attempts (claims) a row gets before a transient failure becomes final. */
  maxAttempts: number;
  /** Where the final outcome is recorded. */
  recording: DeliveryRecording;
  /**
   * The waits between further tries of the final mark alone, when the database refused the mark with its
   * outcome event: an email that went out must leave `sending`, or the lease would send it again. Default
   * 0.5, 1, 2, 4 and 8 s (well inside the shortest lease, a minute).
   */
  markRetryDelaysMs?: number[];
  /** How a wait is made (tests pass one that returns at once). */
  sleep?: (ms: number) => Promise<void>;
}

/** Where the final outcome is recorded: the `sent`/`failed` activity event in the same transaction as the row. */
export interface DeliveryRecording {
  tx: TransactionRunner;
  activity: ActivityLog;
}

/**
 * `unrecorded`: the row has its final status, but its outcome event could not be written (why); the caller
 * logs it. The email is not sent again for it.
 */
export type DeliveryResult =
  | { outcome: 'sent'; messageId: string; attempts: number; unrecorded?: string }
  /** Nothing done: the row is not claimable (already handled, being handled, cancelled, deleted). */
  | { outcome: 'skipped' }
  | { outcome: 'failed'; error: string; attempts: number; unrecorded?: string }
  /** A transient failure; the row is queued again and the caller must retry after a back-off. */
  | { outcome: 'retry'; error: string; attempts: number };

/** The activity event of an email's final outcome (by `system`): the relay sends it as `sendout.sent|failed`. */
export function sendoutOutcomeEvent(row: Sendout, outcome: 'sent' | 'failed', now: Date, detail: Record<string, unknown>): ActivityEvent {
  return {
    accountId: row.accountId,
    actorKind: 'system',
    actorUserId: null,
    action: outcome,
    entityType: 'sendout',
    entityId: row.id,
    label: row.subject,
    before: { status: 'sending' },
    after: {
      status: outcome,
      document_type: row.documentType,
      document_id: row.documentId,
      client_id: row.clientId,
      attempts: row.attempts,
      ...(row.period ? { period_from: row.period.from, period_to: row.period.to } : {}),
      ...detail,
    },
    occurredAt: now,
  };
}

/** What renders the PDF an email carries: a stored document's, or a client's statement. */
export interface SendoutRenderers {
  documents: Pick<DocumentOutputService, 'pdf'>;
  statements: Pick<StatementPdfService, 'pdf'>;
}

/** A failure no retry can fix (document gone, account closed, no signature, SMTP 5xx). */
class PermanentFailure extends Error {}

const MAX_ERROR_LENGTH = 1000;
const MARK_RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000];

/** An error as one line of at most 1000 characters (its class, unless plain, and its message). */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_ERROR_LENGTH) || 'unknown error';
}

/**
 * The worker's use case: one delivery attempt of one queue row (a document's PDF, or a client's statement for the
 * period stored on the row). It first claims the row (queued ->
 * sending, one more attempt) and does nothing if the claim fails, so a job that runs twice sends once.
 * Then it renders the PDF, sends one email (PDF attached, signature inline) and records the outcome:
 * sent; failed at once for a permanent failure or when attempts are used up; otherwise queued again
 * with the error, for a retry after a back-off.
 */
export class DeliverSendout {
  constructor(
    private readonly sendouts: SendoutRepository,
    private readonly accounts: AccountRepository,
    private readonly renderers: SendoutRenderers,
    private readonly mailer: Mailer,
    private readonly secrets: SecretHasher,
    private readonly clock: Clock,
    private readonly options: DeliveryOptions,
  ) {}

  async execute(job: SendoutJob): Promise<DeliveryResult> {
    const token = this.secrets.randomToken(16);
    const row = await this.sendouts.claim(job.accountId, job.sendoutId, token, this.clock.now());
    if (!row) return { outcome: 'skipped' };

    let messageId: string;
    try {
      messageId = (await this.mailer.send(await this.compose(row))).messageId;
    } catch (error) {
      const message = errorText(error);
      const permanent = error instanceof PermanentFailure || error instanceof PermanentMailError;
      if (permanent || row.attempts >= this.options.maxAttempts) {
        const unrecorded = await this.finish(row, 'failed', (now) => this.sendouts.markFailed(row.accountId, row.id, token, message, now), {
          last_error: message,
        });
        return { outcome: 'failed', error: message, attempts: row.attempts, ...unrecorded };
      }
      await this.sendouts.release(row.accountId, row.id, token, message, this.clock.now());
      return { outcome: 'retry', error: message, attempts: row.attempts };
    }
    // The email is out: whatever happens now must not lead to a second send of this attempt.
    const unrecorded = await this.finish(row, 'sent', (now) => this.sendouts.markSent(row.accountId, row.id, token, messageId, now), {
      message_id: messageId,
    });
    return { outcome: 'sent', messageId, attempts: row.attempts, ...unrecorded };
  }

  /**
   * Marks the row sent or failed and, when the mark took (the claim still held), records the outcome on the
   * account's activity log in the same transaction: the relay makes `sendout.sent|failed` webhooks of it.
   * When that transaction fails (the event, or the database), the row is marked alone, tried again after
   * each of `markRetryDelaysMs`: a row left in `sending` would be sent again once its lease ran out. Answers
   * `{ unrecorded }` when the row got its status without its event; throws when even the mark alone failed.
   */
  private async finish(
    row: ClaimedSendout,
    outcome: 'sent' | 'failed',
    mark: (now: Date) => Promise<boolean>,
    detail: Record<string, unknown>,
  ): Promise<{ unrecorded?: string }> {
    const { tx, activity } = this.options.recording;
    try {
      await tx.run(async () => {
        const now = this.clock.now();
        if (!(await mark(now))) return;
        await activity.append(sendoutOutcomeEvent(row, outcome, now, detail));
      });
      return {};
    } catch (error) {
      const unrecorded = errorText(error);
      const delays = this.options.markRetryDelaysMs ?? MARK_RETRY_DELAYS_MS;
      const sleep = this.options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
      for (let retry = 0; ; retry++) {
        try {
          await mark(this.clock.now());
          return { unrecorded };
        } catch (markError) {
          if (retry >= delays.length) throw markError;
          await sleep(delays[retry]);
        }
      }
    }
  }

  private async compose(row: ClaimedSendout) {
    const account = await this.accounts.findById(row.accountId);
    if (!account || account.deleted) throw new PermanentFailure('The account no longer exists.');
    if (account.suspended) throw new PermanentFailure('The account is suspended.');
    let pdf: RenderedPdf;
    const options = { signature: row.signatureOverride, requireSignature: true };
    try {
      pdf =
        row.documentType === 'statement'
          ? await this.renderers.statements.pdf(account, row.clientId, { from: row.period?.from, to: row.period?.to }, options)
          : await this.renderers.documents.pdf(account, row.documentType, row.documentId as number, options);
    } catch (error) {
      if (error instanceof NotFound)
        throw new PermanentFailure(row.documentType === 'statement' ? 'The client no longer exists.' : 'The document no longer exists.');
      if (error instanceof SignatureRequired) throw new PermanentFailure('signature_required: the business signature was removed and no override was sent.');
      throw error;
    }
    if (!pdf.signature) throw new PermanentFailure('signature_required: the PDF was made without a signature.');
    return composeSendoutMail(row, account, pdf, pdf.signature, this.options.mailFrom);
  }
}
