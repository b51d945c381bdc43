import { ACCOUNT_OPERATIONS } from './operations-accounts';
import { DOCUMENT_OPERATIONS } from './operations-documents';
import { SALES_AUTH_OPERATIONS } from './operations-sales-auth';
import { OUTPUT_OPERATIONS } from './operations-outputs';
import { PLATFORM_OPERATIONS } from './operations-platform';
import { EVENT_OPERATIONS } from './operations-events';
import type { OperationDoc } from './operations-kit';

export type { OperationDoc } from './operations-kit';

/** Every operation of the API, by `METHOD path`: the parts are split by area only to keep each file short. */
export const OPERATIONS: Record<string, OperationDoc> = {
  ...ACCOUNT_OPERATIONS,
  ...DOCUMENT_OPERATIONS,
  ...SALES_AUTH_OPERATIONS,
  ...OUTPUT_OPERATIONS,
  ...PLATFORM_OPERATIONS,
  ...EVENT_OPERATIONS,
};
