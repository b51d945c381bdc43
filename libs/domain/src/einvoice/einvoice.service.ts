import { Account } from '../accounts/account';
import { ClientRepository } from '../clients/client.repository.port';
import { DocumentSource } from '../document-output/document-source.port';
import { BusinessSettingsRepository } from '../settings/business-settings';
import { Clock } from '../shared/clock.port';
import { NotFound, ValidationFailed } from '../shared/domain-error';
import { formatTimestamp } from '../shared/fiscal-year';
import {
  CANCEL_REASONS,
  CancelReason,
  EInvoiceRegistration,
  EInvoiceRegistrations,
  EInvoiceRegistry,
  EInvoiceRejected,
  IrpSchemaValidator,
} from './einvoice.port';
import { buildIrpPayload, IrpInvoice } from './irp-payload';
import { invoiceInRupees, withForeignCurrency } from './irp-rupees';

/** An IRN can be cancelled within this long of its acknowledgement (rule 48(4) e-invoice system). */
export const CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;

/** 'Y-m-d H:i:s' in Indian time (the portal's acknowledgement dates) to an instant. */
export function istInstant(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}+05:30`);
}

/** e-invoicing of the account's invoices through the registration portal. */
export class EInvoiceService {
  constructor(
    private readonly source: DocumentSource,
    private readonly clients: ClientRepository,
    private readonly settings: BusinessSettingsRepository,
    private readonly registry: EInvoiceRegistry,
    private readonly registrations: EInvoiceRegistrations,
    private readonly validator: IrpSchemaValidator,
    private readonly clock: Clock,
  ) {}

  /** The IRP JSON of the invoice, checked against the schema, without sending it. */
  async payload(account: Account, invoiceId: number): Promise<IrpInvoice> {
    const doc = await this.source.load(account.id, 'invoice', invoiceId);
    if (!doc) throw NotFound.of('Invoice', invoiceId);
    const client = await this.clients.findById(account.id, doc.clientId);
    // A foreign-currency invoice in rupees at its exchange rate (rule 34); a 400 naming it without one.
    const payload = withForeignCurrency(buildIrpPayload(invoiceInRupees(doc), account, client), doc);
    const problems = this.validator.validate(payload);
    if (problems) throw new ValidationFailed(problems, 'The e-invoice JSON does not pass the IRP schema 1.1.');
    return payload;
  }

  /**
   * Registers the invoice and stores the IRN. Already registered (active): answers the stored one. The
   * portal unreachable or slow: 503 and nothing stored, so the call can be repeated (a repeat that finds
   * the invoice registered at the portal recovers its IRN as a duplicate).
   */
  async register(account: Account, invoiceId: number): Promise<EInvoiceRegistration> {
    const settings = await this.settings.get(account.id);
    if (!settings.einvoiceEnabled) throw ValidationFailed.field('einvoice_enabled', 'e-invoicing is off for this business (PATCH /v1/settings/business)');
    const existing = await this.registrations.find(account.id, invoiceId);
    if (existing?.status === 'active') return existing;
    const payload = await this.payload(account, invoiceId);
    let details;
    try {
      details = await this.registry.register(account.gstin as string, payload);
    } catch (e) {
      if (e instanceof EInvoiceRejected) throw portalRefusal(e);
      throw e;
    }
    await this.registrations.save(account.id, invoiceId, details, formatTimestamp(this.clock.now()));
    return (await this.registrations.find(account.id, invoiceId)) as EInvoiceRegistration;
  }

  async get(account: Account, invoiceId: number): Promise<EInvoiceRegistration> {
    const found = await this.registrations.find(account.id, invoiceId);
    if (!found) throw new NotFound('The invoice has no e-invoice registration.', { id: invoiceId });
    return found;
  }

  /** Cancels the IRN within 24 hours of its acknowledgement; later, or already cancelled: 400 saying why. */
  async cancel(account: Account, invoiceId: number, reason: unknown, remark: unknown): Promise<EInvoiceRegistration> {
    if (typeof reason !== 'string' || !(CANCEL_REASONS as readonly string[]).includes(reason)) {
      throw ValidationFailed.field('reason', `must be one of ${CANCEL_REASONS.join(', ')}`);
    }
    if (remark !== undefined && remark !== null && (typeof remark !== 'string' || remark.length > 100)) {
      throw ValidationFailed.field('remark', 'must be a string of at most 100 characters');
    }
    const doc = await this.source.load(account.id, 'invoice', invoiceId);
    if (!doc) throw NotFound.of('Invoice', invoiceId);
    const reg = await this.get(account, invoiceId);
    if (reg.status === 'cancelled') throw ValidationFailed.field('irn', `IRN ${reg.irn} was cancelled at ${reg.cancelledAt ?? ''}`);
    const deadline = istInstant(reg.ackDate).getTime() + CANCEL_WINDOW_MS;
    if (this.clock.now().getTime() > deadline) {
      throw ValidationFailed.field(
        'irn',
        `IRN ${reg.irn} was acknowledged at ${reg.ackDate} (IST); it could be cancelled only within 24 hours, until ${formatIst(deadline)} (IST). Issue a credit note instead.`,
      );
    }
    const text = (typeof remark === 'string' && remark.trim()) || reason.replace(/_/g, ' ');
    try {
      await this.registry.cancel(account.gstin as string, reg.irn, reason as CancelReason, text);
    } catch (e) {
      if (e instanceof EInvoiceRejected) throw portalRefusal(e);
      throw e;
    }
    await this.registrations.markCancelled(account.id, invoiceId, formatTimestamp(this.clock.now()), text);
    return this.get(account, invoiceId);
  }
}

function portalRefusal(e: EInvoiceRejected): ValidationFailed {
  return new ValidationFailed(
    Object.fromEntries(e.errors.map((x) => [`portal.${x.code}`, x.message])),
    `The e-invoice portal refused the request: ${e.message}`,
  );
}

function formatIst(ms: number): string {
  return formatTimestamp(new Date(ms + 5.5 * 3600 * 1000));
}
