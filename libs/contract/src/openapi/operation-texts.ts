import type { Schema } from './schema-kit';

type Parameter = Record<string, unknown> & { name?: unknown; in?: unknown; schema?: Schema; required?: unknown };

/** What a query or path parameter means, by name, where its DTO gives no description. */
const PARAMETER_TEXT: Record<string, string> = {
  limit: 'Rows per page, 1 to 200 (default 50; more is a validation error, not clamped)',
  offset: 'Rows to skip before the page (default 0)',
  date_from: 'Only documents dated on or after this day',
  date_to: 'Only documents dated on or before this day',
  due_from: 'Only invoices due on or after this day',
  due_to: 'Only invoices due on or before this day',
  payment_date_from: 'Only invoices whose latest payment is on or after this day',
  payment_date_to: 'Only invoices whose latest payment is on or before this day',
  client_id: 'Only the records of this client',
  status: 'Only documents in this status',
  payment_status: 'Only documents with this payment status',
  approval_status: "Only quotations with this answer of the client's",
  document_kind: 'Only quotations or only proforma invoices',
  document_type: 'The kind of document',
  document_id: 'Id of the document (of `document_type`)',
  session_id: 'Id of the session to revoke (or `session_id` in the body)',
  direction: 'Only deductions of this direction: `receivable` (deducted by clients) or `payable` (deducted by the business)',
  fy_start_year: 'The financial year by its first year: 2025 is April 2025 to March 2026',
  entity_type: 'Only entries about records of this type',
  entity_id: 'Only entries about this record (give `entity_type` too)',
  mode: 'Only payments received in this mode',
  vehicle_type: 'Part B of every bill: regular or over-dimensional cargo',
  vehicle_number: 'Part B of every bill: the vehicle registration number (road)',
  transporter_id: "Part B of every bill: the transporter's GSTIN or enrolment id",
  transporter_name: "Part B of every bill: the transporter's name",
  transport_document_number: 'Part B of every bill: the transport document (LR, RR, airway bill or bill of lading) number',
  transport_document_date: 'Part B of every bill: the date of the transport document',
  type: 'The kind of document',
  token: 'The token of the public link, as in its `share_url`',
  queue_id: 'Id of the email in the sendout queue',
  delivery_id: 'Id of the delivery',
  allocation_id: 'Id of the allocation',
};

/** The record a path's `{id}` names: the collection segment before it, in the singular (`/v1/proforma-invoices/{id}`: "proforma invoice"). */
function recordOf(path: string): string {
  const segments = path.split('/');
  const at = segments.indexOf('{id}');
  const collection = at > 0 ? segments[at - 1] : '';
  if (collection === '{type}') return 'document (of `type`)';
  if (collection === 'einvoice') return 'invoice';
  const singular = collection.replace(/ies$/, 'y').replace(/s$/, '');
  return singular.replace(/-/g, ' ') || 'record';
}

/** A description for a parameter that has none, or only its own name. */
export function describeParameter(path: string, p: Parameter): string | undefined {
  const name = String(p.name);
  if (typeof p.description === 'string' && p.description && p.description !== name) return p.description;
  if (p.in === 'path' && name === 'id') return `Id of the ${recordOf(path)}`;
  return PARAMETER_TEXT[name] ?? `The ${name.replace(/_/g, ' ')}`;
}

/** A validation message the service gives for a value of this schema. */
function problemOf(schema: Schema | undefined): string {
  if (!schema) return 'must be a string';
  if (Array.isArray(schema.enum))
    return `must be one of: ${(schema.enum as unknown[]).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').join(', ')}`;
  if (schema.type === 'integer') {
    if (typeof schema.maximum === 'number' && schema.maximum <= 10_000) return `must be at most ${schema.maximum}`;
    return schema.minimum === 1 ? 'must be a positive integer' : 'must be an integer';
  }
  if (schema.format === 'date') return 'must be a date written Y-m-d';
  return 'must be a string';
}

/**
 * `details` of the operation's 400 example, naming its own input: a required body field, else its first query
 * parameter, else its path id; an operation without any input shows the strict-input answer to a parameter it
 * does not declare.
 */
export function validationDetails(op: { parameters?: Parameter[] }, body: Schema | undefined): Record<string, string> {
  const required = Array.isArray(body?.required) ? (body?.required as string[]) : [];
  if (required.length) return { [required[0]]: 'is required' };
  const properties = Object.entries((body?.properties ?? {}) as Record<string, Schema>);
  if (properties.length) return { [properties[0][0]]: problemOf(properties[0][1]), paymnt_status: 'unknown field' };
  const query = (op.parameters ?? []).find((p) => p.in === 'query');
  if (query) return { [String(query.name)]: problemOf(query.schema), sort: 'unknown field' };
  const path = (op.parameters ?? []).find((p) => p.in === 'path');
  if (path) return { [String(path.name)]: path.schema?.type === 'integer' ? 'must be a positive integer' : problemOf(path.schema) };
  return { sort: 'unknown field' };
}

const REQUEST_ID = { $ref: '#/components/headers/X-Request-Id' };
const REPLAYED = { $ref: '#/components/headers/Idempotent-Replayed' };

/** Headers of every answer: `X-Request-Id`, and `Idempotent-Replayed` on the success answers of operations that take an Idempotency-Key. */
export function declareAnswerHeaders(responses: Record<string, { headers?: Record<string, unknown> }>, idempotent: boolean): void {
  for (const [status, response] of Object.entries(responses)) {
    const replayable = idempotent && status.startsWith('2') ? { 'Idempotent-Replayed': REPLAYED } : {};
    response.headers = { ...(response.headers ?? {}), 'X-Request-Id': REQUEST_ID, ...replayable };
  }
}

export const ANSWER_HEADERS = {
  'X-Request-Id': {
    description: 'Id of the request in the service’s log (the one sent, when it is a UUID); quote it when asking for support',
    schema: { type: 'string', format: 'uuid' },
  },
  'Idempotent-Replayed': {
    description: '`true` when this answer is the replay of the first answer to the same Idempotency-Key; absent otherwise',
    schema: { type: 'string', enum: ['true'] },
  },
};

/**
 * Request schemas state their defaults in words, not with `default`: generators (openapi-typescript with its
 * default options) read a property with a `default` as always present, so a request type would demand every
 * defaulted field. A PATCH changes only what it is sent, so an `Update...` schema has no default to state.
 */
export function defaultsInWords(schemas: Record<string, Schema>): void {
  for (const [name, schema] of Object.entries(schemas)) {
    for (const property of Object.values((schema.properties ?? {}) as Record<string, Schema>)) {
      if (!('default' in property)) continue;
      const value = property.default;
      delete property.default;
      if (name.startsWith('Update')) continue;
      const said = `Default when left out: ${JSON.stringify(value)}.`;
      const before = typeof property.description === 'string' ? property.description.replace(/\.$/, '') : '';
      property.description = before ? `${before}. ${said}` : said;
    }
  }
}
