/** The tombstones of deleted list rows (incremental sync's `include_deleted`), of every account. */
export abstract class Tombstones {
  /** Deletes the tombstones of deletions before `cutoff`; returns how many. */
  abstract deleteBefore(cutoff: Date): Promise<number>;
}
