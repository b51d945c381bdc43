import { Provider } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { IdempotencyInterceptor } from './idempotency.interceptor';

/** The Idempotency-Key interceptor, global; its use case comes from IdempotencyModule of libs/infra. */
export const IDEMPOTENCY_PROVIDERS: Provider[] = [{ provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor }];
