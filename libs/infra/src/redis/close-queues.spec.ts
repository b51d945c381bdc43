import { createServer, Server, Socket } from 'node:net';
import { AddressInfo } from 'node:net';
import { BullmqOutboxQueue } from '../queue/bullmq-outbox-queue';
import { BullmqStoreNotificationQueue } from '../billing/bullmq-store-notification-queue';
import { BullmqStorefrontQueue } from '../storefront/bullmq-storefront-queue';

/**
 * A Redis that is not there in the worst way for a closing queue: its first connection is reset (the client's
 * 'error', which BullMQ's start remembers), every later one is accepted and never answered (the client sits in
 * the middle of its ready check). Ending the client then fires 'end', which fails the queue's pending start with
 * the remembered error.
 */
async function resettingThenSilentServer(): Promise<{ server: Server; port: number; accepted: () => number; close: () => Promise<void> }> {
  const sockets: Socket[] = [];
  let count = 0;
  const server = createServer((socket) => {
    count += 1;
    sockets.push(socket);
    if (count === 1) socket.resetAndDestroy();
    else socket.resume(); // read and drop: the client's FIN is seen and answered, its socket closes
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    accepted: () => count,
    close: () => {
      sockets.forEach((s) => s.destroy());
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('closing a queue whose Redis never became ready', () => {
  const cases: [string, (url: string) => { close(): Promise<void> }][] = [
    ['outbox queue (sendouts, pushes)', (url) => new BullmqOutboxQueue('close-test', url, 'test', {}, 100)],
    ['store notification queue', (url) => new BullmqStoreNotificationQueue(url, { prefix: 'test' })],
    ['storefront queues', (url) => new BullmqStorefrontQueue(url, { prefix: 'test' })],
  ];

  it.each(cases)('%s: leaves no failure behind without a listener', async (_name, open) => {
    const fake = await resettingThenSilentServer();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const queue = open(`redis://127.0.0.1:${fake.port}`);
      await until(() => fake.accepted() >= 2); // reset once, now waiting on an unanswered ready check
      await queue.close();
      await new Promise((r) => setTimeout(r, 200));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await fake.close();
    }
  });
});
