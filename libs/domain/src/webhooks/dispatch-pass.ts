import { WebhookEndpoint } from './webhook.ports';

export interface DispatchResult {
  attempted: number;
  succeeded: number;
}

export interface DispatchOptions {
  /** Endpoints one process sends to at once (WEBHOOK_CONCURRENCY). */
  concurrency: number;
  /** Deliveries in flight to one endpoint at once (WEBHOOK_ENDPOINT_CONCURRENCY), each of another resource. */
  endpointConcurrency: number;
  timeoutMs?: number;
  /** How often a pass that is still sending looks for endpoints that have become due meanwhile (default 1 s). */
  pollMs?: number;
}

/** What went wrong outside the receiver's answers: an endpoint or a delivery that could not be handled. */
export interface DispatchFailure {
  endpointId: number;
  deliveryId: number | null;
  error: unknown;
}

export interface DispatchControl {
  /** Asked between deliveries: false ends the pass once the deliveries in flight are recorded (shutdown). */
  keepGoing?: () => boolean;
  /** Told of each failure that is not a receiver's (the delivery or endpoint is set aside, the others go on). */
  onFailure?: (failure: DispatchFailure) => void;
}

/** Due heads asked for at once per endpoint; the next are asked for when half of these are taken. */
export const HEADS_PER_QUERY = 200;
/**
 * An endpoint whose handling failed (its secret does not open, the database refused its rows), or a delivery
 * whose attempt could not be recorded, rests this long in this process.
 */
export const SET_ASIDE_MS = 60_000;

export interface Pass extends DispatchResult {
  keepGoing: () => boolean;
  fail: (endpointId: number, deliveryId: number | null, error: unknown) => void;
  /** Endpoints that stopped on failures or found nothing to send: not taken again in this pass. */
  resting: Set<number>;
}

/** One endpoint while this process holds it. */
export interface Session {
  endpoint: WebhookEndpoint;
  lease: string;
  leaseUntil: number;
  renewing: Promise<boolean> | null;
  /** Start of the endpoint's run of failed attempts (null after a success), as this session last set it. */
  failingSince: Date | null;
  /** The endpoint's writes of its failing run, one after the other. */
  endpointWrites: Promise<void>;
  /** Failed attempts since the last success in this session. */
  failuresInRow: number;
  /** Attempts made in this session. */
  attempted: number;
  disabled: boolean;
  /** Set once the session should start no more attempts (failures in a row, a lost lease, disabled). */
  stop: boolean;
}

export function openSession(endpoint: WebhookEndpoint, lease: string, leaseUntil: number): Session {
  return {
    endpoint,
    lease,
    leaseUntil,
    renewing: null,
    failingSince: endpoint.failingSince,
    endpointWrites: Promise.resolve(),
    failuresInRow: 0,
    attempted: 0,
    disabled: false,
    stop: false,
  };
}
