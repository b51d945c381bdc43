import { DocumentKind } from '../documents/document-kinds';
import { SourceDocument } from './source-document';

/** Reads stored documents of any kind for output, scoped by account. */
export abstract class DocumentSource {
  abstract load(accountId: number, kind: DocumentKind, id: number): Promise<SourceDocument | null>;
  /** Numbers of those of `ids` that are documents of the account of this kind. */
  abstract numbersOf(accountId: number, kind: DocumentKind, ids: number[]): Promise<Map<number, string>>;
}
