import { DocumentKind } from '../documents/document-kinds';

export interface DocumentPick {
  id: number;
  number: string;
  /** Y-m-d. */
  date: string;
  totalAmount: string;
  currency: string;
}

/** The documents of one kind issued to one client (pick list of the sendout form). */
export abstract class SendoutDocumentCatalog {
  /** Newest first by document date, ties by id descending. */
  abstract listForClient(accountId: number, kind: DocumentKind, clientId: number, limit: number): Promise<DocumentPick[]>;
}
