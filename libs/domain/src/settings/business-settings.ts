import { DocumentKind } from '../documents/document-kinds';
import { InvoiceTemplate } from '../documents/pdf-renderer.port';

export interface BusinessSettings {
  invoiceTemplate: InvoiceTemplate;
  /** Base64 PNG of the business signature, or null. */
  signaturePng: string | null;
  /** Number prefixes that differ from the defaults. */
  prefixes: Partial<Record<DocumentKind, string>>;
  /** Base64 PNG or JPEG of the business logo (at most 1 MB), or null. */
  logoImage?: string | null;
  bank?: BankDetails;
  /** UPI VPA (name@bank); invoice PDFs then carry a UPI payment QR code. */
  upiId?: string | null;
  /** Aggregate turnover of the previous financial year in rupees (GSTR-1 HSN digits), or null when not given. */
  aggregateTurnover?: string | null;
  /** e-invoicing (IRN from the registration portal) is on: invoice and note numbers must fit the IRP pattern. */
  einvoiceEnabled?: boolean;
}

export interface BankDetails {
  accountName: string | null;
  accountNumber: string | null;
  ifsc: string | null;
  bankName: string | null;
  branch: string | null;
}

export const NO_BANK_DETAILS: BankDetails = { accountName: null, accountNumber: null, ifsc: null, bankName: null, branch: null };

export const DEFAULT_BUSINESS_SETTINGS: BusinessSettings = { invoiceTemplate: 'classic', signaturePng: null, prefixes: {} };

export abstract class BusinessSettingsRepository {
  /** The account's settings (defaults when none are stored). */
  abstract get(accountId: number): Promise<BusinessSettings>;
  abstract save(accountId: number, settings: BusinessSettings): Promise<void>;
}
