import { Clock } from './clock.port';
import { TOMBSTONE_DAYS } from './pagination';
import { Tombstones } from './tombstones.port';

/** The daily clean-up of the tombstones older than TOMBSTONE_DAYS (lists return deletions of that window), run by the worker. */
export class PurgeTombstones {
  constructor(
    private readonly tombstones: Tombstones,
    private readonly clock: Clock,
  ) {}

  execute(): Promise<number> {
    return this.tombstones.deleteBefore(new Date(this.clock.now().getTime() - TOMBSTONE_DAYS * 24 * 60 * 60 * 1000));
  }
}
