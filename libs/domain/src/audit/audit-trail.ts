import type { ActivityEvent } from '../activity/activity-log.port';
import type { Caller } from '../shared/caller';
import { NotFound, ValidationFailed } from '../shared/domain-error';
import { dateProblem } from '../shared/fiscal-year';
import { Page, PageRequest } from '../shared/pagination';

/** Who made a change: the account's API key, a user of the account, or the service itself. */
export interface AuditActor {
  kind: 'api_key' | 'user' | 'system';
  userId: number | null;
  /** The user's username (null for API keys and the service; kept after the user is deleted). */
  username: string | null;
}

/** One entry of the audit trail: an activity event as recorded, read-only. */
export type AuditEntry = Pick<ActivityEvent, 'occurredAt' | 'action' | 'entityType' | 'entityId' | 'label' | 'before' | 'after'> & {
  id: number;
  actor: AuditActor;
};

export interface AuditFilter {
  entityType?: string;
  entityId?: number;
  actor?: { kind: AuditActor['kind']; userId?: number };
  /** Inclusive bounds on the time of the change. */
  from?: Date;
  to?: Date;
}

/** The activity log read as an audit trail (append-only: nothing here changes it). */
export abstract class AuditLogReader {
  /** Newest first. */
  abstract list(accountId: number, filter: AuditFilter, page: PageRequest): Promise<Page<AuditEntry>>;
}

/** `api_key`, `system`, `user` (any user), `user:<id>` or a bare user id. */
export function parseAuditActor(text: string): NonNullable<AuditFilter['actor']> {
  const value = text.trim();
  if (value === 'api_key' || value === 'system' || value === 'user') return { kind: value };
  const match = /^(?:user:)?([1-9]\d{0,9})$/.exec(value);
  if (match) return { kind: 'user', userId: Number(match[1]) };
  throw new ValidationFailed({ actor: 'must be api_key, system, user or user:<id>' });
}

/** The audit trail of an account, and the history of one record. */
export class AuditTrail {
  constructor(private readonly reader: AuditLogReader) {}

  list(caller: Caller, filter: AuditFilter, page: PageRequest): Promise<Page<AuditEntry>> {
    if (filter.from && filter.to && filter.from > filter.to) throw new ValidationFailed({ to: 'must not be before from' });
    return this.reader.list(caller.account.id, filter, page);
  }

  /** Every change of one record, oldest first; not found when the account has no record of it. */
  async history(caller: Caller, entityType: string, entityId: number): Promise<AuditEntry[]> {
    const page = await this.reader.list(caller.account.id, { entityType, entityId }, { limit: 1000, offset: 0 });
    if (!page.rows.length)
      throw NotFound.of(
        entityType.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
        entityId,
      );
    return page.rows.reverse();
  }
}

/** A bound of the `from`/`to` filter: `Y-m-d`, `Y-m-d H:i:s` (UTC, as the API writes times) or ISO 8601 with a zone. */
export function parseAuditTime(field: 'from' | 'to', text: string): Date {
  const value = text.trim();
  let iso: string | null = null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) iso = `${value}T${field === 'from' ? '00:00:00' : '23:59:59'}Z`;
  else if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) iso = `${value.replace(' ', 'T')}Z`;
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) iso = value;
  const notTime = 'must be a date (Y-m-d), a time (Y-m-d H:i:s, UTC) or ISO 8601';
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) throw new ValidationFailed({ [field]: notTime });
  // The day as written, from 2000 to 2099 (a zone may move the instant a few hours past either end).
  const dayProblem = dateProblem(value.slice(0, 10), notTime);
  if (dayProblem) throw new ValidationFailed({ [field]: dayProblem });
  return date;
}
