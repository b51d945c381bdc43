import { ActivityRecorder } from '../activity/activity-recorder';
import type { Caller } from '../auth/authenticate-caller.use-case';
import { ClientRepository } from '../clients/client.repository.port';
import { DocumentListFilter } from '../documents/document-list-filter';
import { DocumentNumbering } from '../documents/document-numbering';
import { DocumentQuota } from '../documents/document-quota';
import { requireClient } from '../documents/sales-document-fields';
import { ConversionInput } from '../invoices/invoice-rules';
import { ConvertToInvoice } from '../invoices/convert-to-invoice.use-case';
import { IssuedInvoice } from '../invoices/issue-invoice.use-case';
import { NotFound } from '../shared/domain-error';
import { Page } from '../shared/pagination';
import { TransactionRunner } from '../shared/transaction.port';
import { Quotation, QuotationHeader, quotationSummary } from './quotation';
import { QuotationRepository } from './quotation.repository.port';
import { buildQuotation, QuotationInput } from './quotation-rules';

/** Quotations: list, read, create, merge-update, delete, bulk delete and conversion to an invoice. */
export class QuotationsService {
  constructor(
    private readonly quotations: QuotationRepository,
    private readonly clients: ClientRepository,
    private readonly numbering: DocumentNumbering,
    private readonly quota: DocumentQuota,
    private readonly convert: ConvertToInvoice,
    private readonly tx: TransactionRunner,
    private readonly activity: ActivityRecorder,
  ) {}

  list(caller: Caller, filter: DocumentListFilter): Promise<Page<QuotationHeader>> {
    return this.quotations.list(caller.account.id, filter);
  }

  get(caller: Caller, id: number): Promise<Quotation> {
    return this.require(caller.account.id, id);
  }

  async create(caller: Caller, input: QuotationInput): Promise<{ id: number; number: string }> {
    const accountId = caller.account.id;
    const { fields, lines } = buildQuotation(input, caller.account);
    return this.tx.run(async () => {
      await this.quota.assertCanCreate(caller.account);
      await requireClient(this.clients, accountId, fields.clientId);
      const allocated = await this.numbering.allocate(accountId, 'quotation', fields.quotationDate);
      const id = await this.quotations.insert(accountId, allocated, fields, lines ?? []);
      await this.activity.record(caller.principal, {
        action: 'created', entityType: 'quotation', entityId: id, label: allocated.number,
        after: { ...quotationSummary(fields), lines: (lines ?? []).length },
      });
      return { id, number: allocated.number };
    });
  }

  async update(caller: Caller, id: number, input: QuotationInput): Promise<void> {
    const accountId = caller.account.id;
    await this.tx.run(async () => {
      const current = await this.require(accountId, id);
      const { fields, lines } = buildQuotation(input, caller.account, current);
      if (fields.clientId !== current.clientId) await requireClient(this.clients, accountId, fields.clientId);
      await this.quotations.update(accountId, id, fields, lines);
      await this.activity.record(caller.principal, {
        action: 'updated', entityType: 'quotation', entityId: id, label: current.quotationNumber,
        before: { ...quotationSummary(current), lines: current.lines.length },
        after: { ...quotationSummary(fields), lines: (lines ?? current.lines).length },
      });
    });
  }

  async delete(caller: Caller, id: number): Promise<void> {
    const accountId = caller.account.id;
    await this.tx.run(async () => {
      const current = await this.require(accountId, id);
      await this.quotations.deleteMany(accountId, [id]);
      await this.activity.record(caller.principal, {
        action: 'deleted', entityType: 'quotation', entityId: id, label: current.quotationNumber,
        before: { ...quotationSummary(current), lines: current.lines.length },
      });
    });
  }

  async bulkDelete(caller: Caller, ids: number[]): Promise<{ deleted: number; skipped: number[] }> {
    const accountId = caller.account.id;
    const unique = [...new Set(ids)];
    return this.tx.run(async () => {
      const owned = await this.quotations.numbersOf(accountId, unique);
      const ownedIds = new Set(owned.map((o) => o.id));
      await this.quotations.deleteMany(accountId, [...ownedIds]);
      for (const { id, number } of owned) {
        await this.activity.record(caller.principal, { action: 'deleted', entityType: 'quotation', entityId: id, label: number, after: { bulk: true } });
      }
      return { deleted: ownedIds.size, skipped: unique.filter((id) => !ownedIds.has(id)) };
    });
  }

  /** A new invoice with the quotation's client, currency, type and lines; the quotation stays as it is. */
  async convertToInvoice(caller: Caller, id: number, input: ConversionInput): Promise<IssuedInvoice> {
    return this.tx.run(async () => {
      const q = await this.require(caller.account.id, id);
      return this.convert.execute(caller, {
        entityType: 'quotation', id: q.id, number: q.quotationNumber,
        clientId: q.clientId, currency: q.currency, invoiceType: q.quotationType, lutNumber: q.lutNumber,
        declarationText: q.declarationText, transportDetails: q.transportDetails, lrNumber: q.lrNumber,
        discountType: q.discountType, discountValue: q.discountValue, lines: q.lines,
      }, input);
    });
  }

  private async require(accountId: number, id: number): Promise<Quotation> {
    const quotation = await this.quotations.findById(accountId, id);
    if (!quotation) throw NotFound.of('Quotation', id);
    return quotation;
  }
}
