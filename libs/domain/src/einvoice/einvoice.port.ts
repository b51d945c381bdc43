import { EInvoicedKind, IrpInvoice } from './irp-payload';

/** What the registration portal answers for a registered invoice. */
export interface IrnDetails {
  irn: string;
  ackNo: string;
  /** 'Y-m-d H:i:s' as the portal sends it (Indian time). */
  ackDate: string;
  signedQrCode: string;
  signedInvoice: string | null;
}

/** The portal refused the request: its error codes and messages. */
export class EInvoiceRejected extends Error {
  constructor(readonly errors: Array<{ code: string; message: string }>) {
    super(errors.map((e) => `${e.code}: ${e.message}`).join('; ') || 'The e-invoice portal refused the request.');
    this.name = 'EInvoiceRejected';
  }
}

export const CANCEL_REASONS = ['duplicate', 'data_entry_mistake', 'order_cancelled', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/**
 * The e-invoice registration portal (IRP). `register` answers the IRN of the invoice, also when the
 * portal already had it (a duplicate: the adapter fetches the existing registration). A portal that
 * cannot be reached or does not answer in time raises TemporarilyUnavailable; a refusal EInvoiceRejected.
 */
export abstract class EInvoiceRegistry {
  abstract register(gstin: string, invoice: IrpInvoice): Promise<IrnDetails>;
  abstract cancel(gstin: string, irn: string, reason: CancelReason, remark: string): Promise<{ cancelledAt: string }>;
}

/** Checks an IRP JSON against the committed schema: null when valid, else the problems by JSON pointer. */
export abstract class IrpSchemaValidator {
  abstract validate(invoice: IrpInvoice): Record<string, string> | null;
}

/**
 * Checks the portal's answer with the portal's public key (config): the SHA-256 of an IRN's input, and the payload of
 * a signed QR code whose signature verifies (null when it does not). Without the key, NotConfigured.
 */
export abstract class EInvoiceAnswerVerifier {
  abstract sha256Hex(text: string): string;
  abstract verifiedQr(jws: string): Record<string, unknown> | null;
}

export interface EInvoiceRegistration extends IrnDetails {
  /** The document's id (an invoice's or a note's, as `kind` says). */
  invoiceId: number;
  kind: EInvoicedKind;
  status: 'active' | 'cancelled';
  cancelledAt: string | null;
  cancelReason: string | null;
  createdAt: string;
}

/** Registrations of the account's invoices and notes (by kind; invoices when none is given); every method is scoped to the account. */
export abstract class EInvoiceRegistrations {
  abstract find(accountId: number, invoiceId: number, kind?: EInvoicedKind): Promise<EInvoiceRegistration | null>;
  /** Stores a new registration; an existing cancelled one of the document is replaced. */
  abstract save(accountId: number, invoiceId: number, details: IrnDetails, createdAt: string, kind?: EInvoicedKind): Promise<void>;
  abstract markCancelled(accountId: number, invoiceId: number, at: string, reason: string, kind?: EInvoicedKind): Promise<void>;
  /** Those of `invoiceIds` with an active IRN. */
  abstract activeAmong(accountId: number, invoiceIds: number[], kind?: EInvoicedKind): Promise<Map<number, string>>;
}
