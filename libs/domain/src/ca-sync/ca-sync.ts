import { isValidEmail } from '../shared/email';
import { ValidationFailed } from '../shared/domain-error';

export const CA_SYNC_FREQUENCIES = ['monthly', 'quarterly'] as const;
export const CA_SYNC_FORMATS = ['xlsx', 'csv'] as const;
export type CaSyncFrequency = (typeof CA_SYNC_FREQUENCIES)[number];
export type CaSyncFormat = (typeof CA_SYNC_FORMATS)[number];

/** The accountant's sync of one account: where and how often its books are mailed, and how the last send went. */
export interface CaSyncSettings {
  enabled: boolean;
  caEmail: string | null;
  frequency: CaSyncFrequency;
  format: CaSyncFormat;
  /** 'Y-m-d H:i:s' UTC of the last successful send. */
  lastSentAt: string | null;
  /** The period of the last successful send ('2026-10', 'FY2026-27 Q3'). */
  lastPeriod: string | null;
  /** Why the last send failed; cleared by the next success. */
  lastError: string | null;
}

export const DEFAULT_CA_SYNC: CaSyncSettings = {
  enabled: false,
  caEmail: null,
  frequency: 'monthly',
  format: 'xlsx',
  lastSentAt: null,
  lastPeriod: null,
  lastError: null,
};

export interface CaSyncInput {
  enabled?: unknown;
  caEmail?: unknown;
  frequency?: unknown;
  format?: unknown;
}

/** Merges `input` over `current`; every problem is reported by field (400 validation_error). */
export function applyCaSyncInput(current: CaSyncSettings, input: CaSyncInput): CaSyncSettings {
  const errors: Record<string, string> = {};
  const next = { ...current };
  if (input.enabled !== undefined) {
    if (typeof input.enabled === 'boolean') next.enabled = input.enabled;
    else errors.enabled = 'must be true or false';
  }
  if (input.caEmail !== undefined) {
    if (input.caEmail === null || input.caEmail === '') next.caEmail = null;
    else if (typeof input.caEmail === 'string' && input.caEmail.length <= 254 && isValidEmail(input.caEmail.trim())) next.caEmail = input.caEmail.trim();
    else errors.caEmail = 'must be a valid email address';
  }
  if (input.frequency !== undefined) {
    if (CA_SYNC_FREQUENCIES.includes(input.frequency as CaSyncFrequency)) next.frequency = input.frequency as CaSyncFrequency;
    else errors.frequency = `must be one of ${CA_SYNC_FREQUENCIES.join(', ')}`;
  }
  if (input.format !== undefined) {
    if (CA_SYNC_FORMATS.includes(input.format as CaSyncFormat)) next.format = input.format as CaSyncFormat;
    else errors.format = `must be one of ${CA_SYNC_FORMATS.join(', ')}`;
  }
  if (!errors.caEmail && next.enabled && !next.caEmail) errors.caEmail = 'is required while the sync is enabled';
  if (Object.keys(errors).length) throw new ValidationFailed(errors);
  return next;
}
