import type { ValidateFunction } from 'ajv';
import { Webhook } from 'standardwebhooks';
import type { ReceivedWebhook } from './webhook-receiver';
import type { TestApp } from './app-harness';
import { documentAjv } from './contract-validator';

/** JSON pointer escaping of one path segment. */
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The payload schemas of the served document's `x-webhooks`, one per event type, compiled with the contract
 * validator's Ajv: `check(body)` answers the problems of a delivered body against the schema of its `type` (an
 * undocumented type is one).
 */
export async function eventSchemas(t: TestApp): Promise<{ types: string[]; check(body: { type?: unknown }): string[] }> {
  const doc = JSON.parse((await t.http.get('/v1/openapi.json').expect(200)).text) as { 'x-webhooks': Record<string, unknown> };
  const ajv = documentAjv(doc);
  const types = Object.keys(doc['x-webhooks']);
  const compiled = new Map<string, ValidateFunction>();
  for (const type of types) {
    const pointer = ['x-webhooks', type, 'post', 'requestBody', 'content', 'application/json', 'schema'].map(escape).join('/');
    compiled.set(type, ajv.compile({ $ref: `openapi.json#/${pointer}` }));
  }
  return {
    types,
    check(body) {
      const type = String(body.type);
      const validate = compiled.get(type);
      if (!validate) return [`${type}: no schema in x-webhooks`];
      if (validate(body)) return [];
      return (validate.errors ?? []).slice(0, 5).map((e) => `${type} ${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
    },
  };
}

/** The body of a delivery once its Standard Webhooks signature is verified with the endpoint's secret (throws when it is not). */
export function verified(secret: string, delivery: ReceivedWebhook): Record<string, any> {
  const headers = Object.fromEntries(Object.entries(delivery.headers).map(([k, v]) => [k, String(v)]));
  return new Webhook(secret).verify(delivery.body, headers) as Record<string, any>;
}
