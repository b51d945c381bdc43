import { Account } from '../shared/account';
import { DeletedAccounts } from '../accounts/deleted-accounts.port';
import { ActivityRecorder } from '../activity/activity-recorder';
import { Clock } from '../shared/clock.port';
import { Forbidden, Unauthorized, ValidationFailed } from '../shared/domain-error';
import { Principal } from '../shared/principal';
import { TransactionRunner } from '../shared/transaction.port';
import { UserRepository } from '../users/user.repository.port';
import { CurrentPasswordCheck } from './current-password';
import { mobileCaller } from './mobile-caller';
import { SessionRepository } from './session.repository.port';

export const DELETE_CONFIRMATION = 'DELETE';

export interface DeleteAccountInput {
  password: string;
  /** When sent, it must be exactly "DELETE". */
  confirmation?: string | null;
  ip: string | null;
}

/**
 * The account owner closes the business account: the account is soft-deleted (GST documents are kept),
 * every session is revoked and the API key stops working. Sub-users cannot do it.
 */
export class DeleteAccount {
  constructor(
    private readonly users: UserRepository,
    private readonly deletedAccounts: DeletedAccounts,
    private readonly sessions: SessionRepository,
    private readonly current: CurrentPasswordCheck,
    private readonly activity: ActivityRecorder,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, account: Account, input: DeleteAccountInput): Promise<{ revokedSessions: number }> {
    const me = mobileCaller(principal);
    const user = await this.users.findById(me.accountId, me.userId);
    if (!user) throw new Unauthorized('The access token is not valid or has expired.');
    if (!user.isOwner) throw new Forbidden('Only the account owner can delete the business account.');

    const errors: Record<string, string> = {};
    if (input.confirmation !== undefined && input.confirmation !== null && input.confirmation !== DELETE_CONFIRMATION) {
      errors.confirmation = `must be "${DELETE_CONFIRMATION}" when sent`;
    }
    if (!(await this.current.matches(user, input.password, input.ip))) errors.password = 'is not correct';
    if (Object.keys(errors).length) throw new ValidationFailed(errors);

    const now = this.clock.now();
    return this.tx.run(async () => {
      await this.deletedAccounts.markDeleted(me.accountId, now);
      const revokedSessions = await this.sessions.revokeForAccount(me.accountId, 'account_deleted', now);
      await this.activity.deleted(principal, 'account', me.accountId, account.businessName);
      return { revokedSessions };
    });
  }
}
