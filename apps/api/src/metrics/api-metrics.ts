import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { RouteLabels } from './route-label';

/** What a scrape reads from the rest of the process: pool use and queue depths, both optional. */
export interface MetricsSources {
  /** Connections of the database pool: in use, idle, and requests waiting for one. */
  databasePool?: () => { used: number; idle: number; waiting: number } | null;
  /** Transactions of this process run again after a deadlock, a lock wait timeout or a cluster conflict, so far. */
  transactionRetries?: () => number;
  /** Jobs per state of each queue (waiting, active, delayed, failed, completed). */
  queueCounts?: () => Promise<Record<string, Record<string, number>>>;
}

/**
 * The API process's Prometheus metrics (prom-client): requests by route template, method and status with a
 * latency histogram, PDF render time by outcome, database pool use, queue depths and job outcomes, and
 * Node's default process metrics. One registry per app instance, so several apps in one process (tests)
 * do not collide.
 */
export class ApiMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route' | 'status'>;
  private readonly pdfRender: Histogram<'outcome'>;
  private sources: MetricsSources = {};

  constructor(private readonly routes: RouteLabels) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames: ['method', 'route', 'status'], registers });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to the last byte of the answer',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.pdfRender = new Histogram({
      name: 'pdf_render_seconds',
      help: 'Chromium time of one PDF render (page load and print), by outcome',
      labelNames: ['outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20],
      registers,
    });
    const pool = (state: 'used' | 'idle' | 'waiting') => () => this.sources.databasePool?.()?.[state] ?? 0;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state (used, idle) and requests waiting for one (waiting)',
      labelNames: ['state'],
      registers,
      collect() {
        for (const state of ['used', 'idle', 'waiting'] as const) this.set({ state }, pool(state)());
      },
    });
    const sources = () => this.sources;
    let retriesSeen = 0;
    new Counter({
      name: 'db_transaction_retries_total',
      help: 'Transactions run again after a deadlock, a lock wait timeout or a certification conflict of a cluster',
      registers,
      collect() {
        const now = sources().transactionRetries?.() ?? retriesSeen;
        if (now > retriesSeen) this.inc(now - retriesSeen);
        retriesSeen = now;
      },
    });
    new Gauge({
      name: 'queue_jobs',
      help: 'Jobs of each queue by state; failed and completed are the outcomes the queue keeps',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        const counts =
          (await sources()
            .queueCounts?.()
            .catch(() => null)) ?? {};
        this.reset();
        for (const [queue, states] of Object.entries(counts)) for (const [state, n] of Object.entries(states)) this.set({ queue, state }, n);
      },
    });
  }

  /** Sets where pool and queue figures come from (once the app's providers exist). */
  attach(sources: MetricsSources): void {
    this.sources = sources;
  }

  /** The edge hook: times the request and counts it when its answer is finished (or the client went away). */
  observe(req: IncomingMessage, res: ServerResponse): void {
    const started = process.hrtime.bigint();
    // 'close' comes once per answer: after 'finish' when it was sent, or alone when the client went away.
    res.once('close', () => {
      const labels = { method: req.method ?? 'GET', route: this.routes.of(req.method ?? 'GET', req.url ?? '/'), status: String(res.statusCode) };
      this.requests.inc(labels);
      this.duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
  }

  observePdfRender(seconds: number, outcome: 'ok' | 'failed'): void {
    this.pdfRender.observe({ outcome }, seconds);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
