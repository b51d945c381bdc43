import fc from 'fast-check';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { STATUS } from '@app/contract/common/error-status';
import type { TestApp } from '../app-harness';
import { PRIVATE_URLS, RequestPlan, requestPlans } from './arbitraries';
import { OpenApiDocument, operationsOf, resolve } from './openapi-operations';
import { FuzzAccounts, seedWorld } from './fuzz-world';

export interface FuzzOptions {
  requests: number;
  seed: number;
  /** Every n-th mutating request is checked for writes (tables' checksums before and after) when it answers 4xx. */
  writeCheckEvery?: number;
  /** Requests in flight at once (default 4); write checks run alone. */
  lanes?: number;
  /** Called every 1,000 requests. */
  progress?: (done: number) => void | Promise<void>;
}

export interface FuzzReport {
  histogram: Map<string, Map<number, number>>;
  /** Operations of the document that were never sent. */
  unreached: string[];
  failures: Array<{ op: string; status: number; problem: string; request: string; body: string }>;
  writeChecks: number;
  requests: number;
}

const TABLES_NOT_CHECKED = new Set(['migrations', 'mobile_sessions', 'mobile_session_retired_tokens']);

/** Fuzzes every operation of the app's own OpenAPI document, as owner, sub-user, other account and anonymous. */
export async function fuzzApi(t: TestApp, accounts: FuzzAccounts, options: FuzzOptions): Promise<FuzzReport> {
  const server = t.app.getHttpServer() as Server;
  if (!server.listening) await t.app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const doc = (await (await fetch(`${base}/v1/openapi.json`)).json()) as OpenApiDocument;
  const ops = operationsOf(doc);
  const world = await seedWorld(base, accounts);
  const tables = ((await t.dataSource.query('SHOW TABLES')) as Array<Record<string, string>>)
    .map((r) => Object.values(r)[0])
    .filter((n) => !TABLES_NOT_CHECKED.has(n));
  const checksum = async () => JSON.stringify(await t.dataSource.query(`CHECKSUM TABLE ${tables.map((n) => `\`${n}\``).join(', ')}`));

  const report: FuzzReport = { histogram: new Map(ops.map((o) => [o.key, new Map()])), unreached: [], failures: [], writeChecks: 0, requests: 0 };
  const arbitrary = requestPlans(ops, (s) => resolve(doc, s));
  const writeCheckEvery = options.writeCheckEvery ?? 10;
  let mutating = 0;
  const CHUNK = 500; // requests between two top-ups of the world's records
  const lanes = options.lanes ?? 4;
  let done = 0;
  const handle = async (plan: RequestPlan, checkWrites: boolean) => {
    const request = world.resolve(plan);
    const before = checkWrites ? await checksum() : '';
    const res = await send(base, request);
    const counts = report.histogram.get(plan.op.key) as Map<number, number>;
    counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
    const problem = problemOf(res) ?? requestProblem(plan, request, res);
    if (!problem && checkWrites && res.status >= 400 && res.status < 500) {
      report.writeChecks++;
      if ((await checksum()) !== before) report.failures.push(failure(plan, request, res, 'a 4xx answer wrote to the database'));
    } else if (problem) {
      report.failures.push(failure(plan, request, res, problem));
    }
    await world.after(plan, res);
    report.requests = ++done;
    if (done % 1000 === 0) await options.progress?.(done);
  };
  const inFlight = new Set<Promise<void>>();
  const drain = () => Promise.all(inFlight);
  for (let planned = 0; planned < options.requests;) {
    const plans = fc.sample(arbitrary, { seed: options.seed + planned, numRuns: Math.min(CHUNK, options.requests - planned) });
    planned += plans.length;
    for (const plan of plans) {
      const checkWrites = plan.op.mutating && ++mutating % writeCheckEvery === 0;
      // A write check, and a call that may end the sessions the fuzzer signs in with, run alone.
      if (checkWrites || world.disruptive(plan)) {
        await drain();
        await handle(plan, checkWrites);
        continue;
      }
      while (inFlight.size >= lanes) await Promise.race(inFlight);
      const task: Promise<void> = handle(plan, false).finally(() => inFlight.delete(task));
      inFlight.add(task);
    }
    await drain();
    await world.topUp();
  }
  report.unreached = [...report.histogram].filter(([, c]) => c.size === 0).map(([k]) => k);
  return report;
}

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  /** The X-Request-Id the answer carries (read by the fuzzer; other walks leave it out). */
  requestId?: string | null;
}

async function send(base: string, r: SentRequest): Promise<Answer> {
  try {
    const res = await fetch(base + r.url, { method: r.method, headers: r.headers, body: r.body, signal: AbortSignal.timeout(60_000) });
    const bytes = Buffer.from(await res.arrayBuffer());
    const contentType = res.headers.get('content-type') ?? '';
    const text = /json/.test(contentType) ? bytes.toString('utf8') : `<${bytes.length} bytes>`;
    return { status: res.status, contentType, text, requestId: res.headers.get('x-request-id') };
  } catch (err) {
    return { status: 599, contentType: '', text: `no answer: ${(err as Error).message}`, requestId: null };
  }
}

const CODES = new Set(Object.keys(STATUS));

/** What is wrong with an answer: a 5xx, a body outside the envelope, an unknown code, a validation_error keyed by nothing. */
export function problemOf(res: Answer): string | null {
  if (res.status >= 500) return `status ${res.status}`;
  if (!/^application\/json/.test(res.contentType)) {
    return res.status < 300 && /^application\/(pdf|zip|vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet)/.test(res.contentType)
      ? null
      : `content type "${res.contentType}" with status ${res.status}`;
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.text);
  } catch {
    return 'body is not JSON';
  }
  if (res.status < 300) return body?.ok === true && 'data' in body ? null : 'success outside the envelope';
  const error = body?.error as { code?: unknown; message?: unknown; details?: unknown } | undefined;
  if (
    body?.ok !== false ||
    !error ||
    typeof error.message !== 'string' ||
    !error.details ||
    typeof error.details !== 'object' ||
    Array.isArray(error.details)
  ) {
    return 'error outside the envelope {ok:false,error:{code,message,details}}';
  }
  if (typeof error.code !== 'string' || !CODES.has(error.code)) return `unknown error code ${String(error.code)}`;
  if (STATUS[error.code as keyof typeof STATUS] !== res.status) return `code ${error.code} with status ${res.status}`;
  if (error.code === 'validation_error') {
    const details = Object.entries(error.details as Record<string, unknown>);
    if (!details.length || details.some(([k, v]) => !k || typeof v !== 'string')) return 'validation_error not keyed by field';
  }
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A C0 control character other than tab, line feed and carriage return, as JSON escapes it, or a raw C1 one. */
const CONTROL = /\\u00(?:0[0-8bcef]|1[0-9a-f])|[\u0080-\u009f]/i;

/** What the answer says wrongly of this request: a non-UUID request id kept, a control character stored, a private webhook URL taken. */
function requestProblem(plan: RequestPlan, request: SentRequest, res: Answer): string | null {
  const sentId = request.headers['X-Request-Id'];
  if (sentId !== undefined && !UUID.test(sentId) && res.requestId === sentId) return 'a request id that is not a UUID was kept';
  if (!res.requestId || !UUID.test(res.requestId)) return `answer without a generated request id (${String(res.requestId)})`;
  if (res.status >= 300) return null;
  if (CONTROL.test(res.text)) return 'a control character in a success answer';
  if (plan.op.path.startsWith('/v1/webhooks') && request.body && PRIVATE_URLS.some((url) => request.body?.includes(JSON.stringify(url)))) {
    return 'a webhook URL of a private address was accepted';
  }
  return null;
}

function failure(plan: RequestPlan, request: SentRequest, res: Answer, problem: string) {
  const body = request.body && request.body.length > 300 ? `${request.body.slice(0, 300)}...` : request.body;
  return {
    op: plan.op.key,
    status: res.status,
    problem,
    request: `${request.method} ${request.url.slice(0, 300)} ${body ?? ''}`,
    body: res.text.slice(0, 500),
  };
}

/** `GET /v1/clients/{id}`: 120 (200: 50, 400: 40, 404: 30). */
export function formatHistogram(report: FuzzReport): string {
  const lines = [...report.histogram].map(([op, counts]) => {
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const parts = [...counts].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    return `${op.padEnd(52)} ${String(total).padStart(5)}  (${parts.join(', ')})`;
  });
  const all = new Map<number, number>();
  for (const counts of report.histogram.values()) for (const [s, n] of counts) all.set(s, (all.get(s) ?? 0) + n);
  const fivexx = [...all].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
  lines.push(
    '',
    `requests ${report.requests}, operations ${report.histogram.size}, by status: ${[...all]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ')}`,
    `5xx: ${fivexx}; answers with a problem: ${report.failures.length}; 4xx answers checked for writes: ${report.writeChecks}`,
  );
  return lines.join('\n');
}
