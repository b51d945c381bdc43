/** The page around every console view, and the partials the views share (Handlebars, escaped by default). */
export const LAYOUT = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{title}} · Invoicing console</title>
<link rel="stylesheet" href="/console/assets/console.css">
<script src="/console/assets/console.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <a class="brand" href="/console">Invoicing console</a>
  {{#if me}}
  <nav aria-label="Console">
    <ul>
      <li><a href="/console">Plan</a></li>
      {{#if me.nav.documents}}<li><a href="/console/documents">Documents</a></li>{{/if}}
      {{#if me.nav.api}}<li><a href="/console/api-key">API key</a></li>{{/if}}
      {{#if me.nav.integrations}}<li><a href="/console/webhooks">Webhooks</a></li>{{/if}}
      {{#if me.nav.users}}<li><a href="/console/team">Team</a></li>{{/if}}
    </ul>
  </nav>
  <form method="post" action="/console/sign-out" class="inline">
    {{> csrf}}
    <button type="submit" class="link">Sign out {{me.username}}</button>
  </form>
  {{/if}}
</header>
<main id="main">
<h1>{{title}}</h1>
{{#if notice}}<p class="notice" role="status">{{notice}}</p>{{/if}}
{{#if problem}}<div class="problem" role="alert"><p>{{problem}}</p>{{#if problems}}<ul>{{#each problems}}<li>{{this}}</li>{{/each}}</ul>{{/if}}</div>{{/if}}
{{{body}}}
</main>
</body>
</html>`;

export const PARTIALS: Record<string, string> = {
  csrf: '<input type="hidden" name="_csrf" value="{{@root.csrf}}">',
  // A labelled input: name, label, type, value, autocomplete, hint, required.
  input: `<div class="field">
  <label for="f-{{name}}">{{label}}</label>
  {{#if hint}}<p class="hint" id="h-{{name}}">{{hint}}</p>{{/if}}
  <input id="f-{{name}}" name="{{name}}" type="{{#if type}}{{type}}{{else}}text{{/if}}" value="{{value}}"{{#if autocomplete}} autocomplete="{{autocomplete}}"{{/if}}{{#if hint}} aria-describedby="h-{{name}}"{{/if}}{{#if required}} required{{/if}}{{#if fromHash}} data-from-hash{{/if}}>
</div>`,
};
