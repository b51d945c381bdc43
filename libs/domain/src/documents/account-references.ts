import { Account } from '../shared/account';
import { Client } from '../clients/client';
import { ClientRepository } from '../clients/client.repository.port';
import { GstContext } from './document-gst';
import { gstContextFor, gstContextWithClient } from './document-gst-context';
import { requireClient } from './sales-document-fields';
import { NotFound } from '../shared/domain-error';
import { TdsSectionRepository } from '../tds/tds-section.repository.port';

/**
 * The records a request body names by id (an invoice's or an expense's client and TDS section), checked
 * against the caller's account before they are stored: the client must be the account's, the TDS section
 * a shared one or the account's own. Anything else is not found (404), as the record of another account
 * always is. Null names none.
 */
export class AccountReferences {
  constructor(
    private readonly clients: ClientRepository,
    private readonly tdsSections: Pick<TdsSectionRepository, 'findVisible'>,
  ) {}

  async client(accountId: number, clientId: number | null): Promise<void> {
    if (clientId !== null) await requireClient(this.clients, accountId, clientId);
  }

  /** The tax context of the write: the client it will have (when it is the account's) and the business now. */
  gstContext(account: Account, clientId: unknown): Promise<GstContext> {
    return gstContextFor(this.clients, account, clientId);
  }

  /** `gstContext`, with the client record it read (null when `clientId` names none of the account). */
  gstContextWithClient(account: Account, clientId: unknown): Promise<{ gst: GstContext; client: Client | null }> {
    return gstContextWithClient(this.clients, account, clientId);
  }

  async tdsSection(accountId: number, sectionId: number | null): Promise<void> {
    if (sectionId !== null && !(await this.tdsSections.findVisible(accountId, sectionId))) {
      throw new NotFound('TDS section not found.', { tds_section_id: sectionId });
    }
  }
}
