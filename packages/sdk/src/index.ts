export { createInvoicingClient, unwrap, bytes } from './client';
export type { InvoicingClient, InvoicingClientOptions, Answer, Payload, PaginateArgs } from './client';
export { InvoicingApiError, isApiError } from './errors';
export type { ErrorCode, ErrorEnvelope } from './errors';
export type { ListPath, ListParams, ListRow, PageOptions } from './pagination';
export type { RetryOptions, RetryNotice, TokenSource } from './transport';
export { verifyWebhook, WebhookVerificationError, WEBHOOK_EVENT_TYPES } from './webhooks';
export type { WebhookEvent, WebhookEventType, WebhookObjects, DeletedObject, HeaderSource } from './webhooks';
export type { paths, components, operations } from './generated/schema';
