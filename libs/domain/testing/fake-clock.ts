import { Clock } from '../src/shared/clock.port';

/** A clock that stands still until a test moves it. */
export class FakeClock extends Clock {
  private current: Date;

  constructor(start: Date | string = '2025-06-01T10:00:00Z') {
    super();
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(to: Date | string): void {
    this.current = new Date(to);
  }

  advance(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

/** 'Y-m-d H:i:s' in UTC, as the adapters store DATETIME columns. */
export function sqlTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
