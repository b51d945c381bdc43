import { ValidationFailed } from '@app/domain/shared/domain-error';
import type { WebhookEndpoint } from '@app/domain/webhooks/webhook.ports';
import type { WebhooksService } from '@app/domain/webhooks/webhooks.service';
import { field, formOf } from './console-http';
import type { ConsoleKit, Route } from './console-kit';
import type { SignedIn } from './console-sessions';
import { idParam } from './routes-account';

const shown = (e: WebhookEndpoint) => ({ id: e.id, url: e.url, events: e.events.join(', '), enabled: e.enabled, disabledReason: e.disabledReason });

/** Webhook endpoints (permission `integrations`, as `/v1/webhooks` asks): add, the secret once, rotate, disable, deliveries. */
export function webhookRoutes(route: Route, kit: ConsoleKit, webhooks: WebhooksService): void {
  const PERMISSION = 'integrations' as const;

  const endpointPage = async (me: SignedIn, id: number, secret?: string) => {
    const endpoint = await webhooks.get(me.caller, id);
    const deliveries = await webhooks.deliveries(me.caller, id, { limit: 50, offset: 0 });
    const rows = deliveries.rows.map((d) => ({ ...d, occurredAt: d.occurredAt.toISOString().slice(0, 19).replace('T', ' ') }));
    return kit.page('webhook', { title: 'Webhook endpoint', csrf: '', endpoint: shown(endpoint), deliveries: rows, secret }, me);
  };

  route('get', '/console/webhooks', async (req) => {
    const me = await kit.signedIn(req, PERMISSION);
    const endpoints = (await webhooks.list(me.caller)).map(shown);
    return kit.page('webhooks', { title: 'Webhooks', csrf: '', endpoints, form: { events: '*' } }, me);
  });
  route('post', '/console/webhooks', async (req) => {
    const form = formOf(req);
    const me = await kit.signedInPost(req, form, PERMISSION);
    const input = { url: field(form, 'url').trim(), description: field(form, 'description').trim() || null, events: field(form, 'events') };
    const events = input.events
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    try {
      const { endpoint, secret } = await webhooks.create(me.caller, { url: input.url, description: input.description, events });
      return endpointPage(me, endpoint.id, secret);
    } catch (error) {
      if (!(error instanceof ValidationFailed)) throw error;
      const endpoints = (await webhooks.list(me.caller)).map(shown);
      const context = { title: 'Webhooks', csrf: '', endpoints, form: input, problem: 'Please correct the form.', problems: kit.problemsOf(error) };
      return kit.page('webhooks', context, me, 400);
    }
  });
  route('get', '/console/webhooks/:id', async (req) => {
    const me = await kit.signedIn(req, PERMISSION);
    return endpointPage(me, idParam(req, 'id'));
  });
  route('post', '/console/webhooks/:id/rotate-secret', async (req) => {
    const me = await kit.signedInPost(req, formOf(req), PERMISSION);
    const id = idParam(req, 'id');
    const { secret } = await webhooks.rotateSecret(me.caller, id);
    return endpointPage(me, id, secret);
  });
  for (const [action, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    route('post', `/console/webhooks/:id/${action}`, async (req) => {
      const me = await kit.signedInPost(req, formOf(req), PERMISSION);
      const id = idParam(req, 'id');
      await webhooks.update(me.caller, id, { enabled });
      return { redirect: `/console/webhooks/${id}` };
    });
  }
  route('post', '/console/webhooks/:id/deliveries/:delivery_id/redeliver', async (req) => {
    const me = await kit.signedInPost(req, formOf(req), PERMISSION);
    const id = idParam(req, 'id');
    await webhooks.redeliver(me.caller, id, idParam(req, 'delivery_id'));
    return { redirect: `/console/webhooks/${id}` };
  });
}
