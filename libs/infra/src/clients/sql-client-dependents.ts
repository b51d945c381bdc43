import { ClientDependents } from '@app/domain/clients/client.repository.port';
import { Database } from '../database/typeorm-transaction-runner';

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

/** Tables that refer to clients; each resource adds its own when it is introduced. */
export const CLIENT_REFERENCES: ClientReference[] = [
  { table: 'invoices', onCascade: 'delete', lines: [['invoice_items', 'invoice_id']] },
  { table: 'quotations', onCascade: 'delete', lines: [['quotation_items', 'quotation_id']] },
  { table: 'proforma_invoices', onCascade: 'delete', lines: [['proforma_invoice_items', 'proforma_invoice_id']] },
  { table: 'debit_notes', onCascade: 'delete', lines: [['debit_note_items', 'debit_note_id']] },
  { table: 'credit_notes', onCascade: 'delete', lines: [['credit_note_items', 'credit_note_id']] },
  { table: 'expenses', onCascade: 'detach' },
];

export class SqlClientDependents extends ClientDependents {
  constructor(
    private readonly db: Database,
    private readonly references: ClientReference[] = CLIENT_REFERENCES,
  ) {
    super();
  }

  async hasDependents(accountId: number, clientId: number): Promise<boolean> {
    for (const ref of this.references.filter((r) => r.onCascade === 'delete')) {
      const rows = await this.db
        .manager()
        .query(`SELECT 1 FROM \`${ref.table}\` WHERE account_id = ? AND client_id = ? LIMIT 1`, [accountId, clientId]);
      if (rows.length) return true;
    }
    return false;
  }

  async removeFor(accountId: number, clientId: number): Promise<void> {
    const manager = this.db.manager();
    for (const ref of this.references) {
      if (ref.onCascade === 'detach') {
        await manager.query(`UPDATE \`${ref.table}\` SET client_id = NULL WHERE account_id = ? AND client_id = ?`, [accountId, clientId]);
        continue;
      }
      for (const [lineTable, parentColumn] of ref.lines ?? []) {
        await manager.query(
          `DELETE l FROM \`${lineTable}\` l JOIN \`${ref.table}\` d ON d.id = l.\`${parentColumn}\` WHERE d.account_id = ? AND d.client_id = ?`,
          [accountId, clientId],
        );
      }
      await manager.query(`DELETE FROM \`${ref.table}\` WHERE account_id = ? AND client_id = ?`, [accountId, clientId]);
    }
  }
}
