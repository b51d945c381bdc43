import { Account } from '../shared/account';
import { Client } from '../clients/client';
import { ClientRepository } from '../clients/client.repository.port';
import { GstContext, supplierSnapshotOf } from './document-gst';

/**
 * The tax context of a write: the client the document will have (read when `clientId` is a valid id of the
 * account; otherwise none, and the write fails on its client later) and the business as it is now.
 */
export async function gstContextFor(clients: ClientRepository, account: Account, clientId: unknown): Promise<GstContext> {
  return (await gstContextWithClient(clients, account, clientId)).gst;
}

/** The tax context of a write and the client record it was read from (null when `clientId` names none of the account). */
export async function gstContextWithClient(
  clients: ClientRepository,
  account: Account,
  clientId: unknown,
): Promise<{ gst: GstContext; client: Client | null }> {
  const valid = typeof clientId === 'number' && Number.isInteger(clientId) && clientId > 0 && clientId <= 2147483647;
  const client = valid ? await clients.findById(account.id, clientId) : null;
  return { gst: { client: client ? { gstin: client.gstin, stateCode: client.stateCode } : null, supplier: supplierSnapshotOf(account) }, client };
}
