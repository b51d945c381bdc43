import { documentKind, DocumentKind } from '@app/domain/documents/document-kinds';
import type { PermissionKey } from '@app/domain/shared/principal';
import { problemOf } from '../fuzz/fuzz-runner';
import { Operation, OpenApiDocument, resolve, Schema } from '../fuzz/openapi-operations';
import { Coverage, COVERAGE, DOCUMENT_TYPES, IdOf, pathParamKind } from './coverage';
import type { IsolationWorld, Kind, Side } from './isolation-world';

export interface Probe {
  op: Operation;
  /** `path`: A's id in the path; `ref`: A's id in the body or query field `field`; `scoped`: no id, the caller's own data only; `permission`: A's sub-user. */
  expect: 'path' | 'ref' | 'scoped' | 'permission';
  field?: string;
  /** The permission the sub-user lacks (expect `permission`). */
  permission?: string;
  /** B, or A's sub-user without permissions (who may see its own account, not A's records). */
  who: 'intruder' | 'clerk';
  method: string;
  url: string;
  bearer: string;
  body?: unknown;
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

const REF_FIELD = /(_id|ids|token)$/;

/** Body fields of a schema whose names end in _id, ids or token (nested objects and arrays included). */
export function refFieldsOf(doc: OpenApiDocument, schema: Schema | null, depth = 0, out = new Set<string>()): Set<string> {
  const s = resolve(doc, schema ?? {});
  if (depth > 6) return out;
  for (const part of (s.allOf as Schema[] | undefined) ?? []) refFieldsOf(doc, part, depth + 1, out);
  if (s.items) refFieldsOf(doc, s.items, depth + 1, out);
  for (const [name, prop] of Object.entries((s.properties as Record<string, Schema> | undefined) ?? {})) {
    if (REF_FIELD.test(name)) out.add(name);
    refFieldsOf(doc, prop, depth + 1, out);
  }
  return out;
}

/** The fields a body or query builder asks ids for. */
function fieldsAsked(build: ((id: IdOf) => unknown) | undefined): Set<string> {
  const fields = new Set<string>();
  build?.((_, field) => {
    fields.add(field);
    return 1;
  });
  return fields;
}

/** What the table lacks or holds too much of, against the document: empty when every operation is covered. */
export function coverageProblems(doc: OpenApiDocument, ops: Operation[], table: Record<string, Coverage> = COVERAGE): string[] {
  const problems: string[] = [];
  const keys = new Set(ops.map((o) => o.key));
  for (const key of Object.keys(table)) if (!keys.has(key)) problems.push(`${key}: in the table but not in the OpenAPI document`);
  for (const op of ops) {
    const cover = table[op.key];
    if (!cover) {
      problems.push(`${op.key}: not covered (add it to COVERAGE with its probes, or a reason it is exempt)`);
      continue;
    }
    if (cover.permission === null && !cover.open) problems.push(`${op.key}: no permission and no reason why`);
    if (cover.exempt) continue;
    for (const p of op.parameters.filter((p) => p.in === 'path' && p.name !== 'type')) {
      if (!pathParamKind(op.path, p.name, 'invoice')) problems.push(`${op.key}: path parameter ${p.name} names no known record kind`);
    }
    const asked = new Set([...fieldsAsked(cover.body), ...fieldsAsked(cover.query), ...Object.keys(cover.notRefs ?? {})]);
    for (const field of refFieldsOf(doc, op.body)) if (!asked.has(field)) problems.push(`${op.key}: body field ${field} is never sent with A's id`);
    for (const p of op.parameters.filter((p) => p.in === 'query' && REF_FIELD.test(p.name))) {
      if (!asked.has(p.name)) problems.push(`${op.key}: query parameter ${p.name} is never sent with A's id`);
    }
    if (op.body && !cover.body) problems.push(`${op.key}: has a request body but the table gives none`);
  }
  return problems;
}

const encode = (v: number | string) => encodeURIComponent(String(v));
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

function urlOf(path: string, fill: (name: string) => number | string, query?: Record<string, string | number>): string {
  const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(fill(name)));
  const qs = Object.entries(query ?? {}).map(([k, v]) => `${encode(k)}=${encode(v)}`);
  return qs.length ? `${url}?${qs.join('&')}` : url;
}

/** B's requests for one operation: A's ids in the path, then in each id field of the query and the body in turn. */
export function intruderProbes(op: Operation, cover: Coverage, world: IsolationWorld): Probe[] {
  return probesOf(op, cover, world, 'intruder', cover.mobile ? world.b.token : world.b.account.apiKey, world.b);
}

/**
 * A's sub-user without permissions on the operations that need none (its own session, devices and feed):
 * the owner's notification, session and device in the path, query and body must be not found, and no
 * answer may show A's records.
 */
export function clerkProbes(op: Operation, cover: Coverage, world: IsolationWorld): Probe[] {
  if (cover.permission !== null) return [];
  // Other calls change the sub-user's own state (its feed, prefs, devices, sessions), which is A's data too.
  return probesOf(op, cover, world, 'clerk', world.clerkToken, world.a).filter((p) => p.expect !== 'scoped' || p.method === 'GET');
}

function probesOf(
  op: Operation,
  cover: Coverage,
  world: IsolationWorld,
  who: Probe['who'],
  bearer: string,
  b: { ids: Record<Kind, number | string> },
): Probe[] {
  if (cover.exempt) return [];
  const { a } = world;
  const own: IdOf = (kind) => b.ids[kind];
  const probes: Probe[] = [];
  const pathParams = op.parameters.filter((p) => p.in === 'path' && p.name !== 'type').map((p) => p.name);
  for (const type of op.path.includes('{type}') ? DOCUMENT_TYPES : [undefined]) {
    const fill = (victim: (name: string) => boolean) => (name: string) =>
      name === 'type' ? (type as string) : (victim(name) ? a : b).ids[pathParamKind(op.path, name, type) as Kind];
    const variants: Array<(name: string) => boolean> = pathParams.length ? [() => true] : [];
    if (pathParams.length > 1) for (const only of pathParams) variants.push((name) => name === only);
    for (const victim of variants) {
      for (const body of asArray(cover.body?.(own))) {
        probes.push({ op, who, expect: 'path', method: op.method, url: urlOf(op.path, fill(victim), cover.query?.(own)), bearer, body });
      }
    }
    const ownPath = fill(() => false);
    // One field at a time (in the query and the body alike) carries A's id; the others B's own.
    for (const field of new Set([...fieldsAsked(cover.query), ...fieldsAsked(cover.body)])) {
      const id: IdOf = (kind, f) => (f === field ? a : b).ids[kind];
      const ownBodies = asArray(cover.body?.(own)).map((body) => JSON.stringify(body));
      // (The sub-user's ids are A's own: every variant carries A's id.)
      const query = b === a || JSON.stringify(cover.query?.(id)) !== JSON.stringify(cover.query?.(own));
      // Body variants that do not hold the field are left out (unless the query carries it).
      for (const body of asArray(cover.body?.(id)).filter((body, i) => query || JSON.stringify(body) !== ownBodies[i])) {
        probes.push({ op, who, expect: 'ref', field, method: op.method, url: urlOf(op.path, ownPath, cover.query?.(id)), bearer, body });
      }
    }
    if (!probes.length) {
      for (const body of asArray(cover.body?.(own))) {
        probes.push({ op, who, expect: 'scoped', method: op.method, url: urlOf(op.path, ownPath, cover.query?.(own)), bearer, body });
      }
    }
  }
  return probes;
}

/** A's sub-user without permissions, sent the operation with A's own ids: one request per document type. */
export function permissionProbes(op: Operation, cover: Coverage, world: IsolationWorld, clerkToken: string): Probe[] {
  if (cover.permission === null) return [];
  const mine: IdOf = (kind) => world.a.ids[kind];
  return (op.path.includes('{type}') ? DOCUMENT_TYPES : [undefined]).map((type) => ({
    op,
    who: 'clerk',
    expect: 'permission',
    permission: cover.permission === 'document-kind' ? documentKind(type as DocumentKind).permission : (cover.permission as string),
    method: op.method,
    url: urlOf(op.path, (name) => (name === 'type' ? (type as string) : world.a.ids[pathParamKind(op.path, name, type) as Kind]), cover.query?.(mine)),
    bearer: clerkToken,
    body: asArray(cover.body?.(mine))[0],
  }));
}

/**
 * For each permission an operation needs, a sub-user of A holding every other key: 403 naming the missing
 * one (this reaches checks behind the first one, such as the document kind of a sendout).
 */
export function leaveOneOutProbes(op: Operation, cover: Coverage, world: IsolationWorld): Probe[] {
  const probes = permissionProbes(op, cover, world, '').map((p) => ({ ...p, bearer: world.lackingTokens[p.permission as PermissionKey] }));
  if (!cover.kindPermission) return probes;
  const mine: IdOf = (kind) => world.a.ids[kind];
  const statement = asArray(cover.body?.(mine)).some((b) => (b as { document_type?: string } | undefined)?.document_type === 'statement');
  // A statement sendout needs the permission of the statement (payments) besides the operation's.
  for (const type of [...DOCUMENT_TYPES, ...(statement ? (['statement'] as const) : [])]) {
    const permission = type === 'statement' ? 'payments' : documentKind(type).permission;
    const body = asArray(cover.body?.(mine)).find((b) => (b as { document_type?: string } | undefined)?.document_type === type);
    const query = cover.query ? { ...cover.query(mine), document_type: type } : undefined;
    probes.push({
      op,
      who: 'clerk',
      expect: 'permission',
      permission,
      method: op.method,
      url: urlOf(op.path, () => '', query),
      bearer: world.lackingTokens[permission],
      body,
    });
  }
  return probes;
}

export async function send(base: string, probe: Probe): Promise<Answer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${probe.bearer}` };
  if (probe.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + probe.url, { method: probe.method, headers, body: probe.body === undefined ? undefined : JSON.stringify(probe.body) });
  const bytes = Buffer.from(await res.arrayBuffer());
  const contentType = res.headers.get('content-type') ?? '';
  return { status: res.status, contentType, text: /json/.test(contentType) ? bytes.toString('utf8') : `<${bytes.length} bytes of ${contentType}>` };
}

/** A's data in an answer: a marker the request did not carry, or a keyed id of A's records outside the error. */
export function leakIn(world: IsolationWorld, probe: Probe, answer: Answer): string | null {
  const sent = `${probe.url} ${JSON.stringify(probe.body ?? '')}`;
  const marker = (probe.who === 'clerk' ? world.recordMarkers : world.markers).find((m) => answer.text.includes(m) && !sent.includes(m));
  if (marker) return `the answer holds "${marker}"`;
  if (probe.who === 'clerk') return null; // its own account's ids are its to see
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    return null;
  }
  const walk = (value: unknown, path: string): string | null => {
    if (!value || typeof value !== 'object') return null;
    for (const [key, v] of Object.entries(value)) {
      if (path === '' && key === 'error') continue;
      if (typeof v === 'number' && world.victimIds.get(key)?.has(v)) return `the answer names A's ${key} ${v} at ${path}${key}`;
      const found = walk(v, `${path}${key}.`);
      if (found) return found;
    }
    return null;
  };
  return walk(json, '');
}

/** Why an answer to a probe is wrong, or null. */
export function verdictOf(world: IsolationWorld, probe: Probe, cover: Coverage, answer: Answer): string | null {
  const problem = problemOf(answer);
  if (problem) return problem;
  const leak = leakIn(world, probe, answer);
  if (leak) return `leak: ${leak}`;
  const body = /json/.test(answer.contentType) ? JSON.parse(answer.text) : {};
  const code = body?.error?.code;
  const details = (body?.error?.details ?? {}) as Record<string, unknown>;
  switch (probe.expect) {
    case 'scoped':
      return null;
    case 'permission':
      return answer.status === 403 && code === 'forbidden' && details.permission === probe.permission
        ? null
        : `expected 403 forbidden naming ${probe.permission}, got ${answer.status} ${code ?? answer.contentType}`;
    case 'path':
      return answer.status === 404 && code === 'not_found' ? null : `expected 404 not_found, got ${answer.status} ${code ?? answer.contentType}`;
    case 'ref': {
      if (answer.status === 404 && code === 'not_found') return null;
      if (answer.status === 400 && code === 'validation_error' && Object.keys(details).some((k) => k.includes(probe.field as string))) return null;
      if (answer.status < 300 && cover.ok === 'filtered') return null;
      const sentIds = (probe.body as { ids?: unknown[] } | undefined)?.ids ?? [];
      if (answer.status < 300 && cover.ok === 'skipped' && body.data?.deleted === 0 && sentIds.every((id) => body.data?.skipped?.includes(id))) return null;
      return `expected 404 not_found or a 400 naming ${probe.field}, got ${answer.status} ${code ?? answer.contentType}: ${answer.text.slice(0, 300)}`;
    }
  }
}

export type { Side };
