import { bulkDelete, BulkDeleteResult } from '../shared/bulk-delete';
import { ActivityRecorder } from '../activity/activity-recorder';
import { documentChanges, PRODUCT_LINE_FIELDS } from '../activity/field-changes';
import type { Caller } from '../shared/caller';
import { ClientRepository } from '../clients/client.repository.port';
import { ConversionSource, ConvertToInvoice } from '../invoices/convert-to-invoice.use-case';
import { ConversionInput } from '../invoices/invoice-rules';
import { IssuedInvoice } from '../invoices/issue-invoice.use-case';
import { found } from '../shared/domain-error';
import { Page } from '../shared/pagination';
import { TransactionRunner } from '../shared/transaction.port';
import { TaxWarning } from '../tax/tax-engine';
import { DocumentListFilter } from './document-list-filter';
import { DocumentKind, documentKind } from './document-kinds';
import { DocumentNumbering } from './document-numbering';
import { DocumentQuota } from './document-quota';
import { OfferDocument, OfferDocumentFields, OfferDocumentHeader, offerSummary } from './offer-document';
import { buildOfferDocument, OfferDocumentInput, OfferDocumentRules } from './offer-document-rules';
import { gstContextFor } from './document-gst-context';
import { requireClient } from './sales-document-fields';
import { SalesDocumentRepository } from './sales-document.repository.port';

/** What the quotation and proforma invoice services need besides their own repository. */
export interface OfferDocumentDeps {
  clients: ClientRepository;
  numbering: DocumentNumbering;
  quota: DocumentQuota;
  convert: ConvertToInvoice;
  tx: TransactionRunner;
  activity: ActivityRecorder;
}

/** One kind of offer document: its rules and names. */
export interface OfferDocumentKind<H extends OfferDocumentHeader, I extends OfferDocumentInput> extends OfferDocumentRules<H, I> {
  /** Activity entity type, also that of the conversion source. */
  entityType: ConversionSource['entityType'];
  /** The number sequence. */
  numbering: DocumentKind;
  /** 'Quotation', 'Proforma invoice': for not-found messages. */
  noun: string;
  /** The type of the invoice it converts to; null: the account's default. */
  invoiceTypeOf(document: H): string | null;
}

/**
 * Quotations and proforma invoices: list, read, create, merge-update, delete, bulk delete and
 * conversion to an invoice (which leaves the document as it is). Each kind is a configuration.
 */
export class OfferDocumentsService<H extends OfferDocumentHeader, I extends OfferDocumentInput> {
  constructor(
    private readonly kind: OfferDocumentKind<H, I>,
    private readonly documents: SalesDocumentRepository<H, OfferDocumentFields<H>>,
    private readonly deps: OfferDocumentDeps,
  ) {}

  list(caller: Caller, filter: DocumentListFilter): Promise<Page<H>> {
    return this.documents.list(caller.account.id, filter);
  }

  get(caller: Caller, id: number): Promise<OfferDocument<H>> {
    return this.require(caller.account.id, id);
  }

  async create(caller: Caller, input: I): Promise<{ id: number; number: string; taxWarnings: TaxWarning[] }> {
    const accountId = caller.account.id;
    const gst = await gstContextFor(this.deps.clients, caller.account, input.clientId);
    const { fields, lines } = buildOfferDocument(this.kind, input, caller.account, undefined, gst);
    return this.deps.tx.run(async () => {
      await this.deps.quota.assertCanCreate(caller.account);
      await requireClient(this.deps.clients, accountId, fields.clientId);
      const allocated = await this.deps.numbering.allocate(accountId, this.kind.numbering, fields.date);
      const id = await this.documents.insert(accountId, allocated, fields, lines ?? []);
      await this.deps.activity.created(caller.principal, this.kind.entityType, id, allocated.number, {
        after: { ...this.summary(fields), lines: (lines ?? []).length },
      });
      return { id, number: allocated.number, taxWarnings: fields.taxWarnings };
    });
  }

  async update(caller: Caller, id: number, input: I): Promise<{ taxWarnings: TaxWarning[] }> {
    const accountId = caller.account.id;
    return this.deps.tx.run(async () => {
      const current = await this.require(accountId, id);
      const gst = await gstContextFor(this.deps.clients, caller.account, input.clientId ?? current.clientId);
      const { fields, lines } = buildOfferDocument(this.kind, input, caller.account, current, gst);
      if (fields.clientId !== current.clientId) await requireClient(this.deps.clients, accountId, fields.clientId);
      await this.documents.update(accountId, id, fields, lines);
      await this.deps.activity.updated(
        caller.principal,
        this.kind.entityType,
        id,
        current.number,
        documentChanges({
          summary: {
            before: { ...this.summary(current), lines: current.lines.length },
            after: { ...this.summary(fields), lines: (lines ?? current.lines).length },
          },
          header: { before: current, after: fields, names: { date: documentKind(this.kind.numbering).dateField } },
          lines: { before: current.lines, after: lines, ...PRODUCT_LINE_FIELDS },
        }),
      );
      return { taxWarnings: fields.taxWarnings };
    });
  }

  async delete(caller: Caller, id: number): Promise<void> {
    const accountId = caller.account.id;
    await this.deps.tx.run(async () => {
      const current = await this.require(accountId, id);
      await this.documents.deleteMany(accountId, [id]);
      await this.deps.activity.deleted(caller.principal, this.kind.entityType, id, current.number, {
        before: { ...this.summary(current), lines: current.lines.length },
      });
    });
  }

  /** Deletes the account's documents of this kind among `ids`; the other ids come back in `skipped`. */
  bulkDelete(caller: Caller, ids: number[]): Promise<BulkDeleteResult> {
    const accountId = caller.account.id;
    return bulkDelete(
      this.deps.tx,
      ids,
      (unique) => this.documents.numbersOf(accountId, unique),
      async (owned) => {
        await this.documents.deleteMany(
          accountId,
          owned.map((o) => o.id),
        );
        for (const { id, number } of owned) {
          await this.deps.activity.deleted(caller.principal, this.kind.entityType, id, number, { after: { bulk: true } });
        }
        return owned.map((o) => o.id);
      },
    );
  }

  /** A new invoice with the document's client, currency, terms and lines; the document stays as it is. */
  async convertToInvoice(caller: Caller, id: number, input: ConversionInput): Promise<IssuedInvoice> {
    return this.deps.tx.run(async () => {
      const d = await this.require(caller.account.id, id);
      return this.deps.convert.execute(
        caller,
        {
          entityType: this.kind.entityType,
          id: d.id,
          number: d.number,
          clientId: d.clientId,
          currency: d.currency,
          invoiceType: this.kind.invoiceTypeOf(d),
          lutNumber: d.lutNumber,
          declarationText: d.declarationText,
          transportDetails: d.transportDetails,
          lrNumber: d.lrNumber,
          discountType: d.discountType,
          discountValue: d.discountValue,
          placeOfSupply: d.placeOfSupply,
          supplyType: d.supplyType,
          reverseCharge: d.reverseCharge,
          exchangeRate: d.exchangeRate,
          ecommerceGstin: d.ecommerceGstin,
          ecommerceSection: d.ecommerceSection,
          lines: d.lines,
        },
        input,
      );
    });
  }

  private summary(d: OfferDocumentFields): ReturnType<typeof offerSummary> {
    return offerSummary(documentKind(this.kind.numbering).dateField, d);
  }

  private async require(accountId: number, id: number): Promise<OfferDocument<H>> {
    return found(await this.documents.findById(accountId, id), this.kind.noun, id);
  }
}
