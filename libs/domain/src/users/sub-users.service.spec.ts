import fc from 'fast-check';
import { authFixture } from '../../testing/auth-fixture';
import type { Caller } from '../shared/caller';
import { apiKeyPrincipal, PERMISSION_KEYS, PermissionKey } from '../shared/principal';

const STRONG = 'Str0ng!pass';
const keySet = fc.subarray([...PERMISSION_KEYS]);
type Operation = { kind: 'rename' } | { kind: 'permissions'; grant: PermissionKey[] } | { kind: 'password' } | { kind: 'delete' };
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.constant<Operation>({ kind: 'rename' }),
  keySet.map<Operation>((grant) => ({ kind: 'permissions', grant })),
  fc.constant<Operation>({ kind: 'password' }),
  fc.constant<Operation>({ kind: 'delete' }),
);
const subset = (a: readonly PermissionKey[], b: readonly PermissionKey[]) => a.every((key) => b.includes(key));

/** The rule, written independently of the service: who may do what to a sub-user. */
function allowed(actor: 'api_key' | 'owner' | PermissionKey[], target: PermissionKey[], op: Operation): boolean {
  if (actor === 'api_key' || actor === 'owner') return true;
  if (!subset(target, actor)) return false;
  if (op.kind === 'password') return false;
  if (op.kind === 'permissions') return subset(op.grant, actor);
  return true;
}

async function signedIn(f: ReturnType<typeof authFixture>, username: string) {
  const session = await f.login.execute({ username, password: STRONG, ip: null });
  return session.tokens.accessToken;
}

describe('sub-user management rights', () => {
  let n = 0;
  it('every call succeeds exactly when the rule allows it, and a change ends the target sessions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant<'api_key' | 'owner'>('api_key'), fc.constant<'api_key' | 'owner'>('owner'), keySet),
        keySet,
        operation,
        async (actorKeys, targetKeys, op) => {
          const f = authFixture();
          const { account, username: ownerName } = f.addAccount('pro', `owner${++n}`, STRONG);
          const targetName = `target${n}`;
          const targetId = f.addUser(account.id, targetName, STRONG, targetKeys);
          const targetToken = await signedIn(f, targetName);

          let caller: Caller;
          if (actorKeys === 'api_key') caller = { principal: apiKeyPrincipal(account.id), account };
          else {
            const actorName = actorKeys === 'owner' ? ownerName : `actor${n}`;
            if (actorKeys !== 'owner') f.addUser(account.id, actorName, STRONG, actorKeys);
            const principal = await f.principalOf(await signedIn(f, actorName));
            caller = { principal: principal!, account };
          }

          const call =
            op.kind === 'delete'
              ? f.subUsers.delete(caller, targetId)
              : f.subUsers.update(
                  caller,
                  targetId,
                  op.kind === 'rename' ? { username: `renamed${n}` } : op.kind === 'password' ? { password: 'An0ther!pass' } : { permissions: op.grant },
                );
          const outcome = await call.then(
            () => 'ok',
            (e: { code?: string }) => e.code ?? 'error',
          );
          const expected = allowed(actorKeys, targetKeys, op);
          expect(outcome).toBe(expected ? 'ok' : 'forbidden');

          const target = await f.users.findById(account.id, targetId);
          const stillSignedIn = (await f.principalOf(targetToken)) !== null;
          if (!expected) {
            // Nothing of the target changed, and its sessions go on.
            expect(target).toMatchObject({ username: targetName, permissions: targetKeys });
            expect(stillSignedIn).toBe(true);
          } else {
            const changed = op.kind !== 'permissions' || op.grant.join() !== targetKeys.join();
            expect(stillSignedIn).toBe(!changed);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a sub-user holding only users cannot take over a user who holds every key', async () => {
    const f = authFixture();
    const { account } = f.addAccount('pro', 'boss', STRONG);
    const strongId = f.addUser(account.id, 'strong.one', STRONG, [...PERMISSION_KEYS]);
    f.addUser(account.id, 'weak.admin', STRONG, ['users']);
    const principal = await f.principalOf(await signedIn(f, 'weak.admin'));
    const caller = { principal: principal!, account };
    await expect(f.subUsers.update(caller, strongId, { password: 'Hijack3d!pw' })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(f.subUsers.update(caller, strongId, { username: 'renamed' })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(f.subUsers.delete(caller, strongId)).rejects.toMatchObject({ code: 'forbidden' });
    await f.login.execute({ username: 'strong.one', password: STRONG, ip: null });
  });
});
