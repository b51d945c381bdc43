/** Plan and usage, the API key, the team. */
export const ACCOUNT_VIEWS: Record<string, string> = {
  home: `<dl class="facts">
  <dt>Business</dt><dd>{{business}}</dd>
  <dt>Plan</dt><dd>{{plan.label}}</dd>
  <dt>Expires</dt><dd>{{#if plan.expiresAt}}{{plan.expiresAt}} UTC{{else}}Never{{/if}}</dd>
  <dt>Documents this month</dt><dd>{{usage.used}}{{#if usage.limit}} of {{usage.limit}} (Free plan limit){{/if}}</dd>
</dl>
{{#if usage.limit}}<meter min="0" max="{{usage.limit}}" value="{{usage.used}}" aria-label="Documents used this month">{{usage.used}}</meter>{{/if}}`,
  'api-key': `<p>Integrations call the API with this key in the <code>Authorization: Bearer</code> or <code>X-API-Key</code> header.</p>
<dl class="facts">
  <dt>Current key</dt><dd><code>{{#if masked}}{{masked}}{{else}}None{{/if}}</code></dd>
  <dt>Created</dt><dd>{{#if createdAt}}{{createdAt}} UTC{{else}}—{{/if}}</dd>
</dl>
<form method="post" action="/console/api-key/rotate" class="card">
  {{> csrf}}
  <p>A new key replaces the current one at once: every integration still using the old key gets 401 until it has the new one.</p>
  <div class="check"><input type="checkbox" id="f-confirm" name="confirm" value="yes" required><label for="f-confirm">I understand that the current key stops working now</label></div>
  <button type="submit" class="danger">Create a new key</button>
</form>`,
  'api-key-new': `<p class="notice" role="status">Your new API key. It is shown only this once: copy it now and keep it in a secret store.</p>
<div class="field">
  <label for="new-key">API key</label>
  <div class="copy"><input id="new-key" readonly value="{{apiKey}}" autocomplete="off"><button type="button" data-copy="new-key">Copy</button></div>
</div>
<h2>Try it</h2>
<pre id="curl"><code>curl -H "Authorization: Bearer {{apiKey}}" {{baseUrl}}/v1/me</code></pre>
<button type="button" data-copy-text="curl">Copy the command</button>
<p><a href="/console/api-key">Done</a></p>`,
  team: `<table>
<caption>Users of {{business}}</caption>
<thead><tr><th scope="col">Username</th><th scope="col">Role</th><th scope="col">Permissions</th></tr></thead>
<tbody>
{{#each users}}<tr><td>{{#if owner}}{{username}}{{else}}<a href="/console/team/{{id}}">{{username}}</a>{{/if}}</td><td>{{#if owner}}Owner{{else}}Sub-user{{/if}}</td><td>{{permissions}}</td></tr>{{/each}}
</tbody>
</table>
<h2>Add a sub-user</h2>
<form method="post" action="/console/team" class="card">
  {{> csrf}}
  {{> input name="username" label="Username" value=form.username autocomplete="off" required=true}}
  {{> input name="password" label="Password" type="password" autocomplete="new-password" required=true hint="At least 8 characters with an uppercase letter, a lowercase letter, a digit and a symbol."}}
  {{> permissions}}
  <button type="submit">Add the user</button>
</form>`,
  'team-user': `<form method="post" action="/console/team/{{user.id}}" class="card">
  {{> csrf}}
  <p>Saving ends the user's sessions: it signs in again with the new permissions.</p>
  {{> permissions}}
  <button type="submit">Save the permissions</button>
</form>
<form method="post" action="/console/team/{{user.id}}/delete" class="card">
  {{> csrf}}
  <div class="check"><input type="checkbox" id="f-confirm" name="confirm" value="yes" required><label for="f-confirm">Delete {{user.username}}</label></div>
  <button type="submit" class="danger">Delete the user</button>
</form>`,
};

export const ACCOUNT_PARTIALS: Record<string, string> = {
  permissions: `<fieldset><legend>Permissions</legend><div class="grid">
{{#each permissionChoices}}<div class="check"><input type="checkbox" id="p-{{key}}" name="permissions" value="{{key}}"{{#if checked}} checked{{/if}}><label for="p-{{key}}">{{key}}</label></div>{{/each}}
</div></fieldset>`,
};
