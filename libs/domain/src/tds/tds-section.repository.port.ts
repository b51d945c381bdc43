import { TdsSection, TdsSectionFields } from './tds-section';

export abstract class TdsSectionRepository {
  /** The shared sections and the account's own, by code then effective date. */
  abstract list(accountId: number): Promise<TdsSection[]>;
  /** A shared section or one of the account's own; null otherwise. */
  abstract findVisible(accountId: number, id: number): Promise<TdsSection | null>;
  /**
   * The row of the same kind as `section` (its code and description, shared or of the same account)
   * in force on the Y-m-d date; null when none is.
   */
  abstract findInForce(accountId: number, section: TdsSection, date: string): Promise<TdsSection | null>;
  abstract insert(accountId: number, fields: TdsSectionFields): Promise<number>;
  /** Updates one of the account's own sections (never a shared one). */
  abstract update(accountId: number, id: number, fields: TdsSectionFields): Promise<void>;
  abstract delete(accountId: number, id: number): Promise<void>;
}
