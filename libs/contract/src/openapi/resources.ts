import type { Schema } from './schema-kit';
import { SALES_SCHEMAS } from './resources-sales';
import { PLATFORM_SCHEMAS } from './resources-platform';
import { EVENT_SCHEMAS } from './webhook-events-doc';
export { count, total, currency } from './resources-documents-parts';
export { DEVICE_PLATFORMS } from '@app/domain/notifications/device.repository.port';

/** The answer schemas by name, one per presenter, the shared error envelope and the webhook event payloads. */
export const RESOURCE_SCHEMAS: Record<string, Schema> = { ...SALES_SCHEMAS, ...PLATFORM_SCHEMAS, ...EVENT_SCHEMAS };
