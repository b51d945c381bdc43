import { QueryFailedError } from 'typeorm';
import { InconsistentAnswer, LostCommit } from './database';
import { retryable } from './typeorm-transaction-runner';

const failed = (code: string, message: string) => new QueryFailedError('INSERT ...', [], Object.assign(new Error(message), { code }));

describe('retryable (what the transaction runner runs again)', () => {
  it('runs again a deadlock victim, a lock wait timeout and a Galera certification failure (reported as a deadlock)', () => {
    expect(retryable(failed('ER_LOCK_DEADLOCK', 'Deadlock found when trying to get lock; try restarting transaction'))).toBe(true);
    expect(retryable(failed('ER_LOCK_WAIT_TIMEOUT', 'Lock wait timeout exceeded; try restarting transaction'))).toBe(true);
  });

  it('runs again a document number taken by a concurrent writer on another node (MariaDB and MySQL key names)', () => {
    expect(retryable(failed('ER_DUP_ENTRY', "Duplicate entry '2-INV/27-28/0023' for key 'uq_invoices_number'"))).toBe(true);
    expect(retryable(failed('ER_DUP_ENTRY', "Duplicate entry '2-RCPT/26-27/0001' for key 'payments.uq_payments_receipt_number'"))).toBe(true);
  });

  it('runs again a transaction found lost after COMMIT or answered inconsistently (docs/scaling.md, "Galera: known defect")', () => {
    expect(retryable(new LostCommit('SELECT 1 FROM `invoices` WHERE id = ? AND account_id = ?'))).toBe(true);
    expect(retryable(new InconsistentAnswer('the document was numbered 88, its sequence said 34'))).toBe(true);
  });

  it('does not run again any other duplicate or failure: the same request would fail the same way', () => {
    expect(retryable(failed('ER_DUP_ENTRY', "Duplicate entry '2-9876543210' for key 'uq_clients_phone'"))).toBe(false);
    expect(retryable(failed('ER_DUP_ENTRY', "Duplicate entry '2-abc' for key 'uq_idempotency_keys'"))).toBe(false);
    expect(retryable(failed('ER_NO_REFERENCED_ROW_2', 'Cannot add or update a child row'))).toBe(false);
    expect(retryable(new Error('Deadlock found'))).toBe(false);
    expect(retryable(undefined)).toBe(false);
  });
});
