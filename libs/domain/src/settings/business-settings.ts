import { DocumentKind } from '../documents/document-number';
import { InvoiceTemplate } from '../documents/pdf-renderer.port';

export interface BusinessSettings {
  invoiceTemplate: InvoiceTemplate;
  /** Base64 PNG of the business signature, or null. */
  signaturePng: string | null;
  /** Number prefixes that differ from the defaults. */
  prefixes: Partial<Record<DocumentKind, string>>;
}

export const DEFAULT_BUSINESS_SETTINGS: BusinessSettings = { invoiceTemplate: 'classic', signaturePng: null, prefixes: {} };

export abstract class BusinessSettingsRepository {
  /** The account's settings (defaults when none are stored). */
  abstract get(accountId: number): Promise<BusinessSettings>;
  abstract save(accountId: number, settings: BusinessSettings): Promise<void>;
}
