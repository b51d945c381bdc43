import { Database } from '../database/database';

/**
 * Whether an account has an enabled webhook endpoint, asked by every document create (its activity event
 * carries the record only then). `SettingsDocumentPrefixes` reads it in the same statement as the number
 * prefix, before the sequence row is locked, and notes it for the rest of the transaction: one statement
 * fewer per create, and one fewer while every other create of the account waits for that lock.
 */
export const ENABLED_ENDPOINT_EXISTS = 'EXISTS(SELECT 1 FROM webhook_endpoints WHERE account_id = ? AND enabled = 1)';

const factKey = (accountId: number) => `webhooks.enabled-endpoint:${accountId}`;

/** Notes the answer of ENABLED_ENDPOINT_EXISTS for the rest of the transaction in progress. */
export function noteEnabledEndpoint(db: Database, accountId: number, exists: unknown): void {
  db.noteFact(factKey(accountId), Number(exists) === 1);
}

/** The answer noted earlier in the transaction in progress, or undefined. */
export function notedEnabledEndpoint(db: Database, accountId: number): boolean | undefined {
  return db.fact<boolean>(factKey(accountId));
}
