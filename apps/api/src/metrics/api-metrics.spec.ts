import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiMetrics } from './api-metrics';
import { RouteLabels } from './route-label';

/** A request and its answer, as far as the metrics read them (method, URL, status and the answer's events). */
function exchange(url: string, status: number): { req: IncomingMessage; res: ServerResponse & EventEmitter } {
  const res = Object.assign(new EventEmitter(), { statusCode: status }) as unknown as ServerResponse & EventEmitter;
  return { req: { method: 'GET', url } as IncomingMessage, res };
}

async function countOf(metrics: ApiMetrics, route: string, status: string): Promise<number> {
  const metric = await metrics.registry.getSingleMetric('http_requests_total')!.get();
  return metric.values.find((v) => v.labels.route === route && v.labels.status === status)?.value ?? 0;
}

describe('ApiMetrics.observe', () => {
  const routes = new RouteLabels(['GET /v1/invoices/{id}', 'GET /v1/me']);

  it('counts an answer once, by route template and status, when it is sent and its connection closes', async () => {
    const metrics = new ApiMetrics(routes);
    const { req, res } = exchange('/v1/invoices/42?fields=all', 200);
    metrics.observe(req, res);
    expect(await countOf(metrics, '/v1/invoices/{id}', '200')).toBe(0);
    res.emit('finish');
    res.emit('close');
    expect(await countOf(metrics, '/v1/invoices/{id}', '200')).toBe(1);
  });

  it('counts a request whose client went away before the answer (close without finish)', async () => {
    const metrics = new ApiMetrics(routes);
    const { req, res } = exchange('/v1/me', 200);
    metrics.observe(req, res);
    res.emit('close');
    res.emit('close');
    expect(await countOf(metrics, '/v1/me', '200')).toBe(1);
    const histogram = await metrics.registry.getSingleMetric('http_request_duration_seconds')!.get();
    // A histogram's samples carry their series name (prom-client's MetricValueWithName, not exported).
    const samples = histogram.values as Array<{ metricName?: string; labels: Record<string, unknown>; value: number }>;
    expect(samples.find((v) => v.metricName === 'http_request_duration_seconds_count' && v.labels.route === '/v1/me')?.value).toBe(1);
  });
});

describe('ApiMetrics: transaction retries', () => {
  it('reports the retries the source has counted, growing with it and never going back', async () => {
    const metrics = new ApiMetrics(new RouteLabels([]));
    let retries = 3;
    metrics.attach({ transactionRetries: () => retries });
    const value = async () => (await metrics.registry.getSingleMetric('db_transaction_retries_total')!.get()).values[0]?.value ?? 0;
    expect(await value()).toBe(3);
    retries = 7;
    expect(await value()).toBe(7);
    expect(await value()).toBe(7);
  });
});
