import { DocumentKind } from '../documents/document-kinds';
import { SecretHasher } from '../shared/secret.port';
import { SharedDocument, ShareLinkRepository } from './share-link.repository.port';

/**
 * Public links of documents: a link is 32 random bytes under the service's public base URL, made on first
 * use and shown again until revoked. The token maker, the store and the base URL always go together.
 */
export class ShareLinks {
  constructor(
    private readonly links: ShareLinkRepository,
    private readonly secrets: SecretHasher,
    private readonly publicBaseUrl: string,
  ) {}

  /** The document's live link, made now if it has none. */
  async urlOf(accountId: number, kind: DocumentKind, documentId: number): Promise<string> {
    let token = await this.links.findActiveToken(accountId, kind, documentId);
    if (!token) {
      token = this.secrets.randomToken(32);
      await this.links.create(accountId, kind, documentId, token);
    }
    return `${this.publicBaseUrl}/v1/share/${token}`;
  }

  async revoke(accountId: number, kind: DocumentKind, documentId: number): Promise<void> {
    await this.links.revoke(accountId, kind, documentId);
  }

  /** The document of a live token; null for anything that is not one (checked for shape before any lookup). */
  resolve(token: string): Promise<SharedDocument | null> {
    return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? this.links.resolve(token) : Promise.resolve(null);
  }
}
