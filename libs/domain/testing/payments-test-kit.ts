import { DEFAULT_PLAN_POLICY } from '../src/accounts/plan';
import { ActivityRecorder } from '../src/activity/activity-recorder';
import { DocumentNumbering } from '../src/documents/document-numbering';
import { DocumentQuota } from '../src/documents/document-quota';
import { DebitNotesService } from '../src/notes/debit-notes.service';
import { PaymentLedger } from '../src/payments/payment-ledger';
import { PaymentsService } from '../src/payments/payments.service';
import { InMemoryDebitNoteRepository } from './in-memory-note.repository';
import { InMemoryPaymentRepository, InMemoryReceivableDocuments } from './in-memory-payments';
import { DefaultTestPrefixes, salesDocumentKit } from './sales-document-test-kit';

/**
 * The payments service, the ledger and the invoice and debit-note services that follow it, wired to in-memory
 * fakes (today is 2025-06-01 in Kolkata unless `start` says otherwise).
 */
export function paymentsKit(start = '2025-06-01T10:00:00Z') {
  const kit = salesDocumentKit(start);
  const activity = new ActivityRecorder(kit.log, kit.clock);
  const debitNotes = new InMemoryDebitNoteRepository((accountId, id) => kit.clients.all(accountId).find((c) => c.id === id)?.name);
  const numbering = new DocumentNumbering(kit.sequence, new DefaultTestPrefixes());
  const payments = new InMemoryPaymentRepository(kit.clock, (accountId, ref) =>
    ref.type === 'invoice' ? (kit.invoices.store.find(accountId, ref.id)?.invoiceNumber ?? null) : (debitNotes.notes.get(ref.id)?.number ?? null),
  );
  const ledger = new PaymentLedger(payments, new InMemoryReceivableDocuments(kit.invoices, debitNotes), activity, kit.clock);
  const debitNoteService = new DebitNotesService(debitNotes, {
    clients: kit.clients,
    numbering,
    quota: new DocumentQuota(kit.counter, kit.clock, DEFAULT_PLAN_POLICY),
    tx: kit.tx,
    clock: kit.clock,
    activity,
  }).withPayments(ledger);
  return {
    ...kit,
    debitNotes,
    payments,
    ledger,
    invoiceService: kit.invoiceService.withPayments(ledger),
    debitNoteService,
    paymentService: new PaymentsService(payments, ledger, kit.clients, numbering, kit.tx, kit.clock, activity),
  };
}
