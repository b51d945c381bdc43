import { ValidationFailed } from '../shared/domain-error';
import { isValidEmail } from '../shared/email';
import { normalizePhone } from '../shared/phone';
import { validateGstin, validateUin } from '../tax/gstin';
import { GST_STATES } from '../tax/states';
import { ClientFields, REGISTRATION_TYPES, RegistrationType } from './client';

/** Fields as a caller sends them (already trimmed); undefined means "not sent". */
export interface ClientInput {
  name?: string;
  phone?: string;
  email?: string;
  countryCode?: string;
  address?: string | null;
  gstin?: string | null;
  stateCode?: string | null;
  remindersOptOut?: boolean | null;
  registrationType?: string | null;
}

/** '+' and 1 to 4 digits, not starting with 0 (the form normalizePhone accepts). */
const COUNTRY_CODE = /^\+[1-9]\d{0,3}$/;

/**
 * Validates `input` merged over `base` (the stored record on PATCH, nothing on create) and returns the
 * normalized fields, or throws a validation error keyed by field.
 */
export function buildClientFields(input: ClientInput, base?: ClientFields): ClientFields {
  const errors: Record<string, string> = {};
  const pick = <K extends keyof ClientInput>(key: K, fallback: ClientInput[K]) => (input[key] !== undefined ? input[key] : fallback);

  const name = pick('name', base?.name) ?? '';
  if (!name) errors.name = 'is required';
  else if (name.length > 255) errors.name = 'must be at most 255 characters';

  const countryCode = pick('countryCode', base?.countryCode) || '+91';
  const countryOk = COUNTRY_CODE.test(countryCode);
  if (!countryOk) errors.countryCode = 'must look like +91';

  let phone = '';
  const rawPhone = pick('phone', base?.phone) ?? '';
  if (!rawPhone) errors.phone = 'is required';
  else if (countryOk) {
    // With a bad country code only country_code is reported; the phone cannot be judged without it.
    const normalized = normalizePhone(rawPhone, countryCode);
    if (normalized.ok) phone = normalized.phone;
    else errors.phone = normalized.reason;
  }

  const email = pick('email', base?.email) ?? '';
  if (!email) errors.email = 'is required';
  else if (!isValidEmail(email)) errors.email = 'must be a valid email address';

  const address = pick('address', base?.address) || null;
  if (address && address.length > 1000) errors.address = 'must be at most 1000 characters';

  const gstinRaw = pick('gstin', base?.gstin);
  const gstin = gstinRaw ? gstinRaw.toUpperCase() : null;
  let gstinState: string | null = null;
  const registrationType = pick('registrationType', base?.registrationType ?? null) || null;
  if (registrationType !== null && !(REGISTRATION_TYPES as readonly string[]).includes(registrationType)) {
    errors.registrationType = `must be one of ${REGISTRATION_TYPES.join(', ')}`;
  } else if ((registrationType === 'regular' || registrationType === 'composition' || registrationType === 'uin') && !gstin) {
    errors.registrationType = `a ${registrationType} client is registered: give its ${registrationType === 'uin' ? 'UIN' : 'GSTIN'} in gstin`;
  } else if ((registrationType === 'unregistered' || registrationType === 'consumer') && gstin) {
    errors.registrationType = `an ${registrationType === 'consumer' ? 'end consumer' : 'unregistered person'} has no GSTIN: leave gstin empty`;
  }
  if (gstin) {
    // A UIN holder's identity number is not a GSTIN (no PAN in it): checked as a UIN.
    const check = registrationType === 'uin' ? validateUin(gstin) : validateGstin(gstin);
    if (check.ok) gstinState = check.stateCode;
    else errors.gstin = check.reason;
  }

  // A GSTIN fixes the state; a state code sent with it must agree.
  const stateSent = input.stateCode !== undefined ? input.stateCode || null : undefined;
  let stateCode = stateSent === undefined ? (input.gstin !== undefined ? gstinState : (base?.stateCode ?? gstinState)) : stateSent;
  if (stateCode && !GST_STATES[stateCode]) errors.stateCode = 'must be a GST state code such as 27';
  else if (stateCode && gstinState && stateCode !== gstinState) errors.stateCode = `must match the GSTIN state ${gstinState}`;
  if (!stateCode) stateCode = gstinState;

  const optOut = typeof input.remindersOptOut === 'boolean' ? input.remindersOptOut : base?.remindersOptOut;

  if (Object.keys(errors).length) throw new ValidationFailed(errors);
  return {
    name,
    phone,
    countryCode,
    email,
    address,
    gstin,
    stateCode,
    ...(optOut !== undefined ? { remindersOptOut: optOut } : {}),
    registrationType: registrationType as RegistrationType | null,
  };
}
