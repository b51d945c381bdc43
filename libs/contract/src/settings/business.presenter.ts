import { DEFAULT_PREFIXES } from '@app/domain/documents/document-number';
import { DOCUMENT_KINDS, documentKind } from '@app/domain/documents/document-kinds';
import type { BusinessProfile } from '@app/domain/settings/business-profile.service';
import { DEFAULT_TIME_ZONE } from '@app/domain/shared/time-zone';

/** `GET /v1/settings/business` and the answer of its PATCH: the profile, the settings and every number prefix. */
export function presentBusiness({ account, settings }: BusinessProfile) {
  return {
    account_id: account.id,
    business_name: account.businessName,
    business_email: account.businessEmail,
    business_address: account.address,
    business_gstin: account.gstin,
    business_pan: account.pan,
    state_code: account.stateCode,
    phone: account.phone,
    logo_url: account.logoUrl,
    currency: account.currency,
    time_zone: account.timeZone ?? DEFAULT_TIME_ZONE,
    has_signature: settings.signaturePng !== null,
    has_logo: !!settings.logoImage,
    logo_type: settings.logoImage ? (settings.logoImage.startsWith('/9j/') ? 'jpeg' : 'png') : null,
    bank_account_name: settings.bank?.accountName ?? null,
    bank_account_number: settings.bank?.accountNumber ?? null,
    bank_ifsc: settings.bank?.ifsc ?? null,
    bank_name: settings.bank?.bankName ?? null,
    bank_branch: settings.bank?.branch ?? null,
    upi_id: settings.upiId ?? null,
    aggregate_turnover: settings.aggregateTurnover ?? null,
    einvoice_enabled: settings.einvoiceEnabled ?? false,
    invoice_template: settings.invoiceTemplate,
    ...Object.fromEntries(DOCUMENT_KINDS.map((k) => [documentKind(k).prefixSetting, settings.prefixes[k] ?? DEFAULT_PREFIXES[k]])),
  };
}
