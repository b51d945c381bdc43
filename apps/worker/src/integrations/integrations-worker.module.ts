import { Module } from '@nestjs/common';
import { IdempotencyModule } from '@app/infra/idempotency/idempotency.module';
import { WebhookAdaptersModule } from '@app/infra/webhooks/webhook-adapters.module';
import { IdempotencyKeysPurgeSchedule } from './idempotency-keys-purge.schedule';
import { WebhookDispatchSchedule } from './webhook-dispatch.schedule';

/** The worker's side of the integrator features: sending outbound webhooks and removing expired idempotency keys. */
@Module({
  imports: [WebhookAdaptersModule, IdempotencyModule],
  providers: [WebhookDispatchSchedule, IdempotencyKeysPurgeSchedule],
})
export class IntegrationsWorkerModule {}
