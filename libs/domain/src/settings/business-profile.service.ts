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
  businessName?: string | null;
  businessEmail?: string | null;
  businessAddress?: string | null;
  businessGstin?: string | null;
  businessPan?: string | null;
  stateCode?: string | null;
  phone?: string | null;
  logoUrl?: string | null;
  currency?: string;
  signaturePng?: string | null;
  invoiceTemplate?: string;
  prefixes?: Partial<Record<DocumentKind, string | null>>;
  logo?: string | null;
  bankAccountName?: string | null;
  bankAccountNumber?: string | null;
  bankIfsc?: string | null;
  bankName?: string | null;
  bankBranch?: string | null;
  upiId?: string | null;
  aggregateTurnover?: string | number | null;
  einvoiceEnabled?: boolean;
  /** IANA time zone of the account's calendar (the day of its recurring invoices and reminders). */
  timeZone?: string;
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
      businessName: has('businessName') ? input.businessName || null : account.businessName,
      businessEmail: has('businessEmail') ? input.businessEmail || null : account.businessEmail,
      currency: input.currency ?? account.currency,
      gstin: has('businessGstin') ? (input.businessGstin || '').toUpperCase() || null : account.gstin,
      pan: has('businessPan') ? (input.businessPan || '').toUpperCase() || null : account.pan,
      address: has('businessAddress') ? input.businessAddress || null : account.address,
      stateCode: has('stateCode') ? input.stateCode || null : account.stateCode,
      phone: has('phone') ? input.phone || null : account.phone,
      logoUrl: has('logoUrl') ? input.logoUrl || null : account.logoUrl,
      timeZone: input.timeZone ?? account.timeZone ?? DEFAULT_TIME_ZONE,
    };
    if (!profile.businessName) errors.businessName = 'is required';
    if (profile.businessEmail && !isValidEmail(profile.businessEmail)) errors.businessEmail = 'must be a valid email address';
    if (!isSupportedCurrency(profile.currency)) errors.currency = 'is not a supported currency';
    if (profile.gstin) {
      const check = validateGstin(profile.gstin);
      if (!check.ok) errors.businessGstin = check.reason;
      else {
        if (!has('businessPan')) profile.pan = check.pan;
        else if (profile.pan !== check.pan) errors.businessPan = 'must be the PAN inside the GSTIN';
        if (!has('stateCode')) profile.stateCode = check.stateCode;
        else if (profile.stateCode !== check.stateCode) errors.stateCode = `must match the GSTIN state ${check.stateCode}`;
      }
    }
    if (profile.pan && !PAN.test(profile.pan)) errors.businessPan = 'must be 5 letters, 4 digits and a letter';
    if (profile.stateCode && !GST_STATES[profile.stateCode]) errors.stateCode = 'must be a GST state code such as 27';
    if (!isTimeZone(profile.timeZone)) errors.timeZone = 'must be an IANA time zone name such as Asia/Kolkata or Europe/London';
    if (profile.logoUrl && !/^https?:\/\/\S+$/i.test(profile.logoUrl)) errors.logoUrl = 'must be an http(s) URL (not a data: URI)';

    const current = await this.settings.get(account.id);
    const next: BusinessSettings = { ...current, prefixes: { ...current.prefixes } };
    if (input.invoiceTemplate !== undefined) {
      if (isInvoiceTemplate(input.invoiceTemplate)) next.invoiceTemplate = input.invoiceTemplate;
      else errors.invoiceTemplate = 'must be classic or modern';
    }
    if (input.signaturePng !== undefined) {
      const png = sentImage(input.signaturePng, normalizePngBase64);
      if (png === undefined) errors.signaturePng = 'must be a base64 PNG image (raw or a data:image/png;base64, URL) of at most 1 MB';
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
  if (input.aggregateTurnover !== undefined) {
    const v = input.aggregateTurnover;
    if (v === null || v === '') next.aggregateTurnover = null;
    else if (!/^\d{1,15}(\.\d{1,2})?$/.test(String(v).trim())) errors.aggregateTurnover = 'must be an amount in rupees (up to 2 decimals), or null';
    else next.aggregateTurnover = String(v).trim();
  }
  if (input.einvoiceEnabled !== undefined) next.einvoiceEnabled = input.einvoiceEnabled;
  if (!next.einvoiceEnabled) return;
  if (!gstin) errors.einvoiceEnabled = 'needs the business GSTIN';
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
  bank.accountName = text('bankAccountName', bank.accountName);
  bank.bankName = text('bankName', bank.bankName);
  bank.branch = text('bankBranch', bank.branch);
  bank.accountNumber = text('bankAccountNumber', bank.accountNumber);
  if (bank.accountNumber && !ACCOUNT_NUMBER.test(bank.accountNumber)) errors.bankAccountNumber = 'must be 9 to 18 digits';
  bank.ifsc = text('bankIfsc', bank.ifsc)?.toUpperCase() ?? null;
  if (bank.ifsc && !IFSC.test(bank.ifsc)) errors.bankIfsc = 'must be an IFSC: 4 letters, 0, then 6 letters or digits (e.g. HDFC0001234)';
  next.bank = bank;
  const upi = text('upiId', next.upiId ?? null);
  if (upi && !UPI_ID.test(upi)) errors.upiId = 'must be a UPI id such as business@okhdfcbank';
  next.upiId = upi;
}

/** An image as sent: null or '' clears it; otherwise its normalized form, or undefined when it is not a valid image. */
function sentImage(sent: string | null, normalize: (value: string) => string | null): string | null | undefined {
  if (sent === null || sent === '') return null;
  return normalize(sent) || undefined;
}
