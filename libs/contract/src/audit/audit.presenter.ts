import type { AuditEntry } from '@app/domain/audit/audit-trail';
import { formatTimestamp } from '@app/domain/shared/fiscal-year';
import { bodyOf } from '../common/commands';

/**
 * An entry of the audit trail as the API shows it. The domain records the fields of a change by its own names
 * (camelCase, as its commands and records name them); they are shown by their API names, the lines' fields too.
 * Entries stored with API names already (snake_case) show as they are.
 */
export function presentAuditEntry(e: AuditEntry) {
  return {
    id: e.id,
    occurred_at: formatTimestamp(e.occurredAt),
    actor: { type: e.actor.kind, user_id: e.actor.userId, username: e.actor.username },
    action: e.action,
    entity_type: e.entityType,
    entity_id: e.entityId,
    label: e.label,
    before: bodyOf(e.before),
    after: bodyOf(e.after),
  };
}
