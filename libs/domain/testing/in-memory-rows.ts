import { Page, PageRequest } from '../src/shared/pagination';

/** Rows newest `createdAt` first, ties by id descending (the adapters' list order), as copies. */
export function newestFirst<T extends { id: number; createdAt: string }>(rows: T[]): T[] {
  return rows.map((r) => ({ ...r })).sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1));
}

/** One page of already ordered rows, with the total. */
export function pageOf<T>(rows: T[], page: PageRequest): Page<T> {
  return { rows: rows.slice(page.offset, page.offset + page.limit), total: rows.length };
}
