import type { PermissionKey } from '@app/domain/shared/principal';
import type { ConsoleHttp } from '../console/console-client';
import type { IsolationWorld, Kind } from './isolation-world';

/**
 * The console's pages in the isolation matrix (they are outside the OpenAPI document): each names the permission
 * key its API twin asks, and the records its path names as `{kind}`. Another account's id in any of them must
 * give 404; A's sub-user without the key gets 403 on A's own ids.
 */
export interface ConsoleRoute {
  method: 'GET' | 'POST';
  path: string;
  permission: PermissionKey | null;
  fields?: Record<string, string | string[]>;
}

export const CONSOLE_ROUTES: ConsoleRoute[] = [
  { method: 'GET', path: '/console', permission: null },
  { method: 'GET', path: '/console/api-key', permission: 'api' },
  { method: 'POST', path: '/console/api-key/rotate', permission: 'api', fields: { confirm: 'yes' } },
  { method: 'GET', path: '/console/team', permission: 'users' },
  { method: 'POST', path: '/console/team', permission: 'users', fields: { username: 'probe.user', password: 'Pr0be!Passw0rd', permissions: ['clients'] } },
  { method: 'GET', path: '/console/team/{users}', permission: 'users' },
  { method: 'POST', path: '/console/team/{users}', permission: 'users', fields: { permissions: ['clients'] } },
  { method: 'POST', path: '/console/team/{users}/delete', permission: 'users', fields: { confirm: 'yes' } },
  { method: 'GET', path: '/console/webhooks', permission: 'integrations' },
  { method: 'POST', path: '/console/webhooks', permission: 'integrations', fields: { url: 'http://127.0.0.1:9/probe', events: '*' } },
  { method: 'GET', path: '/console/webhooks/{webhooks}', permission: 'integrations' },
  { method: 'POST', path: '/console/webhooks/{webhooks}/rotate-secret', permission: 'integrations' },
  { method: 'POST', path: '/console/webhooks/{webhooks}/disable', permission: 'integrations' },
  { method: 'POST', path: '/console/webhooks/{webhooks}/enable', permission: 'integrations' },
  { method: 'POST', path: '/console/webhooks/{webhooks}/deliveries/{deliveries}/redeliver', permission: 'integrations' },
  { method: 'GET', path: '/console/documents', permission: 'invoices' },
  { method: 'GET', path: '/console/documents/invoice/{invoices}/pdf', permission: 'invoices' },
  { method: 'GET', path: '/console/documents/invoice/{invoices}/share', permission: 'invoices' },
  { method: 'GET', path: '/console/exports/gstr1?period=2025-04', permission: 'invoices' },
];

const KINDS = /\{([a-z-]+)\}/g;

/** The path with the caller's own ids, except `probe` (a kind) taken from A. */
function pathFor(route: ConsoleRoute, world: IsolationWorld, probe: string | null): string {
  return route.path.replace(KINDS, (_m, kind: string) => String((kind === probe ? world.a : world.b).ids[kind as Kind]));
}

function send(client: ConsoleHttp, route: ConsoleRoute, path: string): Promise<Response> {
  return route.method === 'GET' ? client.get(path) : client.post(path, route.fields ?? {});
}

/** B, signed in to the console, sends A's ids one path parameter at a time: every answer must be 404 and hold none of A's markers. */
export async function consoleIntruderFailures(b: ConsoleHttp, world: IsolationWorld): Promise<string[]> {
  const failures: string[] = [];
  for (const route of CONSOLE_ROUTES) {
    for (const [, kind] of route.path.matchAll(KINDS)) {
      const path = pathFor(route, world, kind);
      const res = await send(b, route, path);
      const text = await res.text();
      const leaked = world.markers.find((m) => text.includes(m));
      if (res.status !== 404 || leaked) failures.push(`${route.method} ${path} -> ${res.status}${leaked ? ` leaks ${leaked}` : ''}`);
    }
  }
  return failures;
}

/** A's sub-user without permissions, on A's own ids: 403 wherever the API asks a key. */
export async function consoleClerkFailures(clerk: ConsoleHttp, world: IsolationWorld): Promise<string[]> {
  const failures: string[] = [];
  for (const route of CONSOLE_ROUTES.filter((r) => r.permission)) {
    const path = route.path.replace(KINDS, (_m, kind: string) => String(world.a.ids[kind as Kind]));
    const res = await send(clerk, route, path);
    const text = await res.text();
    if (res.status !== 403 || !text.includes(`&quot;${route.permission}&quot; permission`)) failures.push(`${route.method} ${path} -> ${res.status}`);
  }
  return failures;
}
