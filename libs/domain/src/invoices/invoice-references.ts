import { Account } from '../accounts/account';
import { ClientRepository } from '../clients/client.repository.port';
import { GstContext } from '../documents/document-gst';
import { gstContextFor } from '../documents/document-gst-context';
import { requireClient } from '../documents/sales-document-fields';
import { NotFound } from '../shared/domain-error';
import { TdsSectionRepository } from '../tds/tds-section.repository.port';

/**
 * The records an invoice body names by id, checked against the caller's account before they are stored:
 * the client must be the account's, the TDS section a shared one or the account's own. Anything else is
 * not found (404), as the record of another account always is.
 */
export class InvoiceReferences {
  constructor(
    private readonly clients: ClientRepository,
    private readonly tdsSections: Pick<TdsSectionRepository, 'findVisible'>,
  ) {}

  async client(accountId: number, clientId: number): Promise<void> {
    await requireClient(this.clients, accountId, clientId);
  }

  /** The tax context of the write: the client it will have (when it is the account's) and the business now. */
  gstContext(account: Account, clientId: unknown): Promise<GstContext> {
    return gstContextFor(this.clients, account, clientId);
  }

  async tdsSection(accountId: number, sectionId: number | null): Promise<void> {
    if (sectionId !== null && !(await this.tdsSections.findVisible(accountId, sectionId))) {
      throw new NotFound('TDS section not found.', { tds_section_id: sectionId });
    }
  }
}
