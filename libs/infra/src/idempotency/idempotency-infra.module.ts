import { Module } from '@nestjs/common';
import { IdempotencyStore } from '@app/domain/idempotency/idempotency-store.port';
import { IdempotentRequests, PurgeIdempotencyKeys } from '@app/domain/idempotency/idempotent-requests.use-case';
import { Clock } from '@app/domain/shared/clock.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { bind, make } from '../core/providers';
import { SecretBox } from '../crypto/secret-box';
import { Database } from '../database/database';
import { SqlIdempotencyStore } from './sql-idempotency-store';

/** Idempotency keys (answers stored sealed): the API replays with them, the worker removes the expired ones. */
@Module({
  providers: [
    bind(IdempotencyStore, SqlIdempotencyStore, [Database, SecretBox]),
    make(IdempotentRequests, [IdempotencyStore, SecretHasher, Clock]),
    make(PurgeIdempotencyKeys, [IdempotencyStore, Clock]),
  ],
  exports: [IdempotentRequests, PurgeIdempotencyKeys],
})
export class IdempotencyInfraModule {}
