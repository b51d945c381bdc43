import { PING_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from '@app/domain/webhooks/webhook-events';
import { RESOURCE_ID_FIELDS } from '@app/contract/webhooks/api-resource-objects';
import { constant, id, obj, oneOf, ref, Schema, str } from './schema-kit';
import { sampleOf } from './sample';

/** Every event type, the subscribable ones and the test ping. */
const EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, PING_EVENT_TYPE];

/** The schema of `data.object` of each prefix's records: the answer of the record's `GET` (a sendout: a row of its list). */
const OBJECT_SCHEMAS: Record<string, string> = {
  client: 'ClientDetail',
  invoice: 'Invoice',
  quotation: 'Quotation',
  proforma_invoice: 'ProformaInvoice',
  debit_note: 'DebitNote',
  credit_note: 'CreditNote',
  payment: 'Payment',
  inventory: 'InventoryItem',
  sendout: 'Sendout',
  reminder: 'Invoice',
};

/** The entity an event type is about (`resource_type`). */
export function resourceTypeOf(type: string): string {
  if (type === PING_EVENT_TYPE) return 'webhook_endpoint';
  const prefix = type.split('.')[0];
  return prefix === 'reminder' ? 'invoice' : prefix;
}

/** `invoice.paid` → `InvoicePaidEvent`: the name of the event type's payload schema. */
export function eventSchemaName(type: string): string {
  return `${type.replace(/(^|[._])([a-z])/g, (_, __: string, c: string) => c.toUpperCase())}Event`;
}

/** `data.object` of an event type. */
function objectOf(type: string): Schema {
  if (type === PING_EVENT_TYPE) {
    return obj({ webhook_id: id('webhook endpoint pinged'), url: str({ description: 'Its URL', example: 'https://hooks.example.in/invoicing' }) });
  }
  const prefix = type.split('.')[0];
  if (type.endsWith('.deleted')) {
    const idField = RESOURCE_ID_FIELDS[prefix];
    return obj(
      { [idField]: id('deleted record'), deleted: constant(true) },
      { open: true, description: 'The record’s last form (as its GET answered) with `deleted: true`, or only its id field when none was taken' },
    );
  }
  return { ...ref(OBJECT_SCHEMAS[prefix]) };
}

/** `data` of an event type: the object, and what made it where the type says so. */
function dataOf(type: string): Schema {
  if (type === 'invoice.created') {
    return obj(
      {
        object: objectOf(type),
        source: str({ description: 'What made the invoice when a schedule of the service did (`recurring`)', example: 'recurring' }),
        recurring_invoice_id: id('recurring profile that made it'),
      },
      { optional: ['source', 'recurring_invoice_id'] },
    );
  }
  if (type.endsWith('.created')) {
    return obj(
      {
        object: objectOf(type),
        source: str({
          description:
            'What made the record when it was not a plain create, e.g. `payment_status` for the payment a PATCH of an invoice’s payment status records',
          example: 'payment_status',
        }),
      },
      { optional: ['source'] },
    );
  }
  if (type === 'reminder.sent') {
    return obj({
      object: objectOf(type),
      reminder: obj({}, { open: true, description: 'The reminder step sent (its offset and channel), free-form' }),
    });
  }
  return obj({ object: objectOf(type) });
}

/** The payload of one event type: the body of its deliveries and the event `GET /v1/events/{event_id}` answers. */
function payloadOf(type: string): Schema {
  return obj(
    {
      id: str({ description: 'The event id, also sent as `Webhook-Id`; the same on every retry and redelivery', example: 'evt_1042_1' }),
      type: constant(type),
      created_at: str({ format: 'date-time', description: 'When the event happened, ISO 8601 in UTC', example: '2025-06-10T09:30:12.000Z' }),
      account_id: id('account'),
      resource_type: constant(resourceTypeOf(type)),
      resource_id: id('record the event is about'),
      data: dataOf(type),
    },
    { description: `The \`${type}\` event` },
  );
}

/** Any event of the log (`type` says which; its payload schema is the one of that type). */
const anyEvent = obj(
  {
    id: str({ description: 'The event id (`Webhook-Id` of its deliveries)', example: 'evt_1042_1' }),
    type: oneOf(EVENT_TYPES),
    created_at: str({ format: 'date-time', description: 'When the event happened, ISO 8601 in UTC', example: '2025-06-10T09:30:12.000Z' }),
    account_id: id('account'),
    resource_type: str({ description: 'The kind of record the event is about', example: 'invoice' }),
    resource_id: id('record the event is about'),
    data: obj(
      { object: obj({}, { open: true, description: 'The record as its GET answers it at the time of the event (see the payload schema of the type)' }) },
      { open: true },
    ),
  },
  { description: 'A webhook event exactly as its deliveries carry it; the payload schema of its `type` (`x-webhooks`) describes `data`' },
);

/** The schemas of events, by name (part of RESOURCE_SCHEMAS). */
export const EVENT_SCHEMAS: Record<string, Schema> = {
  WebhookEvent: anyEvent,
  ...Object.fromEntries(EVENT_TYPES.map((t) => [eventSchemaName(t), payloadOf(t)])),
};

const SIGNATURE_HEADERS = [
  { name: 'Webhook-Id', description: 'The event id (`GET /v1/events/{event_id}`); drop a second delivery of an id already handled' },
  { name: 'Webhook-Timestamp', description: 'Unix seconds when this attempt was signed' },
  { name: 'Webhook-Signature', description: '`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, two separated by a space during a secret rotation' },
].map((h) => ({ in: 'header', required: true, name: h.name, description: h.description, schema: { type: 'string' } }));

/**
 * The `x-webhooks` section (the document is OpenAPI 3.0, whose 3.1 form is `webhooks`): one entry per event type,
 * the `POST` the service makes to a subscribed endpoint, its body the type's payload schema.
 */
export function webhooksSection(schemas: Record<string, Schema>): Record<string, unknown> {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => {
      const schema = ref(eventSchemaName(type));
      return [
        type,
        {
          post: {
            operationId: `${eventSchemaName(type).replace(/Event$/, '')}Webhook`.replace(/^./, (c) => c.toLowerCase()),
            summary: `The ${type} event`,
            description:
              type === PING_EVENT_TYPE
                ? 'Sent by `POST /v1/webhooks/{id}/test` to that endpoint only; never subscribed to.'
                : `Sent to each enabled endpoint whose \`events\` list \`${type}\`, \`${type.split('.')[0]}.*\` or \`*\`. Also in \`GET /v1/events\` for 30 days.`,
            tags: ['webhooks'],
            security: [],
            parameters: SIGNATURE_HEADERS,
            requestBody: { required: true, content: { 'application/json': { schema, example: sampleOf(schema, schemas) } } },
            responses: {
              '200': { description: 'Any 2xx answer acknowledges the event; anything else (or none within 10 seconds) is retried' },
            },
          },
        },
      ];
    }),
  );
}
