import { Global, Module } from '@nestjs/common';
import { Clock } from '@app/domain/shared/clock.port';
import { ResourceObjects, ResourceObjectSources } from '@app/domain/webhooks/resource-objects';
import { ApiResourceObjects } from './webhooks/api-resource-objects';
import { bind } from '@app/infra/core/providers';

/**
 * What the contract binds for every process that shows records as the API does (API and worker): the webhook
 * objects. Global like CoreInfraModule, whose repositories (ResourceObjectSources) and activity log it serves.
 */
@Global()
@Module({
  providers: [bind(ResourceObjects, ApiResourceObjects, [ResourceObjectSources, Clock])],
  exports: [ResourceObjects],
})
export class ContractModule {}
