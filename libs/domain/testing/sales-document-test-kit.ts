import { DEFAULT_PLAN_POLICY } from '../src/accounts/plan';
import { ActivityRecorder } from '../src/activity/activity-recorder';
import { DEFAULT_PREFIXES } from '../src/documents/document-number';
import { DocumentKind } from '../src/documents/document-kinds';
import { DocumentNumbering } from '../src/documents/document-numbering';
import { DocumentQuota } from '../src/documents/document-quota';
import { DocumentCounter } from '../src/documents/document-counter.port';
import { DocumentPrefixes, DocumentSequence, NumberSeries } from '../src/documents/document-sequence.port';
import { ConvertToInvoice } from '../src/invoices/convert-to-invoice.use-case';
import { AccountReferences } from '../src/documents/account-references';
import { InvoicesService } from '../src/invoices/invoices.service';
import { IssueInvoice } from '../src/invoices/issue-invoice.use-case';
import { InvoiceStock } from '../src/inventory/invoice-stock';
import { InventoryRepository } from '../src/inventory/inventory.repository.port';
import { ProformaInvoicesService } from '../src/proforma-invoices/proforma-invoices.service';
import { QuotationsService } from '../src/quotations/quotations.service';
import { FakeClock } from './fake-clock';
import { ImmediateTransactionRunner } from './immediate-transaction-runner';
import { InMemoryActivityLog } from './in-memory-activity-log';
import { InMemoryClientRepository } from './in-memory-client.repository';
import { InMemoryInvoiceRepository } from './in-memory-invoice.repository';
import { InMemoryProformaInvoiceRepository, InMemoryQuotationRepository } from './in-memory-offer-documents';

/** Counters per (account, kind, FY), as document_sequences. */
export class InMemoryDocumentSequence extends DocumentSequence {
  readonly values = new Map<string, number>();
  async next(accountId: number, kind: NumberSeries, fyStartYear: number): Promise<number> {
    const key = `${accountId}|${kind}|${fyStartYear}`;
    const value = (this.values.get(key) ?? 0) + 1;
    this.values.set(key, value);
    return value;
  }
}

export class DefaultTestPrefixes extends DocumentPrefixes {
  async prefixFor(_accountId: number, kind: DocumentKind): Promise<string> {
    return DEFAULT_PREFIXES[kind];
  }
}

/** Documents created this month, as a test sets it. */
export class SettableCounter extends DocumentCounter {
  used = 0;
  async countCreatedBetween(): Promise<number> {
    return this.used;
  }
}

/** The invoice, quotation and proforma services wired to in-memory fakes. Today is 2025-06-01 in Kolkata. */
export function salesDocumentKit(start = '2025-06-01T10:00:00Z') {
  const clock = new FakeClock(start);
  const clients = new InMemoryClientRepository(clock);
  const clientName = (accountId: number, id: number) => (clients.all(accountId).find((c) => c.id === id) ?? undefined)?.name;
  const invoices = new InMemoryInvoiceRepository(clock, clientName);
  const quotations = new InMemoryQuotationRepository(clock, clientName);
  const proformas = new InMemoryProformaInvoiceRepository(clock, clientName);
  const sequence = new InMemoryDocumentSequence();
  const counter = new SettableCounter();
  const log = new InMemoryActivityLog();
  const tx = new ImmediateTransactionRunner();
  const activity = new ActivityRecorder(log, clock);
  const numbering = new DocumentNumbering(sequence, new DefaultTestPrefixes());
  const quota = new DocumentQuota(counter, clock, DEFAULT_PLAN_POLICY);
  // Inventory off: links are dropped and the inventory repository is never read (test/invoices.e2e-spec.ts covers stock).
  const stock = new InvoiceStock(undefined as unknown as InventoryRepository, false);
  const issue = new IssueInvoice(invoices, clients, numbering, quota, activity, stock);
  const convert = new ConvertToInvoice(issue, activity, clock);
  return {
    clock,
    clients,
    invoices,
    quotations,
    proformas,
    sequence,
    counter,
    log,
    tx,
    invoiceService: new InvoicesService(
      invoices,
      issue,
      new AccountReferences(clients, { findVisible: () => Promise.resolve(null) }),
      tx,
      clock,
      activity,
      stock,
    ),
    quotationService: new QuotationsService(quotations, { clients, numbering, quota, convert, tx, activity }),
    proformaService: new ProformaInvoicesService(proformas, { clients, numbering, quota, convert, tx, activity }),
    async addClient(accountId: number, name = 'Client'): Promise<number> {
      return clients.insert(accountId, {
        name,
        phone: '9876543210',
        countryCode: '+91',
        email: `${name}@example.com`,
        address: null,
        gstin: null,
        stateCode: null,
      });
    },
  };
}
