import { Account } from '../shared/account';
import { AccountProfile, AccountRepository } from '../accounts/account.repository.port';
import { ActivityRecorder } from '../activity/activity-recorder';
import { DEFAULT_PREFIXES, isEinvoiceNumber, validatePrefix } from '../documents/document-number';
import { DocumentKind } from '../documents/document-kinds';
import { isInvoiceTemplate } from '../documents/pdf-renderer.port';
import { isSupportedCurrency } from '../shared/currency';
import { ValidationFailed } from '../shared/domain-error';
import { isValidEmail } from '../shared/email';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../shared/time-zone';
import { Principal } from '../shared/principal';
import { TransactionRunner } from '../shared/transaction.port';
import { validateGstin } from '../tax/gstin';
import { GST_STATES } from '../tax/states';
import { BusinessSettings, BusinessSettingsRepository, NO_BANK_DETAILS } from './business-settings';
import { normalizeLogoBase64, normalizePngBase64 } from './signature';

export interface BusinessProfileInput {
  business_name?: string | null;
  business_email?: string | null;
  business_address?: string | null;
  business_gstin?: string | null;
  business_pan?: string | null;
  state_code?: string | null;
  phone?: string | null;
  logo_url?: string | null;
  currency?: string;
  signature_png?: string | null;
  invoice_template?: string;
  prefixes?: Partial<Record<DocumentKind, string | null>>;
  logo?: string | null;
  bank_account_name?: string | null;
  bank_account_number?: string | null;
  bank_ifsc?: string | null;
  bank_name?: string | null;
  bank_branch?: string | null;
  upi_id?: string | null;
  aggregate_turnover?: string | number | null;
  einvoice_enabled?: boolean;
  /** IANA time zone of the account's calendar (the day of its recurring invoices and reminders). */
  time_zone?: string;
}

export interface BusinessProfile {
  account: Account;
  settings: BusinessSettings;
}

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
/** Kinds reported to the e-invoice portal (INV, DBN, CRN). */
const EINVOICE_KINDS: DocumentKind[] = ['invoice', 'debit-note', 'credit-note'];
/** IFSC: 4 letters (bank), a 0, 6 letters or digits (branch). */
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const ACCOUNT_NUMBER = /^[0-9]{9,18}$/;
/** UPI virtual payment address: handle@psp. */
const UPI_ID = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;

/** The business's own profile (on the account) and settings (template, signature, number prefixes). */
export class BusinessProfileService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly settings: BusinessSettingsRepository,
    private readonly tx: TransactionRunner,
    private readonly activity: ActivityRecorder,
  ) {}

  async get(account: Account): Promise<BusinessProfile> {
    return { account, settings: await this.settings.get(account.id) };
  }

  async update(principal: Principal, account: Account, input: BusinessProfileInput): Promise<BusinessProfile> {
    const errors: Record<string, string> = {};
    const has = (k: keyof BusinessProfileInput) => input[k] !== undefined;
    const profile: AccountProfile = {
      businessName: has('business_name') ? input.business_name || null : account.businessName,
      businessEmail: has('business_email') ? input.business_email || null : account.businessEmail,
      currency: input.currency ?? account.currency,
      gstin: has('business_gstin') ? (input.business_gstin || '').toUpperCase() || null : account.gstin,
      pan: has('business_pan') ? (input.business_pan || '').toUpperCase() || null : account.pan,
      address: has('business_address') ? input.business_address || null : account.address,
      stateCode: has('state_code') ? input.state_code || null : account.stateCode,
      phone: has('phone') ? input.phone || null : account.phone,
      logoUrl: has('logo_url') ? input.logo_url || null : account.logoUrl,
      timeZone: input.time_zone ?? account.timeZone ?? DEFAULT_TIME_ZONE,
    };
    if (!profile.businessName) errors.business_name = 'is required';
    if (profile.businessEmail && !isValidEmail(profile.businessEmail)) errors.business_email = 'must be a valid email address';
    if (!isSupportedCurrency(profile.currency)) errors.currency = 'is not a supported currency';
    if (profile.gstin) {
      const check = validateGstin(profile.gstin);
      if (!check.ok) errors.business_gstin = check.reason;
      else {
        if (!has('business_pan')) profile.pan = check.pan;
        else if (profile.pan !== check.pan) errors.business_pan = 'must be the PAN inside the GSTIN';
        if (!has('state_code')) profile.stateCode = check.stateCode;
        else if (profile.stateCode !== check.stateCode) errors.state_code = `must match the GSTIN state ${check.stateCode}`;
      }
    }
    if (profile.pan && !PAN.test(profile.pan)) errors.business_pan = 'must be 5 letters, 4 digits and a letter';
    if (profile.stateCode && !GST_STATES[profile.stateCode]) errors.state_code = 'must be a GST state code such as 27';
    if (!isTimeZone(profile.timeZone)) errors.time_zone = 'must be an IANA time zone name such as Asia/Kolkata or Europe/London';
    if (profile.logoUrl && !/^https?:\/\/\S+$/i.test(profile.logoUrl)) errors.logo_url = 'must be an http(s) URL (not a data: URI)';

    const current = await this.settings.get(account.id);
    const next: BusinessSettings = { ...current, prefixes: { ...current.prefixes } };
    if (input.invoice_template !== undefined) {
      if (isInvoiceTemplate(input.invoice_template)) next.invoiceTemplate = input.invoice_template;
      else errors.invoice_template = 'must be classic or modern';
    }
    if (input.signature_png !== undefined) {
      const png = sentImage(input.signature_png, normalizePngBase64);
      if (png === undefined) errors.signature_png = 'must be a base64 PNG image (raw or a data:image/png;base64, URL) of at most 1 MB';
      else next.signaturePng = png;
    }
    if (input.logo !== undefined) {
      const logo = sentImage(input.logo, normalizeLogoBase64);
      if (logo === undefined) errors.logo = 'must be a PNG or JPEG image (base64 or a data:image/...;base64, URL) of at most 1 MB';
      else next.logoImage = logo;
    }
    applyPayment(input, next, errors);
    for (const [kind, prefix] of Object.entries(input.prefixes ?? {}) as Array<[DocumentKind, string | null]>) {
      if (!prefix) delete next.prefixes[kind];
      else {
        const problem = validatePrefix(prefix);
        if (problem) errors[`${kind.replace('-', '_')}_prefix`] = problem;
        else next.prefixes[kind] = prefix;
      }
    }
    applyGstSettings(input, profile.gstin, next, errors);
    if (Object.keys(errors).length) throw new ValidationFailed(errors);

    await this.tx.run(async () => {
      await this.accounts.updateProfile(account.id, profile);
      await this.settings.save(account.id, next);
      await this.activity.updated(principal, 'business_settings', account.id, profile.businessName);
    });
    return { account: { ...account, ...profile }, settings: next };
  }
}

/**
 * Aggregate turnover (rupees, at most 2 decimals) and the e-invoicing switch. With e-invoicing on, the
 * business needs a GSTIN, and the invoice and note prefixes must give numbers that fit the registration
 * portal's pattern `^[A-Z1-9][A-Z0-9/-]{0,15}$`.
 */
function applyGstSettings(input: BusinessProfileInput, gstin: string | null, next: BusinessSettings, errors: Record<string, string>): void {
  if (input.aggregate_turnover !== undefined) {
    const v = input.aggregate_turnover;
    if (v === null || v === '') next.aggregateTurnover = null;
    else if (!/^\d{1,15}(\.\d{1,2})?$/.test(String(v).trim())) errors.aggregate_turnover = 'must be an amount in rupees (up to 2 decimals), or null';
    else next.aggregateTurnover = String(v).trim();
  }
  if (input.einvoice_enabled !== undefined) next.einvoiceEnabled = input.einvoice_enabled;
  if (!next.einvoiceEnabled) return;
  if (!gstin) errors.einvoice_enabled = 'needs the business GSTIN';
  for (const kind of EINVOICE_KINDS) {
    const sample = `${next.prefixes[kind] ?? DEFAULT_PREFIXES[kind]}/26-27/0001`;
    if (!isEinvoiceNumber(sample)) {
      errors[`${kind.replace('-', '_')}_prefix`] = `gives numbers such as ${sample} that the e-invoice portal refuses (^[A-Z1-9][A-Z0-9/-]{0,15}$)`;
    }
  }
}

/** Bank details (IFSC and account number checked) and the UPI id, merged over the stored ones. */
function applyPayment(input: BusinessProfileInput, next: BusinessSettings, errors: Record<string, string>): void {
  const bank = { ...(next.bank ?? NO_BANK_DETAILS) };
  const text = (k: keyof BusinessProfileInput, current: string | null) =>
    input[k] !== undefined ? ((input[k] as string | null) || '').trim() || null : current;
  bank.accountName = text('bank_account_name', bank.accountName);
  bank.bankName = text('bank_name', bank.bankName);
  bank.branch = text('bank_branch', bank.branch);
  bank.accountNumber = text('bank_account_number', bank.accountNumber);
  if (bank.accountNumber && !ACCOUNT_NUMBER.test(bank.accountNumber)) errors.bank_account_number = 'must be 9 to 18 digits';
  bank.ifsc = text('bank_ifsc', bank.ifsc)?.toUpperCase() ?? null;
  if (bank.ifsc && !IFSC.test(bank.ifsc)) errors.bank_ifsc = 'must be an IFSC: 4 letters, 0, then 6 letters or digits (e.g. HDFC0001234)';
  next.bank = bank;
  const upi = text('upi_id', next.upiId ?? null);
  if (upi && !UPI_ID.test(upi)) errors.upi_id = 'must be a UPI id such as business@okhdfcbank';
  next.upiId = upi;
}

/** An image as sent: null or '' clears it; otherwise its normalized form, or undefined when it is not a valid image. */
function sentImage(sent: string | null, normalize: (value: string) => string | null): string | null | undefined {
  if (sent === null || sent === '') return null;
  return normalize(sent) || undefined;
}
