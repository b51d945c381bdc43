import { DynamicModule, Global, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_INTERCEPTOR, Reflector } from '@nestjs/core';
import Redis from 'ioredis';
import { openRedis } from '@app/infra/redis/redis-connection';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { AccessTokenVerifier } from '@app/domain/auth/access-token-verifier.port';
import { AuthenticateCaller } from '@app/domain/auth/authenticate-caller.use-case';
import { ApiRateLimiter, UnlimitedApiRate } from '@app/domain/auth/api-rate-limiter.port';
import { RedisApiRateLimiter } from '@app/infra/auth/redis-api-rate-limiter';
import { databaseName } from '@app/infra/database/data-source';
import { Clock } from '@app/domain/shared/clock.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { PasswordHasher, UserRepository } from '@app/domain/users/user.repository.port';
import { AppConfig } from '@app/infra/config/app-config';
import { Database } from '@app/infra/database/database';
import { TypeormUserRepository } from '@app/infra/users/typeorm-user.repository';
import { BcryptPasswordHasher } from '@app/infra/crypto/bcrypt-password-hasher';
import { SessionAccessTokenVerifier } from '@app/domain/auth/session-access-token-verifier';
import { DEFAULT_SESSION_POLICY } from '@app/domain/auth/session-tokens';
import { TypeormSessionRepository } from '@app/infra/auth/typeorm-session.repository';
import { CoreInfraModule } from '@app/infra/core/core-infra.module';
import { ContractModule } from '@app/contract/contract.module';
import { PdfRendererInfraModule } from '@app/infra/pdf/pdf-renderer-infra.module';
import { make, bind, factory } from '@app/infra/core/providers';
import { ReplicaReads } from '../common/replica-reads';

@Injectable()
class RedisShutdown implements OnApplicationShutdown {
  constructor(private readonly redis: Redis) {}

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}

/**
 * The API's own core on top of CoreInfraModule (config, database, clock, hashing, account and activity
 * adapters, shared with the worker) and the page pool: Redis for rate limits, passwords, users and the
 * authentication of callers.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      imports: [CoreInfraModule.forRoot(config), ContractModule, PdfRendererInfraModule.forRoot('per-account')],
      providers: [
        {
          provide: Redis,
          useFactory: () => {
            const redis = openRedis(config.redis, { maxRetriesPerRequest: 1, lazyConnect: true });
            redis.on('error', () => undefined); // reachability is reported by /health
            redis.connect().catch(() => undefined);
            return redis;
          },
        },
        { provide: PasswordHasher, useFactory: () => new BcryptPasswordHasher(config.bcryptCost) },
        bind(UserRepository, TypeormUserRepository, [Database]),
        factory(
          AccessTokenVerifier,
          [Database, SecretHasher, Clock],
          (db: Database, s: SecretHasher, clock: Clock) => new SessionAccessTokenVerifier(new TypeormSessionRepository(db), s, clock, DEFAULT_SESSION_POLICY),
        ),
        make(AuthenticateCaller, [AccountRepository, SecretHasher, AccessTokenVerifier]),
        factory(ApiRateLimiter, [Redis], (redis: Redis) =>
          config.rateLimit
            ? new RedisApiRateLimiter(redis, {
                perSecond: config.apiRatePerSecond,
                burst: config.apiRateBurst,
                timePerSecondMs: config.apiTimePerSecondMs,
                timeBurstMs: config.apiTimeBurstMs,
                keyPrefix: `ratelimit:${databaseName(config.databaseUrl)}:`,
              })
            : new UnlimitedApiRate(),
        ),
        RedisShutdown,
        ...(config.databaseReplicaUrls.length
          ? [
              factory(
                APP_INTERCEPTOR,
                [Reflector, Database, Redis],
                (reflector: Reflector, db: Database, redis: Redis) =>
                  new ReplicaReads(reflector, db, redis, {
                    maxLagSeconds: config.replicaMaxLagSeconds,
                    keyPrefix: `replica-reads:${databaseName(config.databaseUrl)}:wrote:`,
                  }),
              ),
            ]
          : []),
      ],
      exports: [Redis, PasswordHasher, UserRepository, AccessTokenVerifier, AuthenticateCaller, ApiRateLimiter],
    };
  }
}
