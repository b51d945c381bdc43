import { ValidationFailed } from '../src/shared/domain-error';
import { isCursorPage, Page, PageRequest } from '../src/shared/pagination';

type Dated = { id: number; createdAt: string };

/** The adapters' list order: newest `createdAt` first, ties by id descending. */
export const newestOrder = (a: Dated, b: Dated): number => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1);

/** Rows newest `createdAt` first, ties by id descending (the adapters' list order), as copies. */
export function newestFirst<T extends Dated>(rows: T[]): T[] {
  return rows.map((r) => ({ ...r })).sort(newestOrder);
}

/**
 * One page of rows (ordered by `compare`) by offset or by cursor, with the total and `hasMore`, as the
 * adapters' keyset lists answer: a cursor is the id of a row of `scope` (the rows a cursor may name, deleted
 * ones included), else a validation error naming the parameter.
 */
export function pageAt<T extends { id: number }>(
  rows: T[],
  page: PageRequest,
  compare: (a: T, b: T) => number = newestOrder as never,
  scope: T[] = rows,
): Page<T> {
  if (!isCursorPage(page)) return { ...pageOf(rows, page), hasMore: page.offset + page.limit < rows.length };
  const before = page.endingBefore !== undefined;
  const cursor = scope.find((r) => r.id === (before ? page.endingBefore : page.startingAfter));
  if (!cursor) throw ValidationFailed.field(before ? 'ending_before' : 'starting_after', 'is not the id of a row of this list');
  const side = rows.filter((r) => (before ? compare(r, cursor) < 0 : compare(r, cursor) > 0));
  const got = before ? side.slice(Math.max(0, side.length - page.limit)) : side.slice(0, page.limit);
  return { rows: got, total: rows.length, hasMore: side.length > page.limit };
}

/** One page of already ordered rows, with the total. */
export function pageOf<T>(rows: T[], page: PageRequest): Page<T> {
  return { rows: rows.slice(page.offset, page.offset + page.limit), total: rows.length };
}
