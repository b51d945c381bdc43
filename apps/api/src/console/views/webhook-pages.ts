/** Webhook endpoints, their secrets and delivery logs. */
export const WEBHOOK_VIEWS: Record<string, string> = {
  webhooks: `{{#if endpoints.length}}<table>
<caption>Endpoints</caption>
<thead><tr><th scope="col">URL</th><th scope="col">Events</th><th scope="col">State</th></tr></thead>
<tbody>{{#each endpoints}}<tr><td><a href="/console/webhooks/{{id}}">{{url}}</a></td><td>{{events}}</td><td>{{#if enabled}}Enabled{{else}}Disabled{{/if}}</td></tr>{{/each}}</tbody>
</table>{{else}}<p>No endpoint yet.</p>{{/if}}
<h2>Add an endpoint</h2>
<form method="post" action="/console/webhooks" class="card">
  {{> csrf}}
  {{> input name="url" label="URL" type="url" value=form.url autocomplete="url" required=true hint="HTTPS, on a public address."}}
  {{> input name="description" label="Description (optional)" value=form.description autocomplete="off"}}
  {{> input name="events" label="Events" value=form.events autocomplete="off" required=true hint="Comma-separated event types; * for every event, invoice.* for a family."}}
  <button type="submit">Add the endpoint</button>
</form>`,
  webhook: `{{#if secret}}<div class="notice" role="status"><p>The signing secret, shown only this once:</p>
<div class="copy"><label class="sr" for="secret">Signing secret</label><input id="secret" readonly value="{{secret}}" autocomplete="off"><button type="button" data-copy="secret">Copy</button></div></div>{{/if}}
<dl class="facts">
  <dt>URL</dt><dd>{{endpoint.url}}</dd>
  <dt>Events</dt><dd>{{endpoint.events}}</dd>
  <dt>State</dt><dd>{{#if endpoint.enabled}}Enabled{{else}}Disabled{{#if endpoint.disabledReason}} ({{endpoint.disabledReason}}){{/if}}{{/if}}</dd>
</dl>
<div class="actions">
<form method="post" action="/console/webhooks/{{endpoint.id}}/rotate-secret">{{> csrf}}<button type="submit">Rotate the secret</button></form>
<form method="post" action="/console/webhooks/{{endpoint.id}}/{{#if endpoint.enabled}}disable{{else}}enable{{/if}}">{{> csrf}}<button type="submit">{{#if endpoint.enabled}}Disable{{else}}Enable{{/if}}</button></form>
</div>
<h2>Deliveries</h2>
{{#if deliveries.length}}<table>
<caption>Latest deliveries</caption>
<thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Answer</th><th scope="col">When</th><th scope="col"><span class="sr">Action</span></th></tr></thead>
<tbody>{{#each deliveries}}<tr><td>{{eventType}}</td><td class="status-{{status}}">{{status}}</td><td>{{#if responseStatus}}{{responseStatus}}{{else}}—{{/if}}</td><td>{{occurredAt}}</td>
<td><form method="post" action="/console/webhooks/{{../endpoint.id}}/deliveries/{{id}}/redeliver">{{> csrf}}<button type="submit" class="small">Redeliver</button></form></td></tr>{{/each}}</tbody>
</table>{{else}}<p>No delivery yet.</p>{{/if}}`,
};
