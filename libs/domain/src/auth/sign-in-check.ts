import { SecretHasher } from '../shared/secret.port';
import { Unauthorized } from '../shared/domain-error';
import { PasswordHasher, User, UserRepository } from '../users/user.repository.port';
import { LoginAttempt, LoginThrottle } from './login-throttle.port';

export const BAD_CREDENTIALS = 'The username or password is not correct.';

/**
 * The credential half of a sign-in: the throttle of failed attempts and a password check that costs the
 * same whether or not the username exists. An unknown username is verified against a dummy hash made at
 * the configured cost, so both failures take about the same time and say the same thing.
 */
export class SignInCheck {
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly users: UserRepository,
    private readonly passwords: PasswordHasher,
    private readonly secrets: SecretHasher,
    private readonly throttle: LoginThrottle,
  ) {}

  /** Makes the dummy hash ahead of the first request. */
  async warmUp(): Promise<void> {
    await this.dummy();
  }

  /** The user whose password this is; Unauthorized (counted by the throttle) otherwise. */
  async verify(attempt: LoginAttempt, password: string): Promise<User> {
    await this.throttle.assertAllowed(attempt);
    const user = await this.users.findByUsername(attempt.username);
    const matches = user ? await this.passwords.verify(password, user.passwordHash) : (await this.passwords.verify(password, await this.dummy())) && false;
    if (!user || !matches) {
      await this.throttle.recordFailure(attempt);
      throw new Unauthorized(BAD_CREDENTIALS);
    }
    await this.throttle.recordSuccess(attempt);
    return user;
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= this.passwords.hash(`not-a-password:${this.secrets.randomToken(16)}`);
    return this.dummyHash;
  }
}
