import { EndedSessions } from './ended-sessions.port';
import { Clock } from '../shared/clock.port';

/** Ended sessions stay listed for 30 days (the sessions screen, audits), then go. */
export const ENDED_SESSION_RETENTION_DAYS = 30;

/** The daily clean-up of ended mobile sessions, run by the worker. */
export class PurgeEndedSessions {
  constructor(
    private readonly sessions: EndedSessions,
    private readonly clock: Clock,
  ) {}

  execute(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - ENDED_SESSION_RETENTION_DAYS * 24 * 60 * 60 * 1000);
    return this.sessions.deleteEndedBefore(cutoff);
  }
}
