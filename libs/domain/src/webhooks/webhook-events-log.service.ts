import type { Caller } from '../shared/caller';
import { Clock } from '../shared/clock.port';
import { found, ValidationFailed } from '../shared/domain-error';
import { StoredWebhookEvent, WebhookEventLog, WebhookEventPage } from './webhook-event-log.port';

/** Events stay readable for 30 days after they were made, then the daily housekeeping deletes them. */
export const WEBHOOK_EVENT_RETENTION_DAYS = 30;
const RETENTION_MS = WEBHOOK_EVENT_RETENTION_DAYS * 86_400_000;
/** Events deleted per statement of the purge (short statements; the purge repeats until none is left). */
const PURGE_BATCH = 5000;

export interface WebhookEventFilter {
  type?: string;
  resourceType?: string;
  resourceId?: number;
  createdSince?: Date;
  limit: number;
  startingAfter?: string;
  endingBefore?: string;
}

/** `GET /v1/events`: the account's webhook events of the last 30 days, newest first, paged by cursor. */
export class WebhookEventsService {
  constructor(
    private readonly log: WebhookEventLog,
    private readonly clock: Clock,
  ) {}

  async list(caller: Caller, filter: WebhookEventFilter): Promise<WebhookEventPage> {
    if (filter.startingAfter !== undefined && filter.endingBefore !== undefined) {
      throw new ValidationFailed({ ending_before: 'cannot be sent with starting_after' });
    }
    if (filter.resourceId !== undefined && filter.resourceType === undefined) {
      throw new ValidationFailed({ resource_id: 'needs resource_type' });
    }
    const page = await this.log.list(caller.account.id, { ...filter, since: this.windowStart() });
    if (!page) {
      const field = filter.startingAfter !== undefined ? 'starting_after' : 'ending_before';
      throw new ValidationFailed({ [field]: 'is not an event of the account in the last 30 days' });
    }
    return page;
  }

  async get(caller: Caller, id: string): Promise<StoredWebhookEvent> {
    return found(await this.log.find(caller.account.id, id, this.windowStart()), 'Event', id);
  }

  private windowStart(): Date {
    return new Date(this.clock.now().getTime() - RETENTION_MS);
  }
}

/** The daily clean-up of events older than the 30 days `GET /v1/events` shows, run by the worker's housekeeping. */
export class PurgeOldWebhookEvents {
  constructor(
    private readonly log: WebhookEventLog,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - RETENTION_MS);
    let purged = 0;
    for (;;) {
      const deleted = await this.log.deleteOlderThan(cutoff, PURGE_BATCH);
      purged += deleted;
      if (deleted < PURGE_BATCH) return purged;
    }
  }
}
