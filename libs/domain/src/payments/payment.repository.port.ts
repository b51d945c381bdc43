import { Page } from '../shared/pagination';
import { Allocation, AllocationFields, DocumentRef, Payment, PaymentFields, PaymentListFilter, ReceiptNumber } from './payment';

/**
 * Payments and their allocations. Every method is scoped by the account: another account's payment does not
 * exist for it. Inside `TransactionRunner.run` the methods join the transaction.
 *
 * Reads marked "locking" see the latest committed rows and lock them until the transaction ends: call them after
 * the document rows they concern are locked (ReceivableDocuments.lock), so that what they read cannot change
 * before the transaction commits, whatever snapshot the transaction started with.
 */
export abstract class PaymentRepository {
  /** `forUpdate` locks the payment row (locking read). */
  abstract findById(accountId: number, id: number, options?: { forUpdate?: boolean }): Promise<Payment | null>;
  /** Newest payment date first, ties by id descending; `total` counts every match. */
  abstract list(accountId: number, filter: PaymentListFilter): Promise<Page<Payment>>;
  /** Stores a payment with nothing allocated yet; returns its id. */
  abstract insert(accountId: number, fields: PaymentFields, receipt: ReceiptNumber | null): Promise<number>;
  abstract updateTexts(accountId: number, id: number, texts: { reference: string | null; notes: string | null }): Promise<void>;
  /** Deletes the payment and its allocations (callers release the documents first). */
  abstract delete(accountId: number, id: number): Promise<void>;
  /** Those of `ids` that are payments of the account. */
  abstract existingIds(accountId: number, ids: number[]): Promise<number[]>;

  /** The allocations of the payments, oldest first, with their documents' numbers. */
  abstract allocationsOf(accountId: number, paymentIds: number[]): Promise<Allocation[]>;
  /** One allocation of the payment (locking read), or null. */
  abstract findAllocation(accountId: number, paymentId: number, allocationId: number): Promise<Allocation | null>;
  /** The live allocations to a document, oldest first (locking read). */
  abstract documentAllocations(accountId: number, document: DocumentRef): Promise<Allocation[]>;
  /** The live allocations to any of the documents, oldest first (locking read): `documentAllocations` in one read. */
  abstract allocationsOfDocuments(accountId: number, documents: DocumentRef[]): Promise<Allocation[]>;
  /** Adds allocations to a payment and moves its allocated sums by them; returns their ids in order. */
  abstract insertAllocations(accountId: number, payment: Pick<Payment, 'id' | 'clientId' | 'source'>, allocations: AllocationFields[]): Promise<number[]>;
  /** Removes allocations (of any payments of the account) and moves their payments' allocated sums back. */
  abstract deleteAllocations(accountId: number, allocations: Array<Pick<Allocation, 'id' | 'paymentId' | 'amount' | 'tdsAmount'>>): Promise<void>;

  /** The client's credit in `currency`: what its payments in it hold unallocated (amounts and TDS). */
  abstract creditBalance(accountId: number, clientId: number, currency: string): Promise<string>;
  /** Whether the client has payments (they block deleting the client without cascade). */
  abstract clientHasPayments(accountId: number, clientId: number): Promise<boolean>;
}
