import type { AccountAdminService } from '@app/domain/accounts/account-admin.service';
import { planOf } from '@app/domain/accounts/plan';
import type { DocumentQuota } from '@app/domain/documents/document-quota';
import type { Clock } from '@app/domain/shared/clock.port';
import { NotFound, ValidationFailed } from '@app/domain/shared/domain-error';
import { PERMISSION_KEYS } from '@app/domain/shared/principal';
import type { SubUsersService } from '@app/domain/users/sub-users.service';
import type { User } from '@app/domain/users/user.repository.port';
import { field, fields, formOf, queryField, type ConsoleRequest } from './console-http';
import type { ConsoleKit, Route } from './console-kit';
import { MAX_ID } from '@app/contract/common/ids';

export interface AccountRouteDeps {
  admin: AccountAdminService;
  quota: DocumentQuota;
  users: SubUsersService;
  clock: Clock;
}

/** A positive id from a console URL; anything else is a page that does not exist. */
export function idParam(req: ConsoleRequest, name: string): number {
  const raw = req.params?.[name] ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > MAX_ID) throw new NotFound('Page not found.');
  return Number(raw);
}

const choices = (held: readonly string[]) => PERMISSION_KEYS.map((key) => ({ key, checked: held.includes(key) }));

/** Plan and usage (the home page), the API key (permission `api`), the team (permission `users`). */
export function accountRoutes(route: Route, kit: ConsoleKit, deps: AccountRouteDeps): void {
  route('get', '/console', async (req) => {
    const me = await kit.signedIn(req);
    const account = me.caller.account;
    const plan = planOf(account, deps.clock.now());
    const usage = await deps.quota.usage(account);
    const notice = queryField(req, 'welcome') === '1' ? 'Welcome! Your email is verified and your account is ready.' : undefined;
    return kit.page('home', { title: 'Plan and usage', csrf: '', business: account.businessName, plan, usage, notice }, me);
  });

  route('get', '/console/api-key', async (req) => {
    const me = await kit.signedIn(req, 'api');
    const account = me.caller.account;
    return kit.page('api-key', { title: 'API key', csrf: '', masked: account.apiKeyMasked, createdAt: account.apiKeyCreatedAt ?? null }, me);
  });
  route('post', '/console/api-key/rotate', async (req) => {
    const form = formOf(req);
    const me = await kit.signedInPost(req, form, 'api');
    if (field(form, 'confirm') !== 'yes') {
      const account = me.caller.account;
      const context = {
        title: 'API key',
        csrf: '',
        masked: account.apiKeyMasked,
        createdAt: account.apiKeyCreatedAt ?? null,
        problem: 'Tick the box to confirm.',
      };
      return kit.page('api-key', context, me, 400);
    }
    const { api_key: apiKey } = await deps.admin.rotateKey(me.caller.account.id);
    return kit.page('api-key-new', { title: 'Your new API key', csrf: '', apiKey, baseUrl: kit.config.publicBaseUrl }, me);
  });

  const teamPage = async (req: ConsoleRequest, extra: Record<string, unknown> = {}, status = 200) => {
    const me = await kit.signedIn(req, 'users');
    const page = await deps.users.list(me.caller, { limit: 200, offset: 0 });
    const users = page.rows.map((u: User) => ({ id: u.id, username: u.username, owner: u.isOwner, permissions: u.permissions.join(', ') }));
    const context = { title: 'Team', csrf: '', business: me.caller.account.businessName, users, permissionChoices: choices([]), form: {}, ...extra };
    return kit.page('team', context, me, status);
  };
  route('get', '/console/team', async (req) => teamPage(req));
  route('post', '/console/team', async (req) => {
    const form = formOf(req);
    const me = await kit.signedInPost(req, form, 'users');
    const input = { username: field(form, 'username').trim(), password: field(form, 'password'), permissions: fields(form, 'permissions') };
    try {
      await deps.users.create(me.caller, input);
    } catch (error) {
      if (!(error instanceof ValidationFailed)) throw error;
      const extra = {
        form: { username: input.username },
        permissionChoices: choices(input.permissions),
        problem: 'Please correct the form.',
        problems: kit.problemsOf(error),
      };
      return teamPage(req, extra, 400);
    }
    return { redirect: '/console/team' };
  });
  route('get', '/console/team/:id', async (req) => {
    const me = await kit.signedIn(req, 'users');
    const user = await deps.users.get(me.caller, idParam(req, 'id'));
    if (user.isOwner) throw new NotFound('Page not found.');
    return kit.page('team-user', { title: user.username, csrf: '', user, permissionChoices: choices(user.permissions) }, me);
  });
  route('post', '/console/team/:id', async (req) => {
    const form = formOf(req);
    const me = await kit.signedInPost(req, form, 'users');
    const id = idParam(req, 'id');
    await deps.users.update(me.caller, id, { permissions: fields(form, 'permissions') });
    return { redirect: '/console/team' };
  });
  route('post', '/console/team/:id/delete', async (req) => {
    const form = formOf(req);
    const me = await kit.signedInPost(req, form, 'users');
    const id = idParam(req, 'id');
    if (field(form, 'confirm') !== 'yes') throw ValidationFailed.field('confirm', 'must be ticked to delete the user');
    await deps.users.delete(me.caller, id);
    return { redirect: '/console/team' };
  });
}
