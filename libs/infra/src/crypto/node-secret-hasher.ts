import { createHash, randomBytes } from 'node:crypto';
import { SecretHasher } from '@app/domain/shared/secret.port';

export class NodeSecretHasher extends SecretHasher {
  randomToken(bytes: number): string {
    return randomBytes(bytes).toString('base64url');
  }
  hash(secret: string): string {
    return createHash('sha256').update(secret, 'utf8').digest('hex');
  }
}
