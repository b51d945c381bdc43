import type { Caller } from '../shared/caller';
import { assertWithinLimit, PlanPolicy } from '../accounts/plan';
import { ActivityRecorder } from '../activity/activity-recorder';
import { newPasswordProblem } from '../auth/password-policy';
import { Clock } from '../shared/clock.port';
import { Conflict, Forbidden, found, ValidationFailed } from '../shared/domain-error';
import { Page, PageRequest } from '../shared/pagination';
import { isPermissionKey, PERMISSION_KEYS, PermissionKey, Principal } from '../shared/principal';
import { TransactionRunner } from '../shared/transaction.port';
import { UserAdminRepository } from './user-admin.repository.port';
import { User, UserRepository } from './user.repository.port';
import { UserCredentials } from './user-credentials';

export interface SubUserInput {
  username?: string;
  password?: string;
  permissions?: unknown[];
}

const USERNAME = /^[A-Za-z0-9._@+-]{3,100}$/;

/**
 * Sub-users of an account (`/v1/settings/users`). Usernames are unique across the service, passwords
 * follow the policy, permission keys come from the fixed list and a user can grant only keys it holds.
 * The owner is read-only here; nobody edits or deletes themselves here (change-password exists for that).
 *
 * Who may change whom: the API key and the owner may change any sub-user. Another sub-user may edit or
 * delete only a user whose permissions are a subset of its own (so it can never take over a user that
 * holds more than it does), and may never set another user's password. Every change (username,
 * permissions, password, deletion) ends the target's sessions, so the target signs in again under the
 * new terms.
 */
export class SubUsersService {
  constructor(
    private readonly users: UserRepository,
    private readonly admin: UserAdminRepository,
    private readonly credentials: UserCredentials,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
    private readonly plans: PlanPolicy,
    private readonly activity: ActivityRecorder,
  ) {}

  list(caller: Caller, page: PageRequest): Promise<Page<User>> {
    return this.admin.list(caller.account.id, page);
  }

  get(caller: Caller, id: number): Promise<User> {
    return this.require(caller.account.id, id);
  }

  async create(caller: Caller, input: SubUserInput): Promise<User> {
    const errors: Record<string, string> = {};
    const username = checkUsername(input.username, errors);
    const password = checkPassword(input.password, errors);
    const permissions = checkPermissions(input.permissions, errors);
    if (Object.keys(errors).length) throw new ValidationFailed(errors);
    this.assertCanGrant(caller.principal, permissions);

    const passwordHash = await this.credentials.hash(password);
    const accountId = caller.account.id;
    const id = await this.tx.run(async () => {
      await this.admin.lockAccount(accountId);
      const now = this.clock.now();
      assertWithinLimit(caller.account, this.plans, now, 'subUsers', await this.admin.countSubUsers(accountId), 'sub-users');
      const created = await this.admin.insert(accountId, { username, passwordHash, permissions, isOwner: false }, now);
      if (created === null) throw new Conflict('This username is taken.', { username });
      await this.activity.created(caller.principal, 'user', created, username, { after: { username, permissions } });
      return created;
    });
    return this.require(accountId, id);
  }

  /** Changes username, password and/or permissions (effective at once); any change signs the user out everywhere. */
  async update(caller: Caller, id: number, input: SubUserInput): Promise<User> {
    const accountId = caller.account.id;
    const target = await this.require(accountId, id);
    const actor = await this.actorOf(caller);
    this.assertEditable(caller.principal, target, 'changed');
    this.assertOutranks(caller.principal, actor, target, 'change');
    if (input.password !== undefined && actor === 'sub-user') {
      throw new Forbidden("Only the account owner or the API key can set another user's password.", { user_id: target.id, field: 'password' });
    }
    const errors: Record<string, string> = {};
    const username = input.username === undefined ? undefined : checkUsername(input.username, errors);
    const password = input.password === undefined ? undefined : checkPassword(input.password, errors);
    const permissions = input.permissions === undefined ? undefined : checkPermissions(input.permissions, errors);
    if (Object.keys(errors).length) throw new ValidationFailed(errors);
    if (permissions) this.assertCanGrant(caller.principal, permissions);

    const passwordHash = password === undefined ? undefined : await this.credentials.hash(password);
    await this.tx.run(async () => {
      const now = this.clock.now();
      if (username !== undefined && username !== target.username) {
        if (!(await this.admin.rename(accountId, id, username, now))) throw new Conflict('This username is taken.', { username });
      }
      if (permissions) await this.admin.setPermissions(accountId, id, permissions, now);
      const renamedOrRegranted =
        (username !== undefined && username !== target.username) || (permissions !== undefined && permissions.join() !== target.permissions.join());
      if (passwordHash !== undefined) await this.credentials.replacePassword(accountId, id, passwordHash, now);
      else if (renamedOrRegranted) await this.credentials.endSessions(accountId, id, now);
      await this.activity.updated(caller.principal, 'user', id, username ?? target.username, {
        before: { username: target.username, permissions: target.permissions },
        after: { username: username ?? target.username, permissions: permissions ?? target.permissions, password_changed: passwordHash !== undefined },
      });
    });
    return this.require(accountId, id);
  }

  /** Soft-deletes the user and revokes its sessions; its username stays reserved. */
  async delete(caller: Caller, id: number): Promise<void> {
    const accountId = caller.account.id;
    const target = await this.require(accountId, id);
    const actor = await this.actorOf(caller);
    this.assertEditable(caller.principal, target, 'deleted');
    this.assertOutranks(caller.principal, actor, target, 'delete');
    await this.tx.run(async () => {
      const now = this.clock.now();
      await this.credentials.remove(accountId, id, now);
      await this.activity.deleted(caller.principal, 'user', id, target.username, { before: { username: target.username } });
    });
  }

  private assertEditable(principal: Principal, target: User, verb: string): void {
    if (target.isOwner) throw new Forbidden(`The account owner cannot be ${verb} here.`, { user_id: target.id });
    if (principal.userId === target.id) {
      throw new Forbidden(`You cannot be ${verb} by yourself here; use /v1/auth/change-password for your password.`, { user_id: target.id });
    }
  }

  /** The API key and the owner hold every right here; any other signed-in user is a sub-user. */
  private async actorOf(caller: Caller): Promise<'api_key' | 'owner' | 'sub-user'> {
    const { principal } = caller;
    if (principal.kind === 'api_key' || principal.userId === null) return 'api_key';
    const user = caller.user?.id === principal.userId ? caller.user : await this.users.findById(principal.accountId, principal.userId);
    return user?.isOwner ? 'owner' : 'sub-user';
  }

  /** A sub-user may act only on a user whose permissions are a subset of its own. */
  private assertOutranks(principal: Principal, actor: 'api_key' | 'owner' | 'sub-user', target: User, verb: string): void {
    if (actor !== 'sub-user') return;
    const beyond = target.permissions.filter((key) => !principal.permissions.includes(key));
    if (beyond.length) {
      throw new Forbidden(`You cannot ${verb} a user who holds permissions you do not hold.`, { user_id: target.id, permissions: beyond });
    }
  }

  private assertCanGrant(principal: Principal, permissions: PermissionKey[]): void {
    const missing = permissions.filter((key) => !principal.permissions.includes(key));
    if (missing.length) throw new Forbidden('A user can grant only permissions it holds.', { permissions: missing });
  }

  private async require(accountId: number, id: number): Promise<User> {
    return found(await this.users.findById(accountId, id), 'User', id);
  }
}

function checkUsername(value: string | undefined, errors: Record<string, string>): string {
  const username = (value ?? '').trim();
  if (!username) errors.username = 'is required';
  else if (!USERNAME.test(username)) errors.username = 'must be 3 to 100 letters, digits or . _ @ + -';
  return username;
}

function checkPassword(value: string | undefined, errors: Record<string, string>): string {
  const password = value ?? '';
  if (!password) errors.password = 'is required';
  else {
    const problem = newPasswordProblem(password);
    if (problem) errors.password = problem;
  }
  return password;
}

/** Known keys only, deduplicated, in the canonical order of the list. */
function checkPermissions(value: unknown[] | undefined, errors: Record<string, string>): PermissionKey[] {
  if (value === undefined) {
    errors.permissions = 'is required';
    return [];
  }
  const unknown = value.filter((key) => !isPermissionKey(key));
  if (unknown.length) {
    errors.permissions = `contains unknown keys: ${unknown.map(String).join(', ')} (allowed: ${PERMISSION_KEYS.join(', ')})`;
    return [];
  }
  return PERMISSION_KEYS.filter((key) => value.includes(key));
}
