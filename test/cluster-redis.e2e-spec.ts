import { startApp, startAppOn, HTTP_ADAPTER, TestAccount, TestApp } from './support/app-harness';
import { RedisCluster, redisClusterAvailable } from './support/engines/redis-cluster';
import { invoiceToSend, queuePrefixFor, startWorker, TestWorker } from './support/sendout-worker';
import { SmtpSink, startSmtpSink } from './support/smtp-sink';
import { SENDOUT_QUEUE } from '@app/infra/queue/sendout-queue.config';
import { queuePrefix } from '@app/infra/redis/redis-connection';

/**
 * Redis Cluster (REDIS_CLUSTER_NODES): two APIs and a worker on a real 6-node cluster (3 masters, 3 replicas)
 * started by the test. The master that holds the sendout queue is killed while sendouts are being queued and
 * delivered; its replica takes over and every sendout still reaches the SMTP sink exactly once. The APIs share
 * one rate-limit bucket per account and one idempotency record per key.
 */
const runs = redisClusterAvailable() && HTTP_ADAPTER === 'fastify' ? describe : describe.skip;
const SENDOUTS = 200;
const BURST = 250;

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Closes one process part, giving up after `ms` with a warning in the output: whatever hangs, the cluster's servers are
 * still stopped by process id after it, and the hang is there to read rather than a hook timeout that hides which part.
 */
async function closeWithin(what: string, close: () => Promise<unknown> | undefined, ms = 30_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  const outcome = await Promise.race([Promise.resolve(close()).then(() => 'closed' as const), gaveUp]);
  clearTimeout(timer);
  if (outcome === 'timeout') console.warn(`closing ${what} took longer than ${ms} ms; going on with the teardown`);
}

runs('Redis Cluster: queues, buckets and idempotency across a master failover', () => {
  const cluster = new RedisCluster();
  let sink: SmtpSink;
  let apis: TestApp[] = [];
  let worker: TestWorker;
  let sender: TestAccount;

  beforeAll(async () => {
    await cluster.start();
    sink = await startSmtpSink();
    const env = {
      REDIS_CLUSTER_NODES: cluster.seeds,
      SMTP_URL: sink.url,
      QUEUE_PREFIX: queuePrefixFor('rcluster'),
      SENDOUT_BACKOFF_MS: '200',
      SWEEP_INTERVAL_MS: '500',
      SWEEP_AFTER_MS: '2000',
      RATE_LIMIT: 'on',
      API_RATE_LIMIT_PER_SECOND: '1',
      API_RATE_LIMIT_BURST: String(BURST),
      // Warnings and errors of the APIs and the worker (connection errors around the failover) go to the test's output.
      LOG_LEVEL: 'warn',
    };
    const first = await startApp('redis_cluster', env);
    apis = [first, await startAppOn(first.databaseUrl, 'redis_cluster', env)];
    worker = await startWorker(first.config);
    sender = await first.createAccount({ name: 'Cluster Mailers', email: 'mailers@example.com' });
  }, 180_000);

  afterAll(async () => {
    try {
      await closeWithin('the worker', () => worker?.close());
      for (const api of apis) await closeWithin('an API', () => api.close());
      await closeWithin('the SMTP sink', () => sink?.close());
    } finally {
      await cluster.stop();
    }
  }, 180_000);

  it(`delivers ${SENDOUTS} sendouts exactly once while the sendout queue's master fails over`, async () => {
    const [a, b] = apis;
    const { clientId, invoiceId } = await invoiceToSend(a, sender);
    const post = (api: TestApp, i: number) =>
      api.http
        .post('/v1/sendouts')
        .set(sender.auth)
        .send({ client_id: clientId, document_type: 'invoice', document_id: invoiceId, subject: `cluster mail ${i}`, message: 'Hello' });
    const queueKey = `${queuePrefix(a.config.redis, a.config.queue.prefix, SENDOUT_QUEUE)}:${SENDOUT_QUEUE}:wait`;
    const victim = await cluster.masterOf(queueKey);

    const answers: number[] = [];
    for (let i = 0; i < SENDOUTS / 2; i++) answers.push((await post(i % 2 ? b : a, i)).status);
    await until('some sendouts delivered before the failover', async () => sink.messages.length >= 20);
    await cluster.killMasterAndFailover(victim);
    for (let i = SENDOUTS / 2; i < SENDOUTS; i++) answers.push((await post(i % 2 ? b : a, i)).status);
    // A POST while the slot had no master still commits its row (the queue fails fast); the sweeper offers it.
    expect(answers.filter((s) => s !== 200)).toEqual([]);

    await until('every sendout sent', async () => {
      const [row] = await a.dataSource.query("SELECT COUNT(*) AS n FROM sendouts WHERE account_id = ? AND status = 'sent'", [sender.accountId]);
      return Number(row.n) === SENDOUTS;
    });
    const subjects = sink.messages.map((m) => m.subject).filter((s) => s.startsWith('cluster mail '));
    expect(subjects).toHaveLength(SENDOUTS);
    expect(new Set(subjects).size).toBe(SENDOUTS);
  }, 240_000);

  it('shares one rate-limit bucket and one idempotency record between the two APIs', async () => {
    const [a, b] = apis;
    const account = await a.createAccount({ name: 'Bucket Sharers', email: 'bucket@example.com' });
    const body = { name: 'Once Only', phone: '9876500001', email: 'once@example.com' };
    const first = await a.http
      .post('/v1/clients')
      .set({ ...account.auth, 'Idempotency-Key': 'cluster-key-1' })
      .send(body)
      .expect(201);
    const again = await b.http
      .post('/v1/clients')
      .set({ ...account.auth, 'Idempotency-Key': 'cluster-key-1' })
      .send(body)
      .expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.client.client_id).toBe(first.body.data.client.client_id);

    // Alternating calls drain one bucket: a 429 comes on both APIs well before each could spend a burst of its own.
    const limited = new Set<number>();
    let ok = 0;
    for (let i = 0; i < BURST + 40 && limited.size < 2; i++) {
      const res = await apis[i % 2].http.get('/v1/clients?limit=1').set(account.auth);
      if (res.status === 429) limited.add(i % 2);
      else if (res.status === 200) ok++;
    }
    expect([...limited].sort()).toEqual([0, 1]);
    expect(ok).toBeLessThan(2 * BURST);
  }, 120_000);
});
