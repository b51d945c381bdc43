import { TransactionRunner } from './transaction.port';

/** The answer of every bulk delete: how many went, and the ids that did not (not the account's, or kept). */
export interface BulkDeleteResult {
  deleted: number;
  skipped: number[];
}

/**
 * The steps every bulk delete shares, in one transaction: the ids are de-duplicated, `owned` finds the
 * account's records among them, `remove` deletes what may go and returns the ids it deleted; every other
 * id comes back in `skipped`, in the order sent.
 */
export function bulkDelete<T>(
  tx: TransactionRunner,
  ids: number[],
  owned: (unique: number[]) => Promise<T[]>,
  remove: (records: T[]) => Promise<number[]>,
): Promise<BulkDeleteResult> {
  const unique = [...new Set(ids)];
  return tx.run(async () => {
    const deleted = new Set(await remove(await owned(unique)));
    return { deleted: deleted.size, skipped: unique.filter((id) => !deleted.has(id)) };
  });
}

/** What a bulk delete of plain records needs of their repository: which ids are the account's, and one delete. */
export interface DeletableRecords {
  existingIds(accountId: number, ids: number[]): Promise<number[]>;
  delete(accountId: number, id: number): Promise<void>;
}

/**
 * The bulk delete of records nothing else holds on to (expenses, inventory items): each of the account's
 * ids is deleted and then passed to `deleted` (its activity entry); the other ids come back in `skipped`.
 */
export function bulkDeleteRecords(
  tx: TransactionRunner,
  accountId: number,
  ids: number[],
  records: DeletableRecords,
  deleted: (id: number) => Promise<void>,
): Promise<BulkDeleteResult> {
  return bulkDelete(
    tx,
    ids,
    (unique) => records.existingIds(accountId, unique),
    async (owned) => {
      for (const id of owned) {
        await records.delete(accountId, id);
        await deleted(id);
      }
      return owned;
    },
  );
}
