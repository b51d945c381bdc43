import { AccountRepository } from '../accounts/account.repository.port';
import { planOf } from '../accounts/plan';
import { Clock } from '../shared/clock.port';
import { formatTimestamp } from '../shared/fiscal-year';
import { Mailer } from '../sendouts/mailer.port';
import { CA_SYNC_FREQUENCIES } from './ca-sync';
import { CaSyncPeriod, isSendDay, periodBefore } from './ca-sync-period';
import { buildCaSyncWorkbook, CaSyncWorkbook } from './ca-sync-workbook';
import { CaSyncDataReader, CaSyncFileWriter, CaSyncJob, CaSyncRepository } from './ca-sync.port';

export type CaSyncOutcome = 'sent' | 'failed' | 'skipped';

export interface ScheduledRun {
  sent: number;
  failed: number;
}

const PAGE = 200;
const MAX_ERROR = 1000;

/**
 * Builds the accountant's workbook of a period and mails it to the account's CA; every send is recorded
 * (its row, and `last_sent_at` / `last_error` on the settings). Scheduled sends go out on the first day
 * of each month (monthly) or quarter (quarterly) for the period before, to Pro accounts with the sync on;
 * a period's scheduled send is claimed in the database, so several workers send it once.
 */
export class SendCaSync {
  constructor(
    private readonly repo: CaSyncRepository,
    private readonly reader: CaSyncDataReader,
    private readonly writer: CaSyncFileWriter,
    private readonly accounts: AccountRepository,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly options: { mailFrom: string },
  ) {}

  /** A queued (test) send; skipped when another process already took it. */
  async deliverQueued(job: CaSyncJob): Promise<CaSyncOutcome> {
    const send = await this.repo.findSend(job.accountId, job.sendId);
    if (!send || send.status !== 'queued') return 'skipped';
    if (!(await this.repo.startSend(job.accountId, job.sendId))) return 'skipped';
    return this.deliver(job.accountId, job.sendId, { from: send.periodFrom, to: send.periodTo, label: send.periodLabel });
  }

  /**
   * The scheduled sends due on `today` ('Y-m-d', Asia/Kolkata). An account whose send cannot even be
   * recorded counts as failed and is told to `isolated` (the caller logs it); the other accounts go on.
   */
  async runScheduled(today: string, isolated: (accountId: number, error: string) => void = () => undefined): Promise<ScheduledRun> {
    const run: ScheduledRun = { sent: 0, failed: 0 };
    for (const frequency of CA_SYNC_FREQUENCIES) {
      if (!isSendDay(today, frequency)) continue;
      const period = periodBefore(today, frequency);
      for (let after = 0; ;) {
        const ids = await this.repo.enabledAccounts(frequency, after, PAGE);
        for (const accountId of ids) {
          let outcome: CaSyncOutcome;
          try {
            outcome = await this.scheduledSend(accountId, period);
          } catch (err) {
            isolated(accountId, (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR));
            outcome = 'failed';
          }
          if (outcome === 'sent') run.sent++;
          else if (outcome === 'failed') run.failed++;
        }
        if (ids.length < PAGE) break;
        after = ids[ids.length - 1];
      }
    }
    return run;
  }

  /** The account's send of the period, if it is due one and no other process claimed it ('skipped' otherwise). */
  private async scheduledSend(accountId: number, period: CaSyncPeriod): Promise<CaSyncOutcome> {
    const account = await this.accounts.findById(accountId);
    if (!account || account.suspended || account.deleted || planOf(account, this.clock.now()).code !== 'pro') return 'skipped';
    const sendId = await this.repo.claimScheduled({ accountId, periodFrom: period.from, periodTo: period.to, periodLabel: period.label });
    if (sendId === null) return 'skipped';
    return this.deliver(accountId, sendId, period);
  }

  /** Builds the workbook of the account's period (exposed for the worker's tests and tools). */
  async workbook(accountId: number, period: CaSyncPeriod): Promise<CaSyncWorkbook> {
    return buildCaSyncWorkbook(period, await this.reader.read(accountId, period.from, period.to));
  }

  private async deliver(accountId: number, sendId: number, period: CaSyncPeriod): Promise<CaSyncOutcome> {
    try {
      const [settings, account] = await Promise.all([this.repo.get(accountId), this.accounts.findById(accountId)]);
      if (!account) throw new Error('The account no longer exists.');
      if (!settings.caEmail) throw new Error('No CA email address is set.');
      const workbook = await this.workbook(accountId, period);
      const business = account.businessName ?? `Account ${accountId}`;
      const baseName = `books-${period.from}-to-${period.to}`;
      const file = await this.writer.write(workbook, settings.format, baseName);
      const t = workbook.totals;
      const summary = [
        `Books of ${business}${account.gstin ? ` (GSTIN ${account.gstin})` : ''} for ${period.label}, ${period.from} to ${period.to}.`,
        '',
        `Invoices: ${t.invoices}; taxable value ${t.taxable}; CGST ${t.cgst}; SGST ${t.sgst}; IGST ${t.igst}; invoice value ${t.invoiceValue}.`,
        `Credit notes ${t.creditNotes}; debit notes ${t.debitNotes}; expenses ${t.expenses}.`,
        '',
        `The attached ${settings.format === 'xlsx' ? 'workbook' : 'archive'} has the sales register, credit and debit notes, HSN summary, GST summary, expenses and TDS.`,
      ];
      await this.mailer.send({
        from: this.options.mailFrom,
        replyTo: account.businessEmail,
        to: [settings.caEmail],
        cc: [],
        bcc: [],
        subject: `Books of ${business} for ${period.label}`,
        text: summary.join('\n'),
        html: summary.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join('\n'),
        attachments: [file],
      });
      await this.repo.finishSend(accountId, sendId, { ok: true, at: formatTimestamp(this.clock.now()), periodLabel: period.label });
      return 'sent';
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR) || 'The send failed.';
      await this.repo.finishSend(accountId, sendId, { ok: false, error: message });
      return 'failed';
    }
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
