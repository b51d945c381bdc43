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
import { ProformaInvoice, ProformaInvoiceHeader, proformaSummary } from './proforma-invoice';
import { ProformaInvoiceRepository } from './proforma-invoice.repository.port';
import { buildProformaInvoice, ProformaInvoiceInput } from './proforma-invoice-rules';

const ENTITY = 'proforma_invoice';

/** Proforma invoices: list, read, create, merge-update, delete, bulk delete and conversion to an invoice. */
export class ProformaInvoicesService {
  constructor(
    private readonly proformas: ProformaInvoiceRepository,
    private readonly clients: ClientRepository,
    private readonly numbering: DocumentNumbering,
    private readonly quota: DocumentQuota,
    private readonly convert: ConvertToInvoice,
    private readonly tx: TransactionRunner,
    private readonly activity: ActivityRecorder,
  ) {}

  list(caller: Caller, filter: DocumentListFilter): Promise<Page<ProformaInvoiceHeader>> {
    return this.proformas.list(caller.account.id, filter);
  }

  get(caller: Caller, id: number): Promise<ProformaInvoice> {
    return this.require(caller.account.id, id);
  }

  async create(caller: Caller, input: ProformaInvoiceInput): Promise<{ id: number; number: string }> {
    const accountId = caller.account.id;
    const { fields, lines } = buildProformaInvoice(input, caller.account);
    return this.tx.run(async () => {
      await this.quota.assertCanCreate(caller.account);
      await requireClient(this.clients, accountId, fields.clientId);
      const allocated = await this.numbering.allocate(accountId, 'proforma-invoice', fields.proformaDate);
      const id = await this.proformas.insert(accountId, allocated, fields, lines ?? []);
      await this.activity.record(caller.principal, {
        action: 'created', entityType: ENTITY, entityId: id, label: allocated.number,
        after: { ...proformaSummary(fields), lines: (lines ?? []).length },
      });
      return { id, number: allocated.number };
    });
  }

  async update(caller: Caller, id: number, input: ProformaInvoiceInput): Promise<void> {
    const accountId = caller.account.id;
    await this.tx.run(async () => {
      const current = await this.require(accountId, id);
      const { fields, lines } = buildProformaInvoice(input, caller.account, current);
      if (fields.clientId !== current.clientId) await requireClient(this.clients, accountId, fields.clientId);
      await this.proformas.update(accountId, id, fields, lines);
      await this.activity.record(caller.principal, {
        action: 'updated', entityType: ENTITY, entityId: id, label: current.proformaNumber,
        before: { ...proformaSummary(current), lines: current.lines.length },
        after: { ...proformaSummary(fields), lines: (lines ?? current.lines).length },
      });
    });
  }

  async delete(caller: Caller, id: number): Promise<void> {
    const accountId = caller.account.id;
    await this.tx.run(async () => {
      const current = await this.require(accountId, id);
      await this.proformas.deleteMany(accountId, [id]);
      await this.activity.record(caller.principal, {
        action: 'deleted', entityType: ENTITY, entityId: id, label: current.proformaNumber,
        before: { ...proformaSummary(current), lines: current.lines.length },
      });
    });
  }

  async bulkDelete(caller: Caller, ids: number[]): Promise<{ deleted: number; skipped: number[] }> {
    const accountId = caller.account.id;
    const unique = [...new Set(ids)];
    return this.tx.run(async () => {
      const owned = await this.proformas.numbersOf(accountId, unique);
      const ownedIds = new Set(owned.map((o) => o.id));
      await this.proformas.deleteMany(accountId, [...ownedIds]);
      for (const { id, number } of owned) {
        await this.activity.record(caller.principal, { action: 'deleted', entityType: ENTITY, entityId: id, label: number, after: { bulk: true } });
      }
      return { deleted: ownedIds.size, skipped: unique.filter((id) => !ownedIds.has(id)) };
    });
  }

  /** A new invoice with the proforma's client, currency and lines (type by the account's GSTIN). */
  async convertToInvoice(caller: Caller, id: number, input: ConversionInput): Promise<IssuedInvoice> {
    return this.tx.run(async () => {
      const p = await this.require(caller.account.id, id);
      return this.convert.execute(caller, {
        entityType: ENTITY, id: p.id, number: p.proformaNumber,
        clientId: p.clientId, currency: p.currency, invoiceType: null, lutNumber: p.lutNumber,
        declarationText: p.declarationText, transportDetails: p.transportDetails, lrNumber: p.lrNumber,
        discountType: p.discountType, discountValue: p.discountValue, lines: p.lines,
      }, input);
    });
  }

  private async require(accountId: number, id: number): Promise<ProformaInvoice> {
    const proforma = await this.proformas.findById(accountId, id);
    if (!proforma) throw NotFound.of('Proforma invoice', id);
    return proforma;
  }
}
