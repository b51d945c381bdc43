import { ActivityLog } from '../activity/activity-log.port';
import { Clock } from '../shared/clock.port';
import { TransactionRunner } from '../shared/transaction.port';
import { AttemptRecorder } from './attempt-recorder';
import { DispatchControl, DispatchOptions, DispatchResult, HEADS_PER_QUERY, openSession, Pass, Session, SET_ASIDE_MS } from './dispatch-pass';
import { EndpointFailures } from './endpoint-failures';
import { postSigned } from './signed-post';
import { isSuccessStatus, nextAttemptAt, WEBHOOK_TIMEOUT_MS } from './webhook-policy';
import { AttemptRecord, WebhookDelivery, WebhookEndpoint, WebhookSigner, WebhookStore, WebhookTransport } from './webhook.ports';

export type { DispatchControl, DispatchFailure, DispatchOptions, DispatchResult } from './dispatch-pass';

/**
 * Sends due webhook deliveries. A pass takes due endpoints (up to `concurrency` at once), each under a lease
 * in the database so that one process at a time sends to it, and sends each endpoint's due deliveries with up
 * to `endpointConcurrency` requests in flight, asking for more as those are taken, until none is due: events of
 * one resource go in order of event time (a later one is due only once the earlier one is recorded, and waits
 * while that one is retried; see `dueHeads`), events of different resources side by side. A request's outcome
 * is written while the next requests go (`AttemptRecorder`, several in one statement). While it sends, the pass
 * takes on endpoints that become due, and it ends when nothing is due. A failed attempt is retried on the
 * backoff schedule; after the last the delivery is `failed`. An endpoint that fails `endpointConcurrency`
 * attempts in a row is left for the next pass; one already failing is sent one delivery at a time until a
 * success. An endpoint failing without a success for 5 days is disabled and the account told through its
 * activity log (notifications and the audit trail). A delivery or endpoint that cannot be handled (not the
 * receiver's failure) is reported and set aside; the others go on.
 */
export class DispatchWebhooks {
  /** Endpoints set aside after a failure of their own, until the time given. */
  private readonly broken = new Map<number, number>();
  /** Deliveries sent whose outcome could not be recorded at all, set aside until the time given. */
  private readonly unrecorded = new Map<number, number>();
  private readonly recorder: AttemptRecorder;
  private readonly failures: EndpointFailures;

  constructor(
    private readonly store: WebhookStore,
    private readonly transport: WebhookTransport,
    private readonly signer: WebhookSigner,
    activity: ActivityLog,
    private readonly clock: Clock,
    tx: TransactionRunner,
    private readonly options: DispatchOptions,
  ) {
    this.recorder = new AttemptRecorder(store);
    this.failures = new EndpointFailures(store, activity, tx);
  }

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  }

  async execute(control: DispatchControl = {}): Promise<DispatchResult> {
    const pass: Pass = {
      attempted: 0,
      succeeded: 0,
      keepGoing: control.keepGoing ?? (() => true),
      fail: (endpointId, deliveryId, error) => control.onFailure?.({ endpointId, deliveryId, error }),
      resting: new Set(),
    };
    const active = new Map<number, Promise<void>>();
    for (;;) {
      if (pass.keepGoing() && active.size < this.options.concurrency) {
        const now = this.clock.now().getTime();
        for (const aside of [this.broken, this.unrecorded]) for (const [id, until] of aside) if (until <= now) aside.delete(id);
        const except = [...active.keys(), ...pass.resting, ...this.broken.keys()];
        let due: Array<{ id: number; accountId: number }>;
        try {
          due = await this.store.dueEndpoints(this.clock.now(), this.options.concurrency - active.size, except);
        } catch (err) {
          await Promise.all(active.values());
          throw err;
        }
        for (const ref of due) {
          if (!active.has(ref.id))
            active.set(
              ref.id,
              this.serve(ref, pass).finally(() => active.delete(ref.id)),
            );
        }
      }
      if (!active.size) return { attempted: pass.attempted, succeeded: pass.succeeded };
      await this.nextTurn([...active.values()]);
    }
  }

  /** Resolves when one of the endpoints in progress is done, or after `pollMs` to look for newly due ones. */
  private async nextTurn(sessions: Array<Promise<void>>): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.options.pollMs ?? 1000)));
    try {
      await Promise.race([...sessions, poll]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends the endpoint's due deliveries while this process holds the endpoint; never rejects. */
  private async serve(ref: { id: number; accountId: number }, pass: Pass): Promise<void> {
    let lease: string | null = null;
    // Taken again in this pass only when it sent something and its last attempt went through.
    pass.resting.add(ref.id);
    try {
      const now = this.clock.now();
      const leaseUntil = now.getTime() + this.timeoutMs * 3;
      lease = await this.store.leaseEndpoint(ref.id, now, new Date(leaseUntil));
      if (!lease) return;
      const endpoint = await this.store.findEndpoint(ref.accountId, ref.id);
      if (!endpoint?.enabled) return;
      const session = openSession(endpoint, lease, leaseUntil);
      try {
        await this.sendDue(session, pass);
      } finally {
        await session.endpointWrites;
      }
      if (session.attempted && !session.failuresInRow && !session.stop) pass.resting.delete(ref.id);
    } catch (err) {
      pass.fail(ref.id, null, err);
      this.broken.set(ref.id, this.clock.now().getTime() + SET_ASIDE_MS);
    } finally {
      if (lease) await this.store.releaseEndpoint(ref.id, lease).catch((err: unknown) => pass.fail(ref.id, null, err));
    }
  }

  /**
   * The endpoint's due heads, `endpointConcurrency` requests at a time (one while the endpoint is failing, until
   * a success), until none is due, the endpoint fails that many in a row, or the pass ends. More heads are asked
   * for before those taken run out, less the ones taken and those sent but not yet recorded (each the head of its
   * resource, so the next event of that resource waits for it); a lane with nothing to take waits for one of
   * those to be recorded, as its resource's next event may then be due. Everything is recorded before this ends.
   */
  private async sendDue(session: Session, pass: Pass): Promise<void> {
    for (;;) {
      const probing = session.failingSince !== null;
      const width = probing ? 1 : this.options.endpointConcurrency;
      const limit = probing ? 1 : HEADS_PER_QUERY;
      const queue: WebhookDelivery[] = [];
      /** Taken and not yet recorded. */
      const open = new Map<number, Promise<void>>();
      let sent = 0;
      /** Whether the last query may have left due heads behind (it found as many as it asked for). */
      let more = true;
      let refilling: Promise<void> | null = null;
      const refill = () =>
        (refilling ??= (async () => {
          // Those taken (queued, in flight, or sent and not yet recorded) are left out; only this adds to the queue.
          const due = await this.store.dueHeads(session.endpoint.id, this.clock.now(), limit, [...open.keys(), ...queue.map((d) => d.id)]);
          more = due.length >= limit;
          queue.push(...due.filter((d) => !this.unrecorded.has(d.id)));
        })().finally(() => (refilling = null)));
      let wake = () => {};
      let recorded = new Promise<void>((resolve) => (wake = resolve));
      const lane = async () => {
        while (!session.stop && pass.keepGoing() && !(probing && sent && session.failingSince === null)) {
          if (!queue.length) await refill();
          else if (more && queue.length <= limit / 2) void refill().catch(() => undefined); // the next ones, before these run out
          const delivery = queue.shift();
          if (!delivery) {
            if (!open.size) return;
            await recorded; // one is recorded: its resource's next event may be due
            continue;
          }
          let done!: () => void;
          open.set(delivery.id, new Promise<void>((resolve) => (done = resolve))); // at once: a query meanwhile leaves it out
          if (!(await this.holdLease(session, pass))) {
            open.delete(delivery.id);
            done();
            session.stop = true;
            return;
          }
          sent++;
          const { recorded: written } = await this.attempt(session, session.endpoint, delivery, pass, width);
          void written.then(() => {
            open.delete(delivery.id);
            done();
            const woken = wake;
            recorded = new Promise<void>((resolve) => (wake = resolve));
            woken();
          });
        }
      };
      // Every lane ends, and every attempt is recorded, before a failure goes up: nothing outlives the lease.
      const lanes = await Promise.allSettled(Array.from({ length: width }, lane));
      await Promise.all(open.values());
      const failed = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
      if (failed) throw failed.reason;
      if (!sent || session.stop || !pass.keepGoing()) return;
    }
  }

  /**
   * Keeps the lease long enough for one more attempt, and reads the endpoint again when it extends it (a changed
   * URL or secret is used from then on); false when the lease was lost (to another process, or the database) or
   * the endpoint was disabled or deleted meanwhile.
   */
  private async holdLease(session: Session, pass: Pass): Promise<boolean> {
    const now = this.clock.now().getTime();
    if (session.leaseUntil - now >= this.timeoutMs * 1.5) return true;
    session.renewing ??= (async () => {
      try {
        const until = now + this.timeoutMs * 3;
        if (!(await this.store.renewLease(session.endpoint.id, session.lease, new Date(until)))) return false;
        session.leaseUntil = until;
        const endpoint = await this.store.findEndpoint(session.endpoint.accountId, session.endpoint.id);
        if (!endpoint?.enabled) return false;
        session.endpoint = endpoint;
        return true;
      } catch (err) {
        pass.fail(session.endpoint.id, null, err);
        return false;
      } finally {
        session.renewing = null;
      }
    })();
    return session.renewing;
  }

  /**
   * Sends one delivery; resolves once the answer is in, with the promise of its record (which never rejects: a
   * failure on this side is reported and the delivery set aside as a failed attempt).
   */
  private async attempt(
    session: Session,
    endpoint: WebhookEndpoint,
    delivery: WebhookDelivery,
    pass: Pass,
    width: number,
  ): Promise<{ recorded: Promise<void> }> {
    const start = this.clock.now();
    let record: AttemptRecord;
    try {
      const response = await postSigned(this.signer, this.transport, endpoint, delivery, start, this.timeoutMs);
      const at = this.clock.now();
      const attempts = delivery.attempts + 1;
      const ok = isSuccessStatus(response.status);
      const retryAt = ok ? null : nextAttemptAt(attempts, at);
      record = {
        at,
        attempts,
        status: ok ? 'succeeded' : retryAt ? 'pending' : 'failed',
        nextAttemptAt: retryAt,
        responseStatus: response.status,
        responseBody: response.body,
        durationMs: response.durationMs,
      };
    } catch (err) {
      pass.fail(endpoint.id, delivery.id, err);
      return { recorded: this.setAside(delivery, pass) };
    }
    const ok = record.status === 'succeeded';
    session.attempted++;
    this.failures.track(session, ok, record.at, width, pass);
    const recorded = this.recorder.record(delivery.id, record).then(
      () => {
        pass.attempted++;
        if (ok) pass.succeeded++;
      },
      (err: unknown) => {
        pass.fail(endpoint.id, delivery.id, err);
        return this.setAside(delivery, pass);
      },
    );
    return { recorded };
  }

  /**
   * A delivery whose attempt failed on this side (it could not be signed, sent or recorded): recorded as a failed
   * attempt, so it waits its retry like any other; when even that fails, this process leaves it alone for a while.
   */
  private async setAside(delivery: WebhookDelivery, pass: Pass): Promise<void> {
    const at = this.clock.now();
    const attempts = delivery.attempts + 1;
    const retryAt = nextAttemptAt(attempts, at);
    try {
      await this.store.recordAttempts([
        {
          deliveryId: delivery.id,
          attempt: {
            at,
            attempts,
            status: retryAt ? 'pending' : 'failed',
            nextAttemptAt: retryAt,
            responseStatus: null,
            responseBody: 'Not sent: the delivery could not be prepared or recorded; it is retried like a failed attempt.',
            durationMs: 0,
          },
        },
      ]);
    } catch (err) {
      pass.fail(delivery.endpointId, delivery.id, err);
      this.unrecorded.set(delivery.id, this.clock.now().getTime() + SET_ASIDE_MS);
    }
  }
}
