import { Module } from '@nestjs/common';
import { ActivityRelayInfraModule } from '@app/infra/activity-relay/activity-relay-infra.module';
import { ActivityRelaySchedule } from './activity-relay.schedule';
import { NotificationsPurgeSchedule } from './notifications-purge.schedule';
import { PushProcessor } from './push.processor';

/** The worker's notification side: the activity relay, push delivery with its outbox sweeper, and the daily retention clean-up. */
@Module({
  imports: [ActivityRelayInfraModule],
  providers: [PushProcessor, ActivityRelaySchedule, NotificationsPurgeSchedule],
})
export class NotificationsWorkerModule {}
