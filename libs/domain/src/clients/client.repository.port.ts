import { Page, PageRequest } from '../shared/pagination';
import { Client, ClientFields } from './client';

export abstract class ClientRepository {
  abstract findById(accountId: number, id: number): Promise<Client | null>;
  abstract list(accountId: number, page: PageRequest): Promise<Page<Client>>;
  abstract count(accountId: number): Promise<number>;
  /**
   * The first client of the account with the same phone, email (case-insensitive) or GSTIN. Called in the
   * create transaction: the adapter serializes the account's creates from here to commit, so two
   * simultaneous creates of the same client cannot both miss each other.
   */
  abstract findDuplicate(accountId: number, match: { phone: string | null; email: string | null; gstin: string | null }): Promise<Client | null>;
  abstract insert(accountId: number, fields: ClientFields): Promise<number>;
  abstract update(accountId: number, id: number, fields: ClientFields): Promise<void>;
  abstract delete(accountId: number, id: number): Promise<void>;
  /** Those of `ids` that are clients of the account. */
  abstract existingIds(accountId: number, ids: number[]): Promise<number[]>;
}

/**
 * Records that refer to a client. Documents block a plain delete and go with the client on a cascade;
 * other records (expenses) outlive the client, detached from it.
 */
export abstract class ClientDependents {
  /** Whether the client has documents. */
  abstract hasDependents(accountId: number, clientId: number): Promise<boolean>;
  /** Deletes the client's documents and their lines (giving back the stock they took). */
  abstract removeDocuments(accountId: number, clientId: number): Promise<void>;
  /** Sets the client reference of records that outlive the client to none. */
  abstract detachRecords(accountId: number, clientId: number): Promise<void>;
}
