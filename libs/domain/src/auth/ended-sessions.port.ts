/** Sessions of every account that ended (revoked or past their refresh expiry). */
export abstract class EndedSessions {
  /** Deletes sessions that ended before `cutoff`, with the refresh tokens they retired; returns how many. */
  abstract deleteEndedBefore(cutoff: Date): Promise<number>;
}
