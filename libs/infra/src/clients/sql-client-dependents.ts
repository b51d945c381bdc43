import { ClientDependents } from '@app/domain/clients/client.repository.port';
import { InventoryRepository } from '@app/domain/inventory/inventory.repository.port';
import { Clock, SystemClock } from '@app/domain/shared/clock.port';
import { Database } from '../database/database';
import { versionedWrite } from '../shared/data-version';
import { writeTombstones } from '../shared/list-sync';
import { sqlNow } from '../shared/sql-time';
import { DOCUMENT_KINDS } from '@app/domain/documents/document-kinds';
import { ALL_DOCUMENT_TABLES } from '../documents/document-tables';
import { SqlRetainedDocuments } from '../documents/sql-retained-documents';

/**
 * A table whose rows refer to a client. `delete` rows go with the client on a cascade (their line
 * tables first); `detach` rows keep living with client_id set to null (expenses).
 */
export interface ClientReference {
  table: string;
  onCascade: 'delete' | 'detach';
  /** Line tables of a document table: [line table, column referring to the document]. */
  lines?: Array<[string, string]>;
}

/**
 * Tables that refer to clients: every document kind's (from the table map), the client's payments (they hold its
 * money: a plain delete is refused, a cascade deletes them with their allocations), then the resources that only
 * point at one.
 */
export const CLIENT_REFERENCES: ClientReference[] = [
  ...ALL_DOCUMENT_TABLES.map((t): ClientReference => ({ table: t.table, onCascade: 'delete', lines: [[t.lines, t.parent]] })),
  { table: 'payments', onCascade: 'delete', lines: [['payment_allocations', 'payment_id']] },
  { table: 'expenses', onCascade: 'detach' },
];

export class SqlClientDependents extends ClientDependents {
  constructor(
    private readonly db: Database,
    /** When given, a cascade gives back the stock the client's invoices took (one movement per invoice and item). */
    private readonly inventory: InventoryRepository | null = null,
    private readonly clock: Clock = new SystemClock(),
    private readonly references: ClientReference[] = CLIENT_REFERENCES,
  ) {
    super();
  }

  /** One statement: an EXISTS per document table. */
  async hasDependents(accountId: number, clientId: number): Promise<boolean> {
    const documents = this.references.filter((r) => r.onCascade === 'delete');
    if (!documents.length) return false;
    const [row] = await this.db.manager().query<Array<{ found: number | string }>>(
      `SELECT ${documents.map((r) => `EXISTS(SELECT 1 FROM \`${r.table}\` WHERE account_id = ? AND client_id = ?)`).join(' OR ')} AS found`,
      documents.flatMap(() => [accountId, clientId]),
    );
    return Number(row.found) === 1;
  }

  /** Both writes move the account's data version in their transaction (shared/data-version.ts). */
  async detachRecords(accountId: number, clientId: number): Promise<void> {
    await versionedWrite(this.db, accountId, async () => {
      for (const ref of this.references.filter((r) => r.onCascade === 'detach')) {
        await this.db
          .manager()
          .query(`UPDATE \`${ref.table}\` SET client_id = NULL, updated_at = ? WHERE account_id = ? AND client_id = ?`, [
            sqlNow(this.clock.now()),
            accountId,
            clientId,
          ]);
      }
    });
  }

  async removeDocuments(accountId: number, clientId: number): Promise<void> {
    await versionedWrite(this.db, accountId, () => this.deleteDocuments(accountId, clientId));
  }

  private async deleteDocuments(accountId: number, clientId: number): Promise<void> {
    const manager = this.db.manager();
    if (this.inventory) await this.restoreStock(accountId, clientId);
    // Documents that hold a number of a tax series stay in the tax records (GSTR-1 Table 13) as cancelled.
    const retained = new SqlRetainedDocuments(this.db);
    for (const kind of DOCUMENT_KINDS) await retained.retain(accountId, kind, { clientId });
    for (const ref of this.references.filter((r) => r.onCascade === 'delete')) {
      for (const [lineTable, parentColumn] of ref.lines ?? []) {
        await manager.query(
          `DELETE l FROM \`${lineTable}\` l JOIN \`${ref.table}\` d ON d.id = l.\`${parentColumn}\` WHERE d.account_id = ? AND d.client_id = ?`,
          [accountId, clientId],
        );
      }
      await writeTombstones(manager, ref.table, accountId, 'client_id = ?', [clientId], this.clock.now());
      await manager.query(`DELETE FROM \`${ref.table}\` WHERE account_id = ? AND client_id = ?`, [accountId, clientId]);
    }
  }

  private async restoreStock(accountId: number, clientId: number): Promise<void> {
    const taken: Array<{ invoice_id: number; invoice_number: string; inventory_id: number; quantity: string }> = await this.db.manager().query(
      `SELECT d.id AS invoice_id, d.invoice_number, l.inventory_id, SUM(l.quantity) AS quantity
         FROM invoices d
         JOIN invoice_items l ON l.invoice_id = d.id
         JOIN inventory_items i ON i.id = l.inventory_id AND i.account_id = d.account_id AND i.type = 'product'
        WHERE d.account_id = ? AND d.client_id = ?
        GROUP BY d.id, d.invoice_number, l.inventory_id
        ORDER BY l.inventory_id, d.id`,
      [accountId, clientId],
    );
    for (const row of taken) {
      const quantity = Number(row.quantity);
      if (!quantity) continue;
      await this.inventory!.moveStock(accountId, {
        inventoryId: Number(row.inventory_id),
        quantityDelta: quantity,
        sourceType: 'invoice',
        sourceId: Number(row.invoice_id),
        sourceLabel: row.invoice_number,
        note: 'invoice deleted with its client',
      });
    }
  }
}
