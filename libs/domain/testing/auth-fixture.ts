import { DEFAULT_PLAN_POLICY, PlanPolicy } from '../src/accounts/plan';
import { ActivityRecorder } from '../src/activity/activity-recorder';
import { ChangePassword } from '../src/auth/change-password.use-case';
import { CurrentPasswordCheck } from '../src/auth/current-password';
import { DeleteAccount } from '../src/auth/delete-account.use-case';
import { SessionOpening } from '../src/auth/session-opening';
import { SignInCheck } from '../src/auth/sign-in-check';
import { LoginUseCase } from '../src/auth/login.use-case';
import { RefreshSession } from '../src/auth/refresh-session.use-case';
import { SessionAccessTokenVerifier } from '../src/auth/session-access-token-verifier';
import { DEFAULT_SESSION_POLICY } from '../src/auth/session-tokens';
import { SessionsService } from '../src/auth/sessions.service';
import { PERMISSION_KEYS, PermissionKey, Principal } from '../src/shared/principal';
import { UserCredentials } from '../src/users/user-credentials';
import { SubUsersService } from '../src/users/sub-users.service';
import {
  DirectTransactionRunner,
  FixedClock,
  InMemoryAccountRepository,
  InMemoryActivityLog,
  InMemoryDeletedAccounts,
  InMemoryLoginThrottle,
  TestSecretHasher,
  testAccount,
} from './fakes';
import { InMemorySessionRepository } from './in-memory-session.repository';
import { FakePasswordHasher, InMemoryUserAdminRepository, InMemoryUserRepository } from './in-memory-users';

/** The auth use cases wired to in-memory fakes, with helpers to add accounts and users. */
export function authFixture(options: { plans?: PlanPolicy; maxFailuresPerUser?: number; maxFailuresPerIp?: number } = {}) {
  const clock = new FixedClock();
  const secrets = new TestSecretHasher();
  const passwords = new FakePasswordHasher();
  const accounts = new InMemoryAccountRepository();
  const users = new InMemoryUserRepository();
  const userAdmin = new InMemoryUserAdminRepository(users);
  const sessions = new InMemorySessionRepository(users.permissionsOf);
  const throttle = new InMemoryLoginThrottle(options.maxFailuresPerUser, options.maxFailuresPerIp);
  const tx = new DirectTransactionRunner();
  const activityLog = new InMemoryActivityLog();
  const activity = new ActivityRecorder(activityLog, clock);
  const plans = options.plans ?? DEFAULT_PLAN_POLICY;
  const policy = DEFAULT_SESSION_POLICY;
  const current = new CurrentPasswordCheck(passwords, throttle);

  const login = new LoginUseCase(
    new SignInCheck(users, passwords, secrets, throttle),
    accounts,
    new SessionOpening(sessions, plans, secrets, policy),
    tx,
    clock,
    activityLog,
  );
  const refresh = new RefreshSession(sessions, accounts, users, secrets, clock, policy);
  const verifier = new SessionAccessTokenVerifier(sessions, secrets, clock, policy);
  const sessionsService = new SessionsService(sessions, secrets, clock);
  const changePassword = new ChangePassword(users, userAdmin, sessions, passwords, current, tx, clock);
  const deleteAccount = new DeleteAccount(users, new InMemoryDeletedAccounts(accounts), sessions, current, activity, tx, clock);
  const subUsers = new SubUsersService(users, userAdmin, new UserCredentials(userAdmin, passwords, sessions), tx, clock, plans, activity);

  let nextAccount = 1;
  return {
    clock,
    secrets,
    passwords,
    accounts,
    users,
    userAdmin,
    sessions,
    throttle,
    activityLog,
    login,
    refresh,
    verifier,
    sessionsService,
    changePassword,
    deleteAccount,
    subUsers,
    /** An account with an owner user holding every permission. */
    addAccount(plan: 'free' | 'pro' = 'pro', username = `owner${nextAccount}`, password = 'Str0ng!pass') {
      const account = accounts.put(testAccount({ id: nextAccount++, plan }));
      const userId = users.add(account.id, { username, passwordHash: `plain:${password}`, permissions: [...PERMISSION_KEYS], isOwner: true });
      return { account, userId, username, password };
    },
    addUser(accountId: number, username: string, password: string, permissions: PermissionKey[]) {
      return users.add(accountId, { username, passwordHash: `plain:${password}`, permissions, isOwner: false });
    },
    /** The principal an access token resolves to, as AuthenticateCaller builds it. */
    async principalOf(accessToken: string): Promise<Principal | null> {
      const claims = await verifier.verify(accessToken);
      return claims && { accountId: claims.accountId, kind: 'user', userId: claims.userId, sessionId: claims.sessionId, permissions: claims.permissions };
    },
  };
}
