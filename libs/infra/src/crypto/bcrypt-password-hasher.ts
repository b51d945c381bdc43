import * as bcrypt from 'bcrypt';
import { PasswordHasher } from '@app/domain/users/user.repository.port';

export class BcryptPasswordHasher extends PasswordHasher {
  constructor(private readonly cost: number) {
    super();
  }
  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.cost);
  }
  verify(password: string, hash: string): Promise<boolean> {
    return bcrypt.compare(password, hash);
  }
}
