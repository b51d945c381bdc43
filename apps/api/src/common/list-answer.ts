import type { Page } from '@app/domain/shared/pagination';

/** 'Y-m-d H:i:s' (UTC, as stored) as ISO 8601 with its zone: '2025-04-01T04:30:00Z'. */
export function isoUtc(timestamp: string): string {
  return `${timestamp.replace(' ', 'T')}Z`;
}

/**
 * The answer of a list with cursors: the rows under their key, `total` (every row matching the filters),
 * `has_more` (rows follow the page in the direction it was read) and, when asked for with `include_deleted`,
 * `tombstones` (`{id, deleted_at}`, deleted_at ISO 8601 in UTC).
 */
export function listAnswer<T>(key: string, page: Page<T>, present: (row: T) => unknown): Record<string, unknown> {
  return {
    [key]: page.rows.map((row) => present(row)),
    total: page.total,
    has_more: page.hasMore ?? false,
    ...(page.tombstones ? { tombstones: page.tombstones.map((t) => ({ id: t.id, deleted_at: isoUtc(t.deletedAt) })) } : {}),
  };
}
