import { DocumentKind } from '../documents/document-kinds';

export interface SharedDocument {
  accountId: number;
  kind: DocumentKind;
  documentId: number;
}

/** Public links to documents. Tokens are stored hashed (lookup) and sealed (to show the same link again). */
export abstract class ShareLinkRepository {
  /** The token of the document's live link, if it has one. */
  abstract findActiveToken(accountId: number, kind: DocumentKind, documentId: number): Promise<string | null>;
  abstract create(accountId: number, kind: DocumentKind, documentId: number, token: string): Promise<void>;
  /** Revokes the live link(s) of the document; true when one was live. */
  abstract revoke(accountId: number, kind: DocumentKind, documentId: number): Promise<boolean>;
  /** The document a live token points to. */
  abstract resolve(token: string): Promise<SharedDocument | null>;
}
