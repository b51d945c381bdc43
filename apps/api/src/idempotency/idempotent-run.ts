/**
 * The link between the Idempotency-Key guard, which takes the key before the pipes and the handler run, and
 * the two places every answer leaves by: the edge's `reply` (a handler's result) and the error filter (any
 * error after the guard). The guard hangs an `IdempotentRun` on the platform's response object; whichever
 * place answers takes it off (once) and settles it before the answer is written, so that a client that has
 * its answer and retries gets the replay, never "in use".
 */
export interface IdempotentRun {
  /** Stores a JSON result (or lets the key go for a file); never rejects. */
  settle(data: unknown, status: number): Promise<void>;
  /** Stores a storable error (or lets the key go for any other); never rejects. */
  settleError(error: unknown): Promise<void>;
}

const RUN = Symbol('idempotentRun');

type Holder = { [RUN]?: IdempotentRun };

export function attachIdempotentRun(response: unknown, run: IdempotentRun): void {
  (response as Holder)[RUN] = run;
}

/** The run hung on `response`, taken off it (a second call answers undefined). */
export function takeIdempotentRun(response: unknown): IdempotentRun | undefined {
  const holder = response as Holder | null | undefined;
  const run = holder?.[RUN];
  if (run) holder[RUN] = undefined;
  return run;
}

/**
 * A stored successful answer to replay: thrown by the guard (a guard cannot answer by itself) and written by
 * the error filter as the stored status and `{ok: true, data}` body.
 */
export class ReplayedAnswer extends Error {
  constructor(
    readonly status: number,
    /** The handler's result as stored: JSON text. */
    readonly json: string,
  ) {
    super('replayed answer');
  }
}
