import { DynamicModule, Global, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import Redis from 'ioredis';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { ActivityLog } from '@app/domain/activity/activity-log.port';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { AccessTokenVerifier } from '@app/domain/auth/access-token-verifier.port';
import { AuthenticateCaller } from '@app/domain/auth/authenticate-caller.use-case';
import { ApiRateLimiter, UnlimitedApiRate } from '@app/domain/auth/api-rate-limiter.port';
import { RedisApiRateLimiter } from '@app/infra/auth/redis-api-rate-limiter';
import { databaseName } from '@app/infra/database/data-source';
import { Clock, SystemClock } from '@app/domain/shared/clock.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { PasswordHasher, UserRepository } from '@app/domain/users/user.repository.port';
import { AppConfig } from '@app/infra/config/app-config';
import { createDataSource } from '@app/infra/database/data-source';
import { Database } from '@app/infra/database/database';
import { TypeormTransactionRunner } from '@app/infra/database/typeorm-transaction-runner';
import { TypeormAccountRepository } from '@app/infra/accounts/typeorm-account.repository';
import { TypeormUserRepository } from '@app/infra/users/typeorm-user.repository';
import { createActivityLog } from '@app/infra/webhooks/webhook-objects';
import { NodeSecretHasher } from '@app/infra/crypto/node-secret-hasher';
import { BcryptPasswordHasher } from '@app/infra/crypto/bcrypt-password-hasher';
import { SessionAccessTokenVerifier } from '@app/domain/auth/session-access-token-verifier';
import { DEFAULT_SESSION_POLICY } from '@app/domain/auth/session-tokens';
import { TypeormSessionRepository } from '@app/infra/auth/typeorm-session.repository';
import { APP_CONFIG } from './tokens';

@Injectable()
class CoreShutdown implements OnApplicationShutdown {
  constructor(
    private readonly dataSource: DataSource,
    private readonly redis: Redis,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/** Config, database, Redis, clock, hashing and the account/user/activity adapters every module uses. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DataSource, useFactory: () => createDataSource(config.databaseUrl).initialize() },
        { provide: Database, useFactory: (ds: DataSource) => new Database(ds), inject: [DataSource] },
        { provide: TransactionRunner, useFactory: (db: Database) => new TypeormTransactionRunner(db), inject: [Database] },
        {
          provide: Redis,
          useFactory: () => {
            const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
            redis.on('error', () => undefined); // reachability is reported by /health
            redis.connect().catch(() => undefined);
            return redis;
          },
        },
        { provide: Clock, useClass: SystemClock },
        { provide: SecretHasher, useClass: NodeSecretHasher },
        { provide: PasswordHasher, useFactory: () => new BcryptPasswordHasher(config.bcryptCost) },
        { provide: AccountRepository, useFactory: (db: Database) => new TypeormAccountRepository(db), inject: [Database] },
        { provide: UserRepository, useFactory: (db: Database) => new TypeormUserRepository(db), inject: [Database] },
        { provide: ActivityLog, useFactory: (db: Database, clock: Clock) => createActivityLog(db, clock), inject: [Database, Clock] },
        { provide: ActivityRecorder, useFactory: (log: ActivityLog, clock: Clock) => new ActivityRecorder(log, clock), inject: [ActivityLog, Clock] },
        {
          provide: AccessTokenVerifier,
          useFactory: (db: Database, s: SecretHasher, clock: Clock) =>
            new SessionAccessTokenVerifier(new TypeormSessionRepository(db), s, clock, DEFAULT_SESSION_POLICY),
          inject: [Database, SecretHasher, Clock],
        },
        {
          provide: AuthenticateCaller,
          useFactory: (a: AccountRepository, s: SecretHasher, t: AccessTokenVerifier) => new AuthenticateCaller(a, s, t),
          inject: [AccountRepository, SecretHasher, AccessTokenVerifier],
        },
        {
          provide: ApiRateLimiter,
          useFactory: (redis: Redis) =>
            config.rateLimit
              ? new RedisApiRateLimiter(redis, {
                  perSecond: config.apiRatePerSecond,
                  burst: config.apiRateBurst,
                  keyPrefix: `ratelimit:${databaseName(config.databaseUrl)}:`,
                })
              : new UnlimitedApiRate(),
          inject: [Redis],
        },
        CoreShutdown,
      ],
      exports: [
        APP_CONFIG,
        DataSource,
        Database,
        TransactionRunner,
        Redis,
        Clock,
        SecretHasher,
        PasswordHasher,
        AccountRepository,
        UserRepository,
        ActivityLog,
        ActivityRecorder,
        AccessTokenVerifier,
        AuthenticateCaller,
        ApiRateLimiter,
      ],
    };
  }
}
