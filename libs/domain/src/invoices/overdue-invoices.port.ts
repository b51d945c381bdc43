/** The invoices of every account whose payment is pending past their due date. */
export abstract class OverdueInvoices {
  /** Marks issued, pending invoices due before `today` as overdue; returns how many changed. */
  abstract markPendingDueBefore(today: string, timestamp: Date): Promise<number>;
}
