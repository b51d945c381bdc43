import { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { RelayActivity } from '@app/domain/activity-relay/relay-activity.use-case';
import { Clock } from '@app/domain/shared/clock.port';
import { DispatchWebhooks } from '@app/domain/webhooks/dispatch-webhooks.use-case';
import { WebhookTransport } from '@app/domain/webhooks/webhook.ports';
import { ActivityRelayInfraModule } from '@app/infra/activity-relay/activity-relay-infra.module';
import { AppConfig } from '@app/infra/config/app-config';
import { CoreInfraModule } from '@app/infra/core/core-infra.module';
import { ContractModule } from '@app/contract/contract.module';

/** The worker's activity relay and webhook dispatcher, driven by the test instead of the schedules. */
export interface RelayContext {
  relay: RelayActivity;
  dispatch: DispatchWebhooks;
  close(): Promise<void>;
}

/**
 * Binds the relay and the dispatcher as the worker does (the modules of libs/infra), on the test's
 * database, with `clock` in place of the system clock when given (retry schedules, retention), and
 * `transport` in place of the one the config makes when given (a host resolver of the test's own).
 */
export async function startRelayContext(config: AppConfig, clock?: Clock, transport?: WebhookTransport): Promise<RelayContext> {
  let builder = Test.createTestingModule({ imports: [CoreInfraModule.forRoot(config, { poolSize: 4 }), ContractModule, ActivityRelayInfraModule] });
  if (clock) builder = builder.overrideProvider(Clock).useValue(clock);
  if (transport) builder = builder.overrideProvider(WebhookTransport).useValue(transport);
  const app: INestApplicationContext = await (await builder.compile()).init();
  return { relay: app.get(RelayActivity), dispatch: app.get(DispatchWebhooks), close: () => app.close() };
}
