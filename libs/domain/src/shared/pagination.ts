/**
 * A page of a list: by position (`offset`) or by cursor (`startingAfter` / `endingBefore`, the id of a row
 * in the list's order; never together with an offset), optionally only the rows changed since a time, in
 * the list's own order or newest change first, with the deletions since that time beside the rows.
 */
export interface PageRequest {
  limit: number;
  offset: number;
  /** The page starts right after this row of the list's order. */
  startingAfter?: number;
  /** The page ends right before this row of the list's order. */
  endingBefore?: number;
  /** Only rows whose `updated_at` is at or after this instant (UTC, 'YYYY-MM-DD HH:MM:SS'). */
  updatedSince?: string;
  /** The list's own order (`default`) or newest change first, ties by id (`updated_at`). */
  order?: ListOrder;
  /** Deletions of the last TOMBSTONE_DAYS days (since `updatedSince` when set) come with the first page. */
  includeDeleted?: boolean;
}

export type ListOrder = 'default' | 'updated_at';
export const LIST_ORDERS: readonly ListOrder[] = ['default', 'updated_at'];

/** A deleted row of a list: its id and when it was deleted (UTC, 'YYYY-MM-DD HH:MM:SS'). */
export interface Tombstone {
  id: number;
  deletedAt: string;
}

export interface Page<T> {
  rows: T[];
  total: number;
  /** More rows follow the page in the direction it was read (after it; before it for `endingBefore`). */
  hasMore?: boolean;
  /** With `includeDeleted`: the deletions, newest first (on the first page only). */
  tombstones?: Tombstone[];
}
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
/** How long a deletion is kept for incremental sync. */
export const TOMBSTONE_DAYS = 30;

/** A cursor page (as opposed to one by offset). */
export function isCursorPage(page: PageRequest): boolean {
  return page.startingAfter !== undefined || page.endingBefore !== undefined;
}
