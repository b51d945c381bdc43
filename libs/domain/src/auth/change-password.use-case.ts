import { Clock } from '../shared/clock.port';
import { constantTimeEqual } from '../shared/constant-time';
import { Unauthorized, ValidationFailed } from '../shared/domain-error';
import { Principal } from '../shared/principal';
import { TransactionRunner } from '../shared/transaction.port';
import { UserAdminRepository } from '../users/user-admin.repository.port';
import { PasswordHasher, UserRepository } from '../users/user.repository.port';
import { CurrentPasswordCheck } from './current-password';
import { mobileCaller } from './mobile-caller';
import { meetsPasswordPolicy, newPasswordProblem } from './password-policy';
import { SessionRepository } from './session.repository.port';

/** The change-password command, and the address it came from (for the sign-in throttle). */
export interface ChangePasswordInput {
  currentPassword: string;
  password: string;
  confirmPassword: string;
  ip: string | null;
}

export interface ChangePasswordResult {
  passwordUpgradeRequired: boolean;
  /** Other sessions of the user that were signed out. */
  revokedSessions: number;
}

/**
 * Changes the caller's password under the policy. Every other session of the user is revoked (a thief
 * holding a copied token is signed out); the session that made the change stays signed in.
 */
export class ChangePassword {
  constructor(
    private readonly users: UserRepository,
    private readonly userAdmin: UserAdminRepository,
    private readonly sessions: SessionRepository,
    private readonly passwords: PasswordHasher,
    private readonly current: CurrentPasswordCheck,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, input: ChangePasswordInput): Promise<ChangePasswordResult> {
    const me = mobileCaller(principal);
    const user = await this.users.findById(me.accountId, me.userId);
    if (!user) throw new Unauthorized('The access token is not valid or has expired.');

    const errors: Record<string, string> = {};
    const problem = newPasswordProblem(input.password);
    if (problem) errors.password = problem;
    if (!constantTimeEqual(input.confirmPassword, input.password)) errors.confirmPassword = 'must equal password';
    if (!(await this.current.matches(user, input.currentPassword, input.ip))) {
      errors.currentPassword = 'is not correct';
    } else if (!errors.password && constantTimeEqual(input.currentPassword, input.password)) {
      errors.password = 'must differ from the current password';
    }
    if (Object.keys(errors).length) throw new ValidationFailed(errors);

    const hash = await this.passwords.hash(input.password);
    const now = this.clock.now();
    const revokedSessions = await this.tx.run(async () => {
      await this.userAdmin.setPassword(me.accountId, me.userId, hash, now);
      return this.sessions.revokeForUser(me.accountId, me.userId, 'password_changed', now, me.sessionId);
    });
    return { passwordUpgradeRequired: !meetsPasswordPolicy(input.password), revokedSessions };
  }
}
