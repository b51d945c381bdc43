/**
 * Soft deletion of a business account: the row is kept with deleted_at set, so GST documents stay, and
 * every credential of the account stops working (AuthenticateCaller refuses deleted accounts).
 */
export abstract class DeletedAccounts {
  abstract markDeleted(accountId: number, at: Date): Promise<void>;
}
