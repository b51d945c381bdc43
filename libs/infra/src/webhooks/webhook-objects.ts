import { ActivityLog } from '@app/domain/activity/activity-log.port';
import { Clock } from '@app/domain/shared/clock.port';
import { PresentedObject, ResourceObjects, ResourceObjectSources } from '@app/domain/webhooks/resource-objects';
import { SnapshottingActivityLog, WebhookSnapshotSource } from '@app/domain/webhooks/snapshotting-activity-log';
import { parseSummary } from '../activity/activity-event-row';
import { TypeormActivityLog } from '../activity/typeorm-activity-log';
import { TypeormAccountRepository } from '../accounts/typeorm-account.repository';
import { TypeormClientRepository } from '../clients/typeorm-client.repository';
import { Database } from '../database/database';
import { TypeormInventoryRepository } from '../inventory/typeorm-inventory.repository';
import { TypeormInvoiceRepository } from '../invoices/typeorm-invoice.repository';
import { TypeormCreditNoteRepository } from '../notes/typeorm-credit-note.repository';
import { TypeormDebitNoteRepository } from '../notes/typeorm-debit-note.repository';
import { TypeormProformaInvoiceRepository } from '../proforma-invoices/typeorm-proforma-invoice.repository';
import { TypeormQuotationRepository } from '../quotations/typeorm-quotation.repository';
import { SqlSendoutRepository } from '../sendouts/sql-sendout.repository';
import { TypeormPaymentRepository } from '../payments/typeorm-payment.repository';
import { ENABLED_ENDPOINT_EXISTS, noteEnabledEndpoint, notedEnabledEndpoint } from './enabled-endpoints';

export class SqlWebhookSnapshotSource extends WebhookSnapshotSource {
  constructor(private readonly db: Database) {
    super();
  }

  async hasEnabledEndpoint(accountId: number): Promise<boolean> {
    const noted = notedEnabledEndpoint(this.db, accountId);
    if (noted !== undefined) return noted;
    const [row] = await this.db.query<{ found: number | string }>(`SELECT ${ENABLED_ENDPOINT_EXISTS} AS found`, [accountId]);
    // Noted for the rest of the transaction, as document creates note it: a use case that appends several events
    // (a payment settling five invoices appends six) asks once.
    noteEnabledEndpoint(this.db, accountId, row?.found);
    return Number(row?.found) === 1;
  }

  async lastObject(accountId: number, entityType: string, entityId: number): Promise<PresentedObject | null> {
    const [row] = await this.db.query<{ object_json: string }>(
      `SELECT object_json FROM activity_events WHERE account_id = ? AND entity_type = ? AND entity_id = ? AND object_json IS NOT NULL
       ORDER BY id DESC LIMIT 1`,
      [accountId, entityType, entityId],
    );
    return row ? parseSummary(row.object_json) : null;
  }
}

/** The repositories the webhook objects are read through (API and worker; the contract library presents them). */
export function createResourceObjectSources(db: Database, clock: Clock): ResourceObjectSources {
  return {
    accounts: new TypeormAccountRepository(db),
    clients: new TypeormClientRepository(db, clock),
    invoices: new TypeormInvoiceRepository(db, clock),
    quotations: new TypeormQuotationRepository(db, clock),
    proformas: new TypeormProformaInvoiceRepository(db, clock),
    debitNotes: new TypeormDebitNoteRepository(db, clock),
    creditNotes: new TypeormCreditNoteRepository(db, clock),
    inventory: new TypeormInventoryRepository(db, clock),
    sendouts: new SqlSendoutRepository(db),
    payments: new TypeormPaymentRepository(db, clock),
  };
}

/** The activity log every process writes through: the SQL log, with the webhook object taken at event time. */
export function createActivityLog(db: Database, objects: ResourceObjects): ActivityLog {
  return new SnapshottingActivityLog(new TypeormActivityLog(db), objects, new SqlWebhookSnapshotSource(db));
}
