import { DEFAULT_PLAN_POLICY } from '../accounts/plan';
import { authFixture } from '../../testing/auth-fixture';

describe('login', () => {
  it('answers the same 401 for an unknown user and a wrong password, both after one bcrypt check', async () => {
    const f = authFixture();
    const { username } = f.addAccount();
    const unknown = await f.login.execute({ username: 'nobody', password: 'x', ip: null }).catch((e) => e);
    const wrong = await f.login.execute({ username, password: 'x', ip: null }).catch((e) => e);
    expect(unknown).toMatchObject({ code: 'unauthorized' });
    expect(unknown.message).toBe(wrong.message);
    expect(f.passwords.verified).toHaveLength(2);
    expect(f.passwords.verified[0]).toMatch(/^plain:not-a-password:/);
  });

  it('flags a stored password that fails the policy', async () => {
    const f = authFixture();
    const weak = f.addAccount('pro', 'weak', 'secret');
    const strong = f.addAccount('pro', 'strong', 'S3cret!pw');
    expect((await f.login.execute({ username: 'weak', password: weak.password, ip: null })).passwordUpgradeRequired).toBe(true);
    expect((await f.login.execute({ username: 'strong', password: strong.password, ip: null })).passwordUpgradeRequired).toBe(false);
  });

  it('caps active sessions per account by the effective plan; a revoked or expired one frees a place', async () => {
    const f = authFixture();
    const { username, password, account } = f.addAccount('free');
    const first = await f.login.execute({ username, password, ip: null });
    await f.login.execute({ username, password, ip: null });
    await expect(f.login.execute({ username, password, ip: null })).rejects.toMatchObject({
      code: 'session_limit',
      details: { limit: DEFAULT_PLAN_POLICY.free.sessions, plan: 'free' },
    });
    await f.sessionsService.logoutWithRefreshToken(first.tokens.refreshToken);
    await f.login.execute({ username, password, ip: null });

    await f.accounts.setPlan(account.id, 'pro', '2020-01-01 00:00:00'); // lapsed Pro counts as Free
    await expect(f.login.execute({ username, password, ip: null })).rejects.toMatchObject({ code: 'session_limit' });
    f.clock.advance(30 * 86400 + 1);
    await f.login.execute({ username, password, ip: null });
  });

  it('refuses suspended accounts with 403 and deleted ones with 401, only after the password matched', async () => {
    const f = authFixture();
    const a = f.addAccount();
    await f.accounts.setSuspended(a.account.id, true);
    await expect(f.login.execute({ username: a.username, password: 'wrong', ip: null })).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(f.login.execute({ username: a.username, password: a.password, ip: null })).rejects.toMatchObject({ code: 'account_suspended' });
    const b = f.addAccount();
    f.accounts.rows.get(b.account.id)!.deleted = true;
    await expect(f.login.execute({ username: b.username, password: b.password, ip: null })).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('stops after N failures per username (even with the right password) and a success clears the count', async () => {
    const f = authFixture({ maxFailuresPerUser: 3 });
    const { username, password } = f.addAccount();
    for (let i = 0; i < 2; i++) await expect(f.login.execute({ username, password: 'no', ip: '1.1.1.1' })).rejects.toMatchObject({ code: 'unauthorized' });
    await f.login.execute({ username, password, ip: '1.1.1.1' });
    for (let i = 0; i < 3; i++) await expect(f.login.execute({ username, password: 'no', ip: '1.1.1.1' })).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(f.login.execute({ username: username.toUpperCase(), password, ip: '1.1.1.1' })).rejects.toMatchObject({ code: 'rate_limited' });
  });
});

describe('change-password and sessions', () => {
  it('checks policy, confirmation and current password; keeps the current session and revokes the others', async () => {
    const f = authFixture();
    const { username, password } = f.addAccount();
    const here = await f.login.execute({ username, password, ip: null });
    const there = await f.login.execute({ username, password, ip: null });
    const me = (await f.principalOf(here.tokens.accessToken))!;

    await expect(
      f.changePassword.execute(me, { currentPassword: 'wrong', password: 'N3w!passw', confirmPassword: 'N3w!passw', ip: null }),
    ).rejects.toMatchObject({ code: 'validation_error', details: { currentPassword: 'is not correct' } });
    await expect(
      f.changePassword.execute(me, { currentPassword: password, password: 'weakpass', confirmPassword: 'weakpass', ip: null }),
    ).rejects.toMatchObject({ details: { password: expect.stringMatching(/missing/) } });
    await expect(
      f.changePassword.execute(me, { currentPassword: password, password: 'N3w!passw', confirmPassword: 'N3w!passwX', ip: null }),
    ).rejects.toMatchObject({ details: { confirmPassword: 'must equal password' } });
    await expect(f.changePassword.execute(me, { currentPassword: password, password, confirmPassword: password, ip: null })).rejects.toMatchObject({
      details: { password: 'must differ from the current password' },
    });

    const result = await f.changePassword.execute(me, { currentPassword: password, password: 'N3w!passw', confirmPassword: 'N3w!passw', ip: null });
    expect(result).toEqual({ passwordUpgradeRequired: false, revokedSessions: 1 });
    expect(await f.verifier.verify(here.tokens.accessToken)).not.toBeNull();
    expect(await f.verifier.verify(there.tokens.accessToken)).toBeNull();
    await expect(f.login.execute({ username, password, ip: null })).rejects.toMatchObject({ code: 'unauthorized' });
    await f.login.execute({ username, password: 'N3w!passw', ip: null });
  });

  it("lists only the caller's active sessions with the current flag; revoke-others keeps the current one", async () => {
    const f = authFixture();
    const owner = f.addAccount();
    f.addUser(owner.account.id, 'clerk', 'Clerk#2024', ['clients']);
    const a = await f.login.execute({ username: owner.username, password: owner.password, ip: null, deviceName: 'Pixel 8', platform: 'Android' });
    await f.login.execute({
      username: owner.username,
      password: owner.password,
      ip: null,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
    });
    const clerk = await f.login.execute({ username: 'clerk', password: 'Clerk#2024', ip: null });
    const me = (await f.principalOf(a.tokens.accessToken))!;

    const list = await f.sessionsService.list(me);
    expect(list.map((s) => [s.session.deviceName, s.session.platform, s.current])).toEqual([
      ['iPhone', 'ios', false],
      ['Pixel 8', 'android', true],
    ]);
    await expect(f.sessionsService.revoke(me, clerk.sessionId)).rejects.toMatchObject({ code: 'not_found' });
    expect(await f.sessionsService.revokeOthers(me)).toBe(1);
    expect((await f.sessionsService.list(me)).map((s) => s.current)).toEqual([true]);
    expect(await f.verifier.verify(clerk.tokens.accessToken)).not.toBeNull();
  });
});
