import { createServer, IncomingHttpHeaders } from 'node:http';
import { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  id: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP endpoint that answers 200 to every webhook and keeps what it got, counted by Webhook-Id. */
export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** How often each Webhook-Id came. */
  counts(): Map<string, number>;
  /** Answers only after this many milliseconds (spreads deliveries over time). */
  delayMs: number;
  /** The most requests that were waiting for their answer at one time. */
  maxInFlight: number;
  /**
   * Holds the answer to the next request: `reached` resolves when it has arrived (it is then counted),
   * the answer goes out on `release()` (or never, if the sender is gone by then: `gone` resolves when its
   * connection has closed).
   */
  holdNext(): { reached: Promise<ReceivedWebhook>; release: () => void; gone: Promise<void> };
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let hold: { reached: (r: ReceivedWebhook) => void; released: Promise<void>; gone: () => void } | null = null;
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    delayMs: 0,
    maxInFlight: 0,
    counts() {
      const counts = new Map<string, number>();
      for (const r of receiver.received) counts.set(r.id, (counts.get(r.id) ?? 0) + 1);
      return counts;
    },
    holdNext() {
      let release!: () => void;
      let gone!: () => void;
      const released = new Promise<void>((r) => (release = r));
      const closed = new Promise<void>((r) => (gone = r));
      const reached = new Promise<ReceivedWebhook>((r) => (hold = { reached: r, released, gone }));
      return { reached, release, gone: closed };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // a killed sender may leave its connection open here
      }),
  };
  let inFlight = 0;
  const server = createServer((req, res) => {
    receiver.maxInFlight = Math.max(receiver.maxInFlight, ++inFlight);
    res.on('close', () => inFlight--);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got: ReceivedWebhook = { id: String(req.headers['webhook-id']), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      receiver.received.push(got);
      const answer = () => res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      const held = hold;
      hold = null;
      if (held) {
        req.socket.once('close', held.gone);
        held.reached(got);
        void held.released.then(answer);
      } else if (receiver.delayMs) setTimeout(answer, receiver.delayMs);
      else answer();
    });
    res.on('error', () => undefined); // the sender may be gone
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
