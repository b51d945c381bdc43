import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import Redis from 'ioredis';
import { from, Observable, switchMap, tap } from 'rxjs';
import type { Caller } from '@app/domain/shared/caller';
import { Database } from '@app/infra/database/database';

const READS_REPLICA = 'database:reads-replica';

/**
 * Marks a read that may be served by a read replica (lists, analytics, exports, statements): it tolerates data a
 * few seconds old, except the caller's own writes (see ReplicaReads). Only GET handlers that write nothing
 * outside a transaction may carry it: a replica refuses writes.
 */
export const ReadsReplica = () => SetMetadata(READS_REPLICA, true);

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Sends the reads of @ReadsReplica handlers to a replica, and keeps read-your-writes: every request of an account
 * that may write (any method but GET, HEAD and OPTIONS) marks the account in Redis for REPLICA_MAX_LAG_S, when it
 * starts and again when it ends; while marked, the account's reads go to the primary. Replicas further behind than
 * that bound are skipped (ReplicaSet), so once the mark expires every replica in use holds the write. The mark is
 * in Redis, so it holds across API processes. Installed only when DATABASE_REPLICA_URLS names replicas.
 */
@Injectable()
export class ReplicaReads implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly db: Database,
    private readonly redis: Redis,
    private readonly options: { maxLagSeconds: number; keyPrefix: string },
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<{ method: string; caller?: Caller }>();
    const accountId = req.caller?.account.id;
    if (accountId === undefined) return next.handle();
    const key = `${this.options.keyPrefix}${accountId}`;
    if (!SAFE.has(req.method)) {
      const mark = () => this.redis.set(key, '1', 'EX', this.options.maxLagSeconds).catch(() => undefined);
      return from(mark()).pipe(
        switchMap(() => next.handle()),
        tap({ finalize: () => void mark() }),
      );
    }
    if (!this.reflector.get<boolean>(READS_REPLICA, context.getHandler())) return next.handle();
    return from(this.redis.exists(key).catch(() => 1)).pipe(
      switchMap((wroteLately) =>
        wroteLately ? next.handle() : new Observable((subscriber) => this.db.readFromReplica(() => next.handle().subscribe(subscriber))),
      ),
    );
  }
}
