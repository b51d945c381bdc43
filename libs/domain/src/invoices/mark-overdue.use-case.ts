import { OverdueInvoices } from './overdue-invoices.port';
import { Clock } from '../shared/clock.port';
import { kolkataDate } from '../shared/fiscal-year';

/**
 * The daily schedule of docs/decisions.md, "Documents, numbering and payments": `pending` invoices whose payment_due_date has passed (in
 * Asia/Kolkata) become `overdue`; `partial` stays `partial`; drafts and cancelled invoices are left alone.
 */
export class MarkOverdueInvoices {
  constructor(
    private readonly invoices: OverdueInvoices,
    private readonly clock: Clock,
  ) {}

  execute(): Promise<number> {
    const now = this.clock.now();
    return this.invoices.markPendingDueBefore(kolkataDate(now), now);
  }
}
