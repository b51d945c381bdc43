import { Client } from '../clients/client';
import { ClientRepository } from '../clients/client.repository.port';
import { DocumentKind } from '../documents/document-kinds';
import { DocumentSource } from '../document-output/document-source.port';
import { SourceDocument } from '../document-output/source-document';
import { NotFound, ValidationFailed } from '../shared/domain-error';
import { SendoutDocumentCatalog, DocumentPick } from './sendout-document-catalog.port';

/**
 * What a sendout may name: a client of the caller's account and one of that client's documents. A client
 * or document of another account is as missing as an unknown one (404); another client's document is a 400.
 */
export class SendoutDocuments {
  constructor(
    private readonly clients: ClientRepository,
    private readonly documents: DocumentSource,
    private readonly catalog: SendoutDocumentCatalog,
  ) {}

  async client(accountId: number, clientId: number): Promise<Client> {
    const client = await this.clients.findById(accountId, clientId);
    if (!client) throw new NotFound('Client not found.', { client_id: clientId });
    return client;
  }

  async clientAndDocument(accountId: number, kind: DocumentKind, clientId: number, documentId: number): Promise<{ client: Client; doc: SourceDocument }> {
    const [client, doc] = await Promise.all([this.client(accountId, clientId), this.documents.load(accountId, kind, documentId)]);
    if (!doc) throw new NotFound('Document not found.', { document_type: kind, document_id: documentId });
    if (doc.clientId !== clientId) throw new ValidationFailed({ document_id: 'belongs to another client' });
    return { client, doc };
  }

  /** The client's documents of one kind, newest first (after checking the client is the account's). */
  async choices(accountId: number, kind: DocumentKind, clientId: number, limit: number): Promise<DocumentPick[]> {
    await this.client(accountId, clientId);
    return this.catalog.listForClient(accountId, kind, clientId, limit);
  }
}
