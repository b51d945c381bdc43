import type { CaSyncSettings } from '@app/domain/ca-sync/ca-sync';

/** `GET /v1/settings/ca-sync` and the answer of its PATCH. */
export function presentCaSync(s: CaSyncSettings) {
  return {
    enabled: s.enabled,
    ca_email: s.caEmail,
    frequency: s.frequency,
    format: s.format,
    last_sent_at: s.lastSentAt,
    last_period: s.lastPeriod,
    last_error: s.lastError,
  };
}
