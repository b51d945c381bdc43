import { MAX_ID } from '@app/contract/common/ids';
import type { OpenAPIObject } from '@nestjs/swagger';
import { STATUS } from '../common/error-status';
import { OPERATIONS, OperationDoc } from './operations';
import { RESOURCE_SCHEMAS } from './resources';
import { sampleOf } from './sample';
import { TAGS } from './tags';
import { conditionalParameter, conditionalRole, ETAG_HEADER } from './conditional';
import { ANSWER_HEADERS, declareAnswerHeaders, defaultsInWords, describeParameter, validationDetails } from './operation-texts';
import { constant, obj, ref, Schema } from './schema-kit';
import { webhooksSection } from './webhook-events-doc';

/**
 * `info.version` of the document, semver within /v1: the minor grows with every release that adds to the API
 * (operations, optional request fields, answer fields, enum values), as CHANGELOG.md lists them.
 */
export const API_VERSION = '1.2.0';

/** The committed contract (openapi/openapi.json) is built with this base URL, whatever the environment says. */
export const DOCUMENT_BASE_URL = 'http://127.0.0.1:3000';

export const API_DESCRIPTION = `GST invoicing for Indian businesses: clients, invoices, quotations, proforma invoices, credit and debit notes,
inventory, expenses, TDS, PDFs and email sendouts.

## Authentication
Send the account's API key (\`ik_...\`, opaque) as \`Authorization: Bearer <key>\` or in the \`X-API-Key\` header; the
mobile app sends the access token of \`POST /v1/auth/login\` the same way. Keys are never accepted in the URL.
Operations marked with no security (health, login, public links, app version, legal texts, store notifications)
need no credential.

## Envelope
Every JSON answer is \`{"ok": true, "data": ...}\`, or \`{"ok": false, "error": {"code", "message", "details"}}\`
with the HTTP status that follows from \`code\` (schema \`ErrorEnvelope\`). PDFs and ZIPs are sent as raw bytes.
Every answer carries \`X-Request-Id\`, the id of the request in the service's log (and \`details.request_id\` of a 500).
The service makes it; an \`X-Request-Id\` sent with the request is kept only when it is a UUID.

## Dates
Dates are \`Y-m-d\` and timestamps \`Y-m-d H:i:s\` (UTC), of real calendar days from 2000-01-01 to 2099-12-31 in every
field and filter; others are a \`validation_error\` naming the field. Document numbers name the financial year by two
digits (\`INV/25-26/0042\`), so the date of an invoice, quotation, proforma invoice, debit or credit note is from
2000-04-01 (financial years 2000-01 to 2099-00, one per label).

## Strict input
A body field or query parameter that the operation does not declare is refused with 400 \`validation_error\`, its
name in \`details\` (\`{"paymnt_status": "unknown field"}\`; a nested one by its path, \`items.0.foo\`), so a typo is never
silently ignored. Send only what the operation's schema lists; an operation without a request body takes none (or \`{}\`).

## Concurrency
A single read of a record answers an \`ETag\`; \`If-None-Match\` with it gives 304 while the record is unchanged. \`PATCH\` and
\`DELETE\` of the record with \`If-Match\` change it only while it still has that version, else 412 \`precondition_failed\`.

## Pagination
List operations take \`limit\` (1 to 200, default 50; more is a validation error, not clamped) and \`offset\` (from 0)
and answer the page's rows with \`total\`, the count of every row matching the filters, and \`has_more\`. Every such
list also pages by cursor: \`starting_after\` (the id of the last row of the previous page) or \`ending_before\` (the
id of the first row of the current page), never with \`offset\` nor together (400). Cursor pages neither skip nor
repeat a row while others insert and delete. A cursor that is not a row of the list (another account's, another
parent's, or deleted more than 30 days ago) is 400 \`validation_error\` naming the parameter; on the logs and feeds
below a deleted row's id is no longer a cursor. Every list takes \`updated_since\` (ISO 8601 with its zone): rows
changed at or after it; on the append-only audit log, when the entry was written; on notifications, when made or
read; on webhook deliveries, the last attempt; on storefront logs, when received or processed.

## Incremental sync
The lists of sales documents, notes, clients, inventory, expenses, payments and recurring invoices take \`updated_since\` (ISO 8601 with its zone: only rows created or changed at or after it),
\`order=updated_at\` (most recently changed first, ties by id) and \`include_deleted=1\` (the first page carries
\`tombstones\`, \`{id, deleted_at}\` of the rows deleted in the last 30 days, since \`updated_since\` when given). Keep
the time a sync started and pass it, less a minute, as the next \`updated_since\`; upsert the rows and drop the
tombstones' ids. Timestamps in answers are UTC: \`Y-m-d H:i:s\` where the schema says so, ISO 8601 with \`Z\` elsewhere.

## Rate limits
Each account has a budget of requests (100 a second, bursts of 200). Every authenticated answer carries
\`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\`; a spent budget answers 429
\`rate_limited\` with \`Retry-After\`. This budget fails open: while its counters cannot be reached, requests are
served without it. Failed sign-ins are limited per username and per client address (login, and the password
checks of change-password and delete-account); those limits fail closed: while their counters cannot be reached,
these operations answer 503 \`not_available\` with \`Retry-After\`.

## Versioning
The version is in the path (\`/v1\`). Within v1, changes only add: new operations, new optional request fields,
new answer fields and new enum values (clients should ignore what they do not know). Every change is listed in
the changelog (\`CHANGELOG.md\` of the repository, served at [/changelog](/changelog)).`;

/** Request objects that are free-form by design (their keys are validated by the service, not a schema). */
export const FREE_FORM = ['ErrorEnvelope.error.details', 'NotificationPrefsDto.prefs', 'AndroidNotificationDto.message'];

const ERROR_CODES = Object.keys(STATUS) as Array<keyof typeof STATUS>;
const ERROR_TEXT: Record<number, string> = {
  400: 'Validation failed (`details` maps each field to its message)',
  401: 'Missing, unknown or expired credential',
  402: 'The plan allows no more of these',
  403: 'Forbidden: missing permission, mobile-only operation, suspended account or expired subscription',
  404: 'Not found (a record of another account is not found either)',
  409: 'Conflict with the current state, or an Idempotency-Key reused with another request or still in use (`Retry-After`)',
  412: 'Precondition failed: the record changed since the ETag sent in If-Match',
  413: 'Request body too large',
  422: 'A signature is required first',
  429: 'The account has spent its requests or its request time (docs/api-guide.md, "Rate limits"); retry after `Retry-After` seconds',
  503: 'A dependency is unavailable for a moment (retry after `Retry-After` seconds) or the feature is not configured here',
};

const RATE_HEADERS = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
};

const HEADERS = {
  'X-RateLimit-Limit': { description: 'Requests the account may make in a burst', schema: { type: 'integer', minimum: 0 } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current budget', schema: { type: 'integer', minimum: 0 } },
  'X-RateLimit-Reset': { description: 'Seconds until the budget is full again', schema: { type: 'integer', minimum: 0 } },
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 1 } },
  ...ANSWER_HEADERS,
  ...ETAG_HEADER,
};

type Operation = Record<string, unknown> & { parameters?: Array<Record<string, unknown>>; requestBody?: unknown; security?: unknown[]; tags?: string[] };

function envelope(data: Schema): Schema {
  return obj({ ok: constant(true), data });
}

const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 255 },
  description:
    'Makes a retry safe: the first answer to this key (per account, kept 24 hours) is replayed with `Idempotent-Replayed: true`; ' +
    'the same key with another request is 409 conflict (`details.reason: idempotency_key_reused`); while the first request runs, ' +
    '409 (`idempotency_key_in_use`) with Retry-After. File answers are not stored.',
};

/** Authenticated POST and PATCH operations take an Idempotency-Key (and may answer 409 for it). */
function takesIdempotencyKey(method: string, isPublic: boolean): boolean {
  return !isPublic && (method === 'post' || method === 'patch');
}

function errorStatuses(path: string, method: string, op: Operation, isPublic: boolean, doc: OperationDoc, conditional: string | null): number[] {
  const statuses = new Set<number>(doc.errors ?? []);
  if (conditional === 'write') statuses.add(412);
  const hasInput = !!op.requestBody || (op.parameters ?? []).length > 0;
  // The HTTP edge refuses a URL that does not decode (400) on any route.
  statuses.add(400);
  if (hasInput || path.includes('{')) statuses.add(404);
  // The edge refuses a body over the limit (413) before any route sees it.
  if (op.requestBody || ['post', 'put', 'patch', 'delete'].includes(method)) statuses.add(413);
  if (!isPublic) [401, 403, 429].forEach((s) => statuses.add(s));
  if (takesIdempotencyKey(method, isPublic)) statuses.add(409);
  // Any operation may meet a database or Redis that is unavailable for a moment: 503 not_available with Retry-After.
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/** The error answer of `status`; a 400 names the operation's own fields (`validationDetails`). */
function errorExample(status: number, op: Operation, body: Schema | undefined): Schema {
  const code = ERROR_CODES.find((c) => STATUS[c] === status) ?? 'server_error';
  const details = status === 400 ? validationDetails(op, body) : {};
  return { ok: false, error: { code, message: status === 400 ? 'The request is invalid.' : (ERROR_TEXT[status] ?? 'Error'), details } };
}

/**
 * Completes the document Nest reflects from the controllers: operation ids, summaries, success and error
 * answers in the envelope, examples, rate-limit headers, tags, servers, security and the resource schemas.
 * Throws when a route has no entry in OPERATIONS, so a new route cannot ship undocumented.
 */
export function finishDocument(document: OpenAPIObject, baseUrl: string): OpenAPIObject {
  const doc = document as unknown as {
    info?: Record<string, unknown>;
    servers?: unknown;
    externalDocs?: unknown;
    tags?: unknown;
    paths: Record<string, Record<string, Operation>>;
    components?: { securitySchemes?: unknown; headers?: unknown; schemas?: Record<string, Schema> };
  };
  doc.info = {
    title: 'Invoicing API',
    version: API_VERSION,
    description: API_DESCRIPTION,
    contact: { name: 'API support', email: 'support@invoicing.example.in' },
    license: { name: 'Proprietary', url: `${baseUrl}/v1/legal/terms` },
  };
  doc.servers = [{ url: baseUrl, description: 'This deployment (PUBLIC_BASE_URL)' }];
  doc.externalDocs = { description: 'Changelog of the API', url: `${baseUrl}/changelog` };
  doc.tags = TAGS;
  const components = (doc.components ??= {});
  components.securitySchemes = {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      description: 'The API key (opaque, ik_...) or a mobile access token from POST /v1/auth/login, as `Authorization: Bearer <value>`',
    },
    'api-key': { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'The API key (opaque, ik_...) in its own header' },
  };
  components.headers = HEADERS;
  defaultsInWords(components.schemas ?? {});
  const schemas: Record<string, Schema> = (components.schemas = { ...components.schemas, ...RESOURCE_SCHEMAS });

  const seen = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const key = `${method.toUpperCase()} ${path}`;
      const spec = OPERATIONS[key];
      if (!spec) throw new Error(`OpenAPI: no entry for ${key} in OPERATIONS`);
      seen.add(key);
      const isPublic = !op.security || op.security.length === 0;
      if (isPublic) op.security = [];
      const reflected = typeof op.summary === 'string' && op.summary ? op.summary : '';
      op.operationId = spec.id;
      op.summary = spec.summary;
      op.description = [spec.description ?? (reflected ? `${reflected}.` : `${spec.summary}.`), isPublic ? 'No credential needed.' : '']
        .filter(Boolean)
        .join('\n\n');
      if (!op.tags?.length) op.tags = ['operations'];
      if (takesIdempotencyKey(method, isPublic)) op.parameters = [...(op.parameters ?? []), { ...IDEMPOTENCY_KEY }];
      const conditional = conditionalRole(path, method, item, isPublic);
      if (conditional) op.parameters = [...(op.parameters ?? []), conditionalParameter(conditional)];
      for (const p of op.parameters ?? []) {
        const schema = p.schema as Schema | undefined;
        if (p.in === 'path' && schema && (p.name === 'id' || p.name === 'queue_id')) Object.assign(schema, { type: 'integer', minimum: 1, maximum: MAX_ID });
        p.description = describeParameter(path, p);
      }
      const requestBody = op.requestBody as { content?: Record<string, { schema?: Schema; example?: unknown }> } | undefined;
      const json = requestBody?.content?.['application/json'];
      if (json?.schema) json.example = sampleOf(json.schema, schemas);
      const resolvedBody = typeof json?.schema?.$ref === 'string' ? schemas[json.schema.$ref.replace('#/components/schemas/', '')] : json?.schema;

      const status = spec.status ?? 200;
      const successHeaders = isPublic ? undefined : RATE_HEADERS;
      const responses: Record<string, unknown> = {};
      if (spec.binary) {
        const text = spec.binary.startsWith('text/');
        responses[status] = {
          description: spec.binary === 'application/pdf' ? 'The PDF' : text ? 'Prometheus text exposition format' : 'A ZIP of PDFs',
          headers: successHeaders,
          content: { [spec.binary]: { schema: text ? { type: 'string' } : { type: 'string', format: 'binary' } } },
        };
      } else {
        const data = spec.data ?? obj({});
        responses[status] = {
          description: spec.summary,
          headers: successHeaders,
          content: {
            'application/json': { schema: envelope(data), example: { ok: true, data: sampleOf(data, schemas) } },
            ...(spec.alternative
              ? { [spec.alternative.contentType]: { schema: { type: 'string', format: 'binary', description: spec.alternative.description } } }
              : {}),
          },
        };
      }
      for (const [extra, answer] of Object.entries(spec.also ?? {})) {
        responses[extra] = {
          description: answer.description,
          headers: successHeaders,
          content: { 'application/json': { schema: envelope(answer.data), example: { ok: true, data: sampleOf(answer.data, schemas) } } },
        };
      }
      if (spec.cacheable || conditional === 'read') responses[304] = { description: 'Not modified: the ETag sent in If-None-Match still matches' };
      if (conditional === 'read') {
        const ok = responses[status] as { headers?: Record<string, unknown> };
        ok.headers = { ...ok.headers, ETag: { $ref: '#/components/headers/ETag' } };
      }
      for (const code of errorStatuses(path, method, op, isPublic, spec, conditional)) {
        const retry = code === 429 || code === 409 || code === 503 ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : {};
        const rate = isPublic || code === 401 ? {} : RATE_HEADERS;
        const headers = Object.keys({ ...rate, ...retry }).length ? { ...rate, ...retry } : undefined;
        responses[code] = {
          description: ERROR_TEXT[code] ?? 'Error',
          headers,
          content: { 'application/json': { schema: ref('ErrorEnvelope'), example: errorExample(code, op, resolvedBody) } },
        };
      }
      declareAnswerHeaders(responses as Record<string, { headers?: Record<string, unknown> }>, takesIdempotencyKey(method, isPublic));
      op.responses = JSON.parse(JSON.stringify(responses)) as Record<string, unknown>;
    }
  }
  const missing = Object.keys(OPERATIONS).filter((k) => !seen.has(k));
  if (missing.length) throw new Error(`OpenAPI: OPERATIONS lists routes that do not exist: ${missing.join(', ')}`);
  fixReflectedSchemas(schemas);
  (doc as Record<string, unknown>)['x-webhooks'] = webhooksSection(schemas);
  return document;
}

/** Property schemas Nest left vague: `type: object` without properties that is not free-form by design. */
function fixReflectedSchemas(schemas: Record<string, Schema>): void {
  const bare: string[] = [];
  for (const [name, schema] of Object.entries(schemas)) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [prop, s] of Object.entries(properties)) {
      if (s.type === 'object' && !s.properties && !s.$ref && !s.additionalProperties && !FREE_FORM.includes(`${name}.${prop}`)) {
        bare.push(`${name}.${prop}`);
      }
    }
  }
  if (bare.length) throw new Error(`OpenAPI: bare objects (give them a type or list them in FREE_FORM): ${bare.join(', ')}`);
}
