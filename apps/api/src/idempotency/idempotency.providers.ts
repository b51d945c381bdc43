import { Provider } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { IdempotentRequests } from '@app/domain/idempotency/idempotent-requests.use-case';
import { Clock } from '@app/domain/shared/clock.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { Database } from '@app/infra/database/database';
import { SqlIdempotencyStore } from '@app/infra/idempotency/sql-idempotency-store';
import { SecretBox } from '@app/infra/crypto/secret-box';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '../core/tokens';
import { IdempotencyInterceptor } from './idempotency.interceptor';

/** The Idempotency-Key interceptor, global, with its use case. */
export const IDEMPOTENCY_PROVIDERS: Provider[] = [
  {
    provide: IdempotentRequests,
    useFactory: (db: Database, hasher: SecretHasher, clock: Clock, config: AppConfig) =>
      new IdempotentRequests(new SqlIdempotencyStore(db, new SecretBox(config.encryptionKey)), hasher, clock),
    inject: [Database, SecretHasher, Clock, APP_CONFIG],
  },
  { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
];
