import { ActivityRecorder } from '../activity/activity-recorder';
import type { Caller } from '../shared/caller';
import { supplierSnapshotOf } from '../documents/document-gst';
import { Clock } from '../shared/clock.port';
import { formatTimestamp, kolkataDate } from '../shared/fiscal-year';
import { buildInvoice, ConversionInput, InvoiceSource, invoiceInputFromSource } from './invoice-rules';
import { IssuedInvoice, IssueInvoice } from './issue-invoice.use-case';

/** The document an invoice is made from (a quotation or a proforma invoice). */
export interface ConversionSource extends InvoiceSource {
  entityType: 'quotation' | 'proforma_invoice';
  id: number;
  number: string;
}

/**
 * Makes a new invoice from a quotation or proforma invoice: same client, currency and lines, dated today
 * (Asia/Kolkata) unless the body gives `invoice_date`, due on `payment_due_date` or the invoice date.
 * The source stays as it is; a `converted` event on it names the new invoice. Runs inside the caller's
 * transaction.
 */
export class ConvertToInvoice {
  constructor(
    private readonly issue: IssueInvoice,
    private readonly activity: ActivityRecorder,
    private readonly clock: Clock,
  ) {}

  async execute(caller: Caller, source: ConversionSource, input: ConversionInput): Promise<IssuedInvoice> {
    const now = this.clock.now();
    const today = kolkataDate(now);
    const built = buildInvoice(invoiceInputFromSource(source, input, today), {
      account: caller.account,
      today,
      now: formatTimestamp(now),
      gst: { client: null, supplier: supplierSnapshotOf(caller.account) },
    });
    const invoice = await this.issue.execute(caller, built.fields, built.lines ?? []);
    await this.activity.record(caller.principal, {
      action: 'converted',
      entityType: source.entityType,
      entityId: source.id,
      label: source.number,
      before: null,
      after: { invoice_id: invoice.id, invoice_number: invoice.number },
    });
    return invoice;
  }
}
