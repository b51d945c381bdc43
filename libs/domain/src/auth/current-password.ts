import { PasswordHasher, User } from '../users/user.repository.port';
import { LoginThrottle } from './login-throttle.port';

/**
 * Checks the password a signed-in user re-enters (change-password, delete-account). Wrong guesses count
 * against the same per-username and per-address limits as sign-in, so a stolen access token cannot be
 * used to guess the password at leisure. Returns whether it matched.
 */
export class CurrentPasswordCheck {
  constructor(
    private readonly passwords: PasswordHasher,
    private readonly throttle: LoginThrottle,
  ) {}

  async matches(user: User, password: string, ip: string | null): Promise<boolean> {
    const attempt = { username: user.username, ip };
    await this.throttle.assertAllowed(attempt);
    const ok = await this.passwords.verify(password, user.passwordHash);
    if (!ok) await this.throttle.recordFailure(attempt);
    return ok;
  }
}
