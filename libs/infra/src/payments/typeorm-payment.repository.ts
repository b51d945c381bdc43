import { FindOptionsWhere, In } from 'typeorm';
import { fiscalYearRange } from '@app/domain/shared/fiscal-year';
import { Clock } from '@app/domain/shared/clock.port';
import { money2, paiseOf, paiseText } from '@app/domain/shared/money';
import { Page } from '@app/domain/shared/pagination';
import { Allocation, AllocationFields, DocumentRef, Payment, PaymentFields, PaymentListFilter, ReceiptNumber } from '@app/domain/payments/payment';
import { PaymentRepository } from '@app/domain/payments/payment.repository.port';
import { Database } from '../database/database';
import { versionedBatch, versionedWrite } from '../shared/data-version';
import { writeTombstones } from '../shared/list-sync';
import { insertStatement, rawInsert, SqlStatement } from '../database/raw-sql';
import { SqlConditions } from '../documents/sql-document-list';
import { LIST_CACHE } from '../shared/versioned-list';
import { sqlNow } from '../shared/sql-time';
import { PaymentAllocationRow, PaymentRow } from './payment.entity';
import { ALLOCATION_COLUMNS, AllocationRecord, DOCUMENT_NUMBER, toAllocation, toPayment } from './payment-rows';

const placeholders = (values: unknown[]) => values.map(() => '?').join(', ');

/**
 * Payments and allocations on MariaDB/MySQL. A payment row keeps the sums of its live allocations
 * (`allocated_amount`, `allocated_tds`) in step with them, so what it holds unallocated (a client's credit) is read
 * without a join. Every statement is scoped by the account and runs in the caller's transaction.
 */
export class TypeormPaymentRepository extends PaymentRepository {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    super();
  }

  private payments() {
    return this.db.manager().getRepository(PaymentRow);
  }

  async findById(accountId: number, id: number, options: { forUpdate?: boolean } = {}): Promise<Payment | null> {
    const row = await this.payments().findOne({
      where: { id, accountId },
      ...(options.forUpdate ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    return row ? toPayment(row) : null;
  }

  async list(accountId: number, filter: PaymentListFilter): Promise<Page<Payment>> {
    const c = new SqlConditions().add('d.account_id = ?', accountId);
    const range = filter.fyStartYear !== undefined ? fiscalYearRange(filter.fyStartYear) : { from: filter.dateFrom, to: filter.dateTo };
    if (range.from) c.add('d.payment_date >= ?', range.from);
    if (range.to) c.add('d.payment_date <= ?', range.to);
    if (filter.clientId !== undefined) c.add('d.client_id = ?', filter.clientId);
    if (filter.mode) c.add('d.mode = ?', filter.mode);
    const ids = await LIST_CACHE.page<{ id: number }>(
      this.db,
      { accountId, table: 'payments', where: c.sql(), params: c.params, dateColumn: 'payment_date', select: 'd.id' },
      filter,
    );
    if (!ids.rows.length) return { ...ids, rows: [] };
    const rows = await this.payments().find({ where: { accountId, id: In(ids.rows.map((r) => Number(r.id))) } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return { ...ids, rows: ids.rows.map((r) => toPayment(byId.get(Number(r.id))!)) };
  }

  async insert(accountId: number, fields: PaymentFields, receipt: ReceiptNumber | null): Promise<number> {
    const now = sqlNow(this.clock.now());
    return versionedWrite(this.db, accountId, () => this.insertRow(accountId, fields, receipt, now));
  }

  private insertRow(accountId: number, fields: PaymentFields, receipt: ReceiptNumber | null, now: string): Promise<number> {
    return rawInsert(this.db.manager(), PaymentRow, [
      {
        accountId,
        clientId: fields.clientId,
        amount: fields.amount,
        tdsAmount: fields.tdsAmount,
        allocatedAmount: '0.00',
        allocatedTds: '0.00',
        currency: fields.currency,
        paymentDate: fields.paymentDate,
        mode: fields.mode,
        reference: fields.reference,
        notes: fields.notes,
        source: fields.source,
        sourceDocumentType: fields.sourceDocument?.type ?? null,
        sourceDocumentId: fields.sourceDocument?.id ?? null,
        receiptNumber: receipt?.number ?? null,
        receiptFyStartYear: receipt?.fyStartYear ?? null,
        receiptSequenceNo: receipt?.sequence ?? null,
        createdAt: now,
        updatedAt: now,
      },
    ]);
  }

  async updateTexts(accountId: number, id: number, texts: { reference: string | null; notes: string | null }): Promise<void> {
    await versionedWrite(this.db, accountId, () => this.payments().update({ id, accountId }, { ...texts, updatedAt: sqlNow(this.clock.now()) }));
  }

  async delete(accountId: number, id: number): Promise<void> {
    await versionedWrite(this.db, accountId, async () => {
      const manager = this.db.manager();
      await manager.query('DELETE FROM payment_allocations WHERE account_id = ? AND payment_id = ?', [accountId, id]);
      await writeTombstones(manager, 'payments', accountId, 'id = ?', [id], this.clock.now());
      await manager.query('DELETE FROM payments WHERE account_id = ? AND id = ?', [accountId, id]);
    });
  }

  async existingIds(accountId: number, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.payments().find({ select: { id: true }, where: { accountId, id: In(ids) } as FindOptionsWhere<PaymentRow> });
    return rows.map((r) => r.id);
  }

  async allocationsOf(accountId: number, paymentIds: number[]): Promise<Allocation[]> {
    if (!paymentIds.length) return [];
    const rows = await this.db.manager().query<AllocationRecord[]>(
      `SELECT ${ALLOCATION_COLUMNS}, ${DOCUMENT_NUMBER} AS documentNumber
         FROM payment_allocations a WHERE a.account_id = ? AND a.payment_id IN (${placeholders(paymentIds)}) ORDER BY a.id`,
      [accountId, ...paymentIds],
    );
    return rows.map(toAllocation);
  }

  async findAllocation(accountId: number, paymentId: number, allocationId: number): Promise<Allocation | null> {
    const [row] = await this.db
      .manager()
      .query<AllocationRecord[]>(
        `SELECT ${ALLOCATION_COLUMNS} FROM payment_allocations a WHERE a.account_id = ? AND a.payment_id = ? AND a.id = ? FOR UPDATE`,
        [accountId, paymentId, allocationId],
      );
    return row ? toAllocation(row) : null;
  }

  async documentAllocations(accountId: number, document: DocumentRef): Promise<Allocation[]> {
    const rows = await this.db.manager().query<AllocationRecord[]>(
      `SELECT ${ALLOCATION_COLUMNS} FROM payment_allocations a
        WHERE a.account_id = ? AND a.document_type = ? AND a.document_id = ? ORDER BY a.id FOR UPDATE`,
      [accountId, document.type, document.id],
    );
    return rows.map(toAllocation);
  }

  async allocationsOfDocuments(accountId: number, documents: DocumentRef[]): Promise<Allocation[]> {
    if (!documents.length) return [];
    const byType = new Map<string, number[]>();
    for (const d of documents) byType.set(d.type, [...(byType.get(d.type) ?? []), d.id]);
    const kinds = [...byType.entries()];
    const rows = await this.db.manager().query<AllocationRecord[]>(
      `SELECT ${ALLOCATION_COLUMNS} FROM payment_allocations a
        WHERE a.account_id = ? AND (${kinds.map(([, ids]) => `(a.document_type = ? AND a.document_id IN (${placeholders(ids)}))`).join(' OR ')})
        ORDER BY a.id FOR UPDATE`,
      [accountId, ...kinds.flatMap(([type, ids]) => [type, ...ids])],
    );
    return rows.map(toAllocation);
  }

  /**
   * One round trip: the allocations in one multi-row INSERT, their ids read back (a multi-row insert's ids are not
   * consecutive under every auto-increment lock mode, but they follow LAST_INSERT_ID(), the first, in row order, and
   * no other transaction adds allocations to the payment while the caller holds it), the payment's sums moved and
   * the account's data version with them (shared/data-version.ts), in the caller's transaction (or one of its own).
   */
  async insertAllocations(accountId: number, payment: Pick<Payment, 'id' | 'clientId' | 'source'>, allocations: AllocationFields[]): Promise<number[]> {
    if (!allocations.length) return [];
    const manager = this.db.manager();
    const now = sqlNow(this.clock.now());
    const insert = insertStatement(
      manager,
      PaymentAllocationRow,
      allocations.map((a) => ({
        accountId,
        paymentId: payment.id,
        clientId: payment.clientId,
        documentType: a.document.type,
        documentId: a.document.id,
        amount: a.amount,
        tdsAmount: a.tdsAmount,
        tdsRecorded: a.tdsRecorded ? 1 : 0,
        paymentSource: payment.source,
        allocationDate: a.allocationDate,
        createdAt: now,
      })),
    );
    const ids = {
      sql: 'SELECT id FROM payment_allocations WHERE account_id = ? AND payment_id = ? AND id >= LAST_INSERT_ID() ORDER BY id',
      params: [accountId, payment.id],
    };
    const results = await versionedBatch(this.db, accountId, [insert, ids, this.moveAllocatedStatement(accountId, payment.id, allocations, 1)]);
    const inserted = (results[1] as Array<{ id: number | string }>).map((r) => Number(r.id));
    if (inserted.length !== allocations.length) throw new Error('The allocation insert returned other ids than it inserted');
    return inserted;
  }

  async deleteAllocations(accountId: number, allocations: Array<Pick<Allocation, 'id' | 'paymentId' | 'amount' | 'tdsAmount'>>): Promise<void> {
    if (!allocations.length) return;
    const ids = allocations.map((a) => a.id);
    await versionedWrite(this.db, accountId, async () => {
      await this.db.manager().query(`DELETE FROM payment_allocations WHERE account_id = ? AND id IN (${placeholders(ids)})`, [accountId, ...ids]);
      for (const paymentId of new Set(allocations.map((a) => a.paymentId))) {
        await this.moveAllocated(
          accountId,
          paymentId,
          allocations.filter((a) => a.paymentId === paymentId),
          -1,
        );
      }
    });
  }

  async creditBalance(accountId: number, clientId: number, currency: string): Promise<string> {
    const [row] = await this.db.query<{ credit: string | null }>(
      `SELECT SUM(amount - allocated_amount + tds_amount - allocated_tds) AS credit FROM payments
        WHERE account_id = ? AND client_id = ? AND currency = ?`,
      [accountId, clientId, currency],
    );
    return money2(row?.credit ?? '0');
  }

  async clientHasPayments(accountId: number, clientId: number): Promise<boolean> {
    const [row] = await this.db.query<{ found: number | string }>('SELECT EXISTS(SELECT 1 FROM payments WHERE account_id = ? AND client_id = ?) AS found', [
      accountId,
      clientId,
    ]);
    return Number(row?.found) === 1;
  }

  /** Moves the payment's allocated sums by the allocations' amounts (`sign` 1: added, -1: removed). */
  private async moveAllocated(accountId: number, paymentId: number, allocations: Array<Pick<Allocation, 'amount' | 'tdsAmount'>>, sign: 1 | -1) {
    const { sql, params } = this.moveAllocatedStatement(accountId, paymentId, allocations, sign);
    await this.db.manager().query(sql, params);
  }

  private moveAllocatedStatement(
    accountId: number,
    paymentId: number,
    allocations: Array<Pick<Allocation, 'amount' | 'tdsAmount'>>,
    sign: 1 | -1,
  ): SqlStatement {
    const sum = (pick: (a: Pick<Allocation, 'amount' | 'tdsAmount'>) => string) => allocations.reduce((s, a) => s + paiseOf(money2(pick(a)))!, 0);
    return {
      sql: 'UPDATE payments SET allocated_amount = allocated_amount + ?, allocated_tds = allocated_tds + ?, updated_at = ? WHERE account_id = ? AND id = ?',
      params: [paiseText(sign * sum((a) => a.amount)), paiseText(sign * sum((a) => a.tdsAmount)), sqlNow(this.clock.now()), accountId, paymentId],
    };
  }
}
