import { Account } from '../shared/account';
import { ClientRepository } from '../clients/client.repository.port';
import { DocumentSource } from '../document-output/document-source.port';
import { BusinessSettingsRepository } from '../settings/business-settings';
import { Clock } from '../shared/clock.port';
import { NotFound, TemporarilyUnavailable, ValidationFailed } from '../shared/domain-error';
import { formatTimestamp } from '../shared/fiscal-year';
import {
  CANCEL_REASONS,
  CancelReason,
  EInvoiceAnswerVerifier,
  EInvoiceRegistration,
  EInvoiceRegistrations,
  EInvoiceRegistry,
  EInvoiceRejected,
  IrpSchemaValidator,
} from './einvoice.port';
import { buildIrpPayload, EInvoicedKind, IrpInvoice, irpDate } from './irp-payload';
import { IrnDetails } from './einvoice.port';
import { invoiceInRupees, withForeignCurrency } from './irp-rupees';

/** An IRN can be cancelled within this long of its acknowledgement (rule 48(4) e-invoice system). */
export const CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Turnover (rupees) at or above which a document must be reported within REPORTING_DAYS of its date (from 2025-04-01). */
export const REPORTING_LIMIT_TURNOVER = 100_000_000;
export const REPORTING_DAYS = 30;

const NAMES: Record<EInvoicedKind, string> = { invoice: 'Invoice', 'credit-note': 'Credit note', 'debit-note': 'Debit note' };

/** The text the portal hashes into an IRN: supplier GSTIN, financial year (YYYY-YY) of the date, document type and number. */
export function irnInput(gstin: string, date: string, type: string, number: string): string {
  const [y, m] = date.split('-').map(Number);
  const fy = m >= 4 ? y : y - 1;
  return `${gstin}${fy}-${String((fy + 1) % 100).padStart(2, '0')}${type}${number}`;
}

/** Whole days from the date 'Y-m-d' to today in Indian time. */
export function daysSince(date: string, now: Date): number {
  const today = new Date(now.getTime() + 5.5 * 3600 * 1000).toISOString().slice(0, 10);
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000);
}

/** 'Y-m-d H:i:s' in Indian time (the portal's acknowledgement dates) to an instant. */
export function istInstant(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}+05:30`);
}

/**
 * The checks of what goes to the portal and what comes back: the IRP schema, the portal's IRN and signed QR code, and
 * where an answer that does not verify is reported.
 */
export interface EInvoiceChecks {
  validator: IrpSchemaValidator;
  verifier: EInvoiceAnswerVerifier;
  warn?: (message: string) => void;
}

/** e-invoicing of the account's invoices, credit notes and debit notes through the registration portal. */
export class EInvoiceService {
  constructor(
    private readonly source: DocumentSource,
    private readonly clients: ClientRepository,
    private readonly settings: BusinessSettingsRepository,
    private readonly registry: EInvoiceRegistry,
    private readonly registrations: EInvoiceRegistrations,
    private readonly clock: Clock,
    private readonly checks: EInvoiceChecks,
  ) {}

  /** The IRP JSON of the document, checked against the schema, without sending it. */
  async payload(account: Account, invoiceId: number, kind: EInvoicedKind = 'invoice'): Promise<IrpInvoice> {
    const doc = await this.source.load(account.id, kind, invoiceId);
    if (!doc) throw NotFound.of(NAMES[kind], invoiceId);
    const client = await this.clients.findById(account.id, doc.clientId);
    // A foreign-currency invoice in rupees at its exchange rate (rule 34); a 400 naming it without one.
    const payload = withForeignCurrency(buildIrpPayload(invoiceInRupees(doc), account, client), doc);
    const problems = this.checks.validator.validate(payload);
    if (problems) throw new ValidationFailed(problems, 'The e-invoice JSON does not pass the IRP schema 1.1.');
    return payload;
  }

  /**
   * Registers the invoice and stores the IRN. Already registered (active): answers the stored one. The
   * portal unreachable or slow: 503 and nothing stored, so the call can be repeated (a repeat that finds
   * the invoice registered at the portal recovers its IRN as a duplicate).
   */
  async register(account: Account, invoiceId: number, kind: EInvoicedKind = 'invoice'): Promise<EInvoiceRegistration> {
    const settings = await this.settings.get(account.id);
    if (!settings.einvoiceEnabled) throw ValidationFailed.field('einvoice_enabled', 'e-invoicing is off for this business (PATCH /v1/settings/business)');
    const existing = await this.registrations.find(account.id, invoiceId, kind);
    if (existing?.status === 'active') return existing;
    const payload = await this.payload(account, invoiceId, kind);
    this.assertWithinReportingLimit(settings.aggregateTurnover ?? null, payload, kind);
    let details;
    try {
      details = await this.registry.register(account.gstin as string, payload);
    } catch (e) {
      if (e instanceof EInvoiceRejected) throw portalRefusal(e);
      throw e;
    }
    this.assertGenuine(account.gstin as string, payload, details);
    await this.registrations.save(account.id, invoiceId, details, formatTimestamp(this.clock.now()), kind);
    return (await this.registrations.find(account.id, invoiceId, kind)) as EInvoiceRegistration;
  }

  /**
   * A business whose aggregate turnover is at or above 10 crore rupees must report a document within 30 days of its
   * date (from 2025-04-01); the portal refuses it later, so it is refused here (400 naming the limit) before sending.
   */
  private assertWithinReportingLimit(turnover: string | null, payload: IrpInvoice, kind: EInvoicedKind): void {
    if (turnover === null || Number(turnover) < REPORTING_LIMIT_TURNOVER) return;
    const date = payload.DocDtls.Dt.split('/').reverse().join('-');
    const age = daysSince(date, this.clock.now());
    if (age <= REPORTING_DAYS) return;
    const field = kind === 'invoice' ? 'invoice_date' : kind === 'credit-note' ? 'credit_note_date' : 'debit_note_date';
    throw ValidationFailed.field(
      field,
      `dated ${irpDate(date)}, ${age} days ago: with an aggregate turnover of 10 crore rupees or more a document must be reported to the e-invoice portal within ${REPORTING_DAYS} days of its date`,
    );
  }

  /**
   * The portal's answer must be the IRN of this document (SHA-256 of supplier GSTIN, financial year, document type and
   * number) and a signed QR code whose signature verifies with the portal's public key and which names that IRN.
   * Otherwise the mismatch is logged, nothing is stored and the call answers 503 (the document is not registered).
   */
  private assertGenuine(gstin: string, payload: IrpInvoice, details: IrnDetails): void {
    const { Typ, No, Dt } = payload.DocDtls;
    const expected = this.checks.verifier.sha256Hex(irnInput(gstin, Dt.split('/').reverse().join('-'), Typ, No));
    const qr = this.checks.verifier.verifiedQr(details.signedQrCode);
    const problems: string[] = [];
    if (details.irn !== expected) problems.push(`IRN ${details.irn} is not the IRN of ${Typ} ${No} (${expected})`);
    if (!qr) problems.push('the signature of the signed QR code does not verify with the portal key');
    else if (qr.Irn !== details.irn || qr.DocNo !== No || qr.DocTyp !== Typ || qr.SellerGstin !== gstin) {
      problems.push('the signed QR code names another document');
    }
    if (!problems.length) return;
    this.checks.warn?.(`e-invoice answer of the portal refused for ${gstin} ${Typ} ${No}: ${problems.join('; ')}`);
    throw new TemporarilyUnavailable(`The e-invoice portal's answer could not be verified (${problems.join('; ')}); the document was not registered.`, 5);
  }

  async get(account: Account, invoiceId: number, kind: EInvoicedKind = 'invoice'): Promise<EInvoiceRegistration> {
    const found = await this.registrations.find(account.id, invoiceId, kind);
    if (!found) throw new NotFound(`The ${NAMES[kind].toLowerCase()} has no e-invoice registration.`, { id: invoiceId });
    return found;
  }

  /** Cancels the IRN within 24 hours of its acknowledgement; later, or already cancelled: 400 saying why. */
  async cancel(account: Account, invoiceId: number, reason: unknown, remark: unknown, kind: EInvoicedKind = 'invoice'): Promise<EInvoiceRegistration> {
    if (typeof reason !== 'string' || !(CANCEL_REASONS as readonly string[]).includes(reason)) {
      throw ValidationFailed.field('reason', `must be one of ${CANCEL_REASONS.join(', ')}`);
    }
    if (remark !== undefined && remark !== null && (typeof remark !== 'string' || remark.length > 100)) {
      throw ValidationFailed.field('remark', 'must be a string of at most 100 characters');
    }
    const doc = await this.source.load(account.id, kind, invoiceId);
    if (!doc) throw NotFound.of(NAMES[kind], invoiceId);
    const reg = await this.get(account, invoiceId, kind);
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
    await this.registrations.markCancelled(account.id, invoiceId, formatTimestamp(this.clock.now()), text, kind);
    return this.get(account, invoiceId, kind);
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
