import { Module } from '@nestjs/common';
import { IdempotencyInfraModule } from '@app/infra/idempotency/idempotency-infra.module';
import { WebhooksInfraModule } from '@app/infra/webhooks/webhooks-infra.module';
import { IdempotencyKeysPurgeSchedule } from './idempotency-keys-purge.schedule';
import { WebhookDispatchSchedule } from './webhook-dispatch.schedule';

/** The worker's side of the integrator features: sending outbound webhooks and removing expired idempotency keys. */
@Module({
  imports: [WebhooksInfraModule, IdempotencyInfraModule],
  providers: [WebhookDispatchSchedule, IdempotencyKeysPurgeSchedule],
})
export class IntegrationsWorkerModule {}
