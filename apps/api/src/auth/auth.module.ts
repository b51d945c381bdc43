import { Module } from '@nestjs/common';
import Redis from 'ioredis';
import { isCluster, taggedPrefix } from '@app/infra/redis/redis-connection';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { DeletedAccounts } from '@app/domain/accounts/deleted-accounts.port';
import { ActivityLog } from '@app/domain/activity/activity-log.port';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { ChangePassword } from '@app/domain/auth/change-password.use-case';
import { CurrentPasswordCheck } from '@app/domain/auth/current-password';
import { GetCurrentUser } from '@app/domain/auth/current-user.use-case';
import { DeleteAccount } from '@app/domain/auth/delete-account.use-case';
import { LoginThrottle, UnlimitedLoginThrottle } from '@app/domain/auth/login-throttle.port';
import { SessionOpening } from '@app/domain/auth/session-opening';
import { SignInCheck } from '@app/domain/auth/sign-in-check';
import { LoginUseCase } from '@app/domain/auth/login.use-case';
import { RefreshSession } from '@app/domain/auth/refresh-session.use-case';
import { SessionRepository } from '@app/domain/auth/session.repository.port';
import { DEFAULT_SESSION_POLICY } from '@app/domain/auth/session-tokens';
import { SessionsService } from '@app/domain/auth/sessions.service';
import { Clock } from '@app/domain/shared/clock.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { UserAdminRepository } from '@app/domain/users/user-admin.repository.port';
import { PasswordHasher, UserRepository } from '@app/domain/users/user.repository.port';
import { SqlDeletedAccounts } from '@app/infra/accounts/sql-deleted-accounts';
import { loginThrottlePrefix, RedisLoginThrottle } from '@app/infra/auth/redis-login-throttle';
import { TypeormSessionRepository } from '@app/infra/auth/typeorm-session.repository';
import { AppConfig } from '@app/infra/config/app-config';
import { databaseName } from '@app/infra/database/data-source';
import { Database } from '@app/infra/database/database';
import { TypeormUserAdminRepository } from '@app/infra/users/typeorm-user-admin.repository';
import { APP_CONFIG } from '../core/tokens';
import { AuthController } from './auth.controller';
import { make, bind, factory } from '@app/infra/core/providers';

const policy = DEFAULT_SESSION_POLICY;

/** Mobile sign-in, tokens, sessions, change-password and delete-account (`/v1/auth`). */
@Module({
  controllers: [AuthController],
  providers: [
    bind(SessionRepository, TypeormSessionRepository, [Database]),
    bind(UserAdminRepository, TypeormUserAdminRepository, [Database]),
    bind(DeletedAccounts, SqlDeletedAccounts, [Database]),
    factory(LoginThrottle, [APP_CONFIG, Redis], (config: AppConfig, redis: Redis) =>
      config.rateLimit
        ? new RedisLoginThrottle(redis, {
            prefix: isCluster(config.redis)
              ? taggedPrefix(config.redis, 'ratelimit:login:', databaseName(config.databaseUrl))
              : loginThrottlePrefix(databaseName(config.databaseUrl)),
            maxFailuresPerUser: config.loginMaxFailuresPerUser,
            maxFailuresPerIp: config.loginMaxFailuresPerIp,
            windowSeconds: config.loginFailureWindowSeconds,
          })
        : new UnlimitedLoginThrottle(),
    ),
    make(CurrentPasswordCheck, [PasswordHasher, LoginThrottle]),
    make(SignInCheck, [UserRepository, PasswordHasher, SecretHasher, LoginThrottle]),
    factory(
      SessionOpening,
      [SessionRepository, APP_CONFIG, SecretHasher],
      (sessions: SessionRepository, config: AppConfig, secrets: SecretHasher) => new SessionOpening(sessions, config.plans, secrets, policy),
    ),
    factory(
      LoginUseCase,
      [SignInCheck, AccountRepository, SessionOpening, TransactionRunner, Clock, ActivityLog],
      async (check: SignInCheck, accounts: AccountRepository, opening: SessionOpening, tx: TransactionRunner, clock: Clock, activity: ActivityLog) => {
        const login = new LoginUseCase(check, accounts, opening, tx, clock, activity);
        await login.warmUp();
        return login;
      },
    ),
    factory(
      RefreshSession,
      [SessionRepository, AccountRepository, UserRepository, SecretHasher, Clock],
      (s: SessionRepository, a: AccountRepository, u: UserRepository, secrets: SecretHasher, clock: Clock) =>
        new RefreshSession(s, a, u, secrets, clock, policy),
    ),
    make(SessionsService, [SessionRepository, SecretHasher, Clock]),
    make(ChangePassword, [UserRepository, UserAdminRepository, SessionRepository, PasswordHasher, CurrentPasswordCheck, TransactionRunner, Clock]),
    make(DeleteAccount, [UserRepository, DeletedAccounts, SessionRepository, CurrentPasswordCheck, ActivityRecorder, TransactionRunner, Clock]),
    make(GetCurrentUser, [UserRepository]),
  ],
  exports: [SessionRepository, UserAdminRepository],
})
export class AuthModule {}
