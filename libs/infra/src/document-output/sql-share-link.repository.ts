import { DocumentKind } from '@app/domain/documents/document-kinds';
import { SharedDocument, ShareLinkRepository } from '@app/domain/document-output/share-link.repository.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { Database } from '../database/database';
import { SecretBox } from '../crypto/secret-box';
import { sqlNow } from '../shared/sql-time';

export class SqlShareLinkRepository extends ShareLinkRepository {
  constructor(
    private readonly db: Database,
    private readonly hasher: SecretHasher,
    private readonly box: SecretBox,
  ) {
    super();
  }

  async findActiveToken(accountId: number, kind: DocumentKind, documentId: number): Promise<string | null> {
    const [row] = await this.db
      .manager()
      .query<Array<{ token_encrypted: string }>>(
        'SELECT token_encrypted FROM document_shares WHERE account_id = ? AND document_type = ? AND document_id = ? AND revoked_at IS NULL ORDER BY id DESC LIMIT 1',
        [accountId, kind, documentId],
      );
    return row ? this.box.open(row.token_encrypted) : null;
  }

  async create(accountId: number, kind: DocumentKind, documentId: number, token: string): Promise<void> {
    await this.db
      .manager()
      .query('INSERT INTO document_shares (account_id, document_type, document_id, token_hash, token_encrypted, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
        accountId,
        kind,
        documentId,
        this.hasher.hash(token),
        this.box.seal(token),
        sqlNow(),
      ]);
  }

  async revoke(accountId: number, kind: DocumentKind, documentId: number): Promise<boolean> {
    const result = await this.db
      .manager()
      .query<{ affectedRows?: number }>(
        'UPDATE document_shares SET revoked_at = ? WHERE account_id = ? AND document_type = ? AND document_id = ? AND revoked_at IS NULL',
        [sqlNow(), accountId, kind, documentId],
      );
    return Number(result.affectedRows ?? 0) > 0;
  }

  async resolve(token: string): Promise<SharedDocument | null> {
    const [row] = await this.db
      .manager()
      .query<Array<{ account_id: number; document_type: string; document_id: number }>>(
        'SELECT account_id, document_type, document_id FROM document_shares WHERE token_hash = ? AND revoked_at IS NULL',
        [this.hasher.hash(token)],
      );
    return row ? { accountId: Number(row.account_id), kind: row.document_type as DocumentKind, documentId: Number(row.document_id) } : null;
  }
}
