import type { ActivityEvent } from '@app/domain/activity/activity-log.port';

/** A row of `activity_events` as the raw SQL readers (relay outbox, audit trail) select it. */
export interface ActivityEventRow {
  id: number | string;
  actor_kind: string;
  actor_user_id: number | null;
  action: string;
  entity_type: string;
  entity_id: number;
  label: string | null;
  before_summary: string | null;
  after_summary: string | null;
  /** Selected by the relay outbox only. */
  object_json?: string | null;
  created_at: string;
}

/** A stored before/after summary (JSON text) as an object; null when absent or not an object. */
export function parseSummary(summary: string | null): Record<string, unknown> | null {
  if (!summary) return null;
  try {
    const value: unknown = JSON.parse(summary);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** What every reader takes from a row the same way: the change and when it happened. */
export function changeOfRow(r: ActivityEventRow): Pick<ActivityEvent, 'action' | 'entityType' | 'entityId' | 'label' | 'before' | 'after' | 'occurredAt'> {
  return {
    action: r.action,
    entityType: r.entity_type,
    entityId: Number(r.entity_id),
    label: r.label,
    before: parseSummary(r.before_summary),
    after: parseSummary(r.after_summary),
    occurredAt: new Date(`${r.created_at.replace(' ', 'T')}Z`),
  };
}
