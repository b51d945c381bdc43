import { authFixture } from '../../testing/auth-fixture';

async function signIn(f: ReturnType<typeof authFixture>, username: string, password: string) {
  return f.login.execute({ username, password, ip: '10.0.0.1', userAgent: 'okhttp/4.12.0' });
}

describe('refresh rotation and reuse detection', () => {
  it('rotates both tokens; the old access token and the old refresh token stop working', async () => {
    const f = authFixture();
    const { username, password } = f.addAccount();
    const first = await signIn(f, username, password);
    const second = await f.refresh.execute(first.tokens.refreshToken);

    expect(second.sessionId).toBe(first.sessionId);
    expect(second.tokens.accessToken).not.toBe(first.tokens.accessToken);
    expect(second.tokens.refreshToken).not.toBe(first.tokens.refreshToken);
    expect(await f.verifier.verify(first.tokens.accessToken)).toBeNull();
    expect(await f.verifier.verify(second.tokens.accessToken)).toMatchObject({ sessionId: first.sessionId });
  });

  it('a reused (already rotated) refresh token revokes the session: every token of it fails afterwards', async () => {
    const f = authFixture();
    const { username, password } = f.addAccount();
    const first = await signIn(f, username, password);
    const second = await f.refresh.execute(first.tokens.refreshToken);

    await expect(f.refresh.execute(first.tokens.refreshToken)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(f.sessions.rows.get(first.sessionId)).toMatchObject({ revokeReason: 'refresh_reuse' });
    await expect(f.refresh.execute(second.tokens.refreshToken)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(await f.verifier.verify(second.tokens.accessToken)).toBeNull();
  });

  it('detects reuse of a token rotated several generations ago (the whole family is remembered)', async () => {
    const f = authFixture();
    const { username, password } = f.addAccount();
    const first = await signIn(f, username, password);
    let latest = first.tokens;
    for (let i = 0; i < 3; i++) latest = (await f.refresh.execute(latest.refreshToken)).tokens;
    await expect(f.refresh.execute(first.tokens.refreshToken)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(await f.verifier.verify(latest.accessToken)).toBeNull();
  });

  it('two refreshes racing with one token: one wins, the other counts as reuse and ends the session', async () => {
    const f = authFixture();
    const { username, password } = f.addAccount();
    const first = await signIn(f, username, password);
    const results = await Promise.allSettled([f.refresh.execute(first.tokens.refreshToken), f.refresh.execute(first.tokens.refreshToken)]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect(f.sessions.rows.get(first.sessionId)!.revokedAt).not.toBeNull();
  });

  it('access tokens last one hour and refresh tokens 30 days; refresh extends both', async () => {
    const f = authFixture();
    const { username, password } = f.addAccount();
    const first = await signIn(f, username, password);
    expect(first.tokens.accessExpiresAt.getTime() - f.clock.now().getTime()).toBe(3600_000);
    expect(first.tokens.refreshExpiresAt.getTime() - f.clock.now().getTime()).toBe(30 * 86400_000);
    f.clock.advance(3600);
    expect(await f.verifier.verify(first.tokens.accessToken)).toBeNull();
    const second = await f.refresh.execute(first.tokens.refreshToken);
    expect(await f.verifier.verify(second.tokens.accessToken)).not.toBeNull();
    f.clock.advance(30 * 86400);
    await expect(f.refresh.execute(second.tokens.refreshToken)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('refuses unknown, malformed and access tokens as refresh tokens without touching any session', async () => {
    const f = authFixture();
    const { username, password } = f.addAccount();
    const first = await signIn(f, username, password);
    for (const bad of ['', 'rt_short', `rt_${'A'.repeat(43)}`, first.tokens.accessToken, 'ik_abc']) {
      await expect(f.refresh.execute(bad)).rejects.toMatchObject({ code: 'unauthorized' });
    }
    expect(f.sessions.rows.get(first.sessionId)!.revokedAt).toBeNull();
  });

  it('refresh of a revoked session, a deleted user or a suspended account is refused', async () => {
    const f = authFixture();
    const owner = f.addAccount();
    const a = await signIn(f, owner.username, owner.password);
    await f.sessionsService.logoutWithRefreshToken(a.tokens.refreshToken);
    await expect(f.refresh.execute(a.tokens.refreshToken)).rejects.toMatchObject({ code: 'unauthorized' });

    const subId = f.addUser(owner.account.id, 'clerk', 'Clerk#2024', ['clients']);
    const b = await signIn(f, 'clerk', 'Clerk#2024');
    f.users.rows.get(subId)!.deleted = true;
    await expect(f.refresh.execute(b.tokens.refreshToken)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(await f.verifier.verify(b.tokens.accessToken)).toBeNull();

    const c = await signIn(f, owner.username, owner.password);
    await f.accounts.setSuspended(owner.account.id, true);
    await expect(f.refresh.execute(c.tokens.refreshToken)).rejects.toMatchObject({ code: 'account_suspended' });
  });

  it('tokens never start with the API key prefix and carry their own prefixes', async () => {
    const f = authFixture();
    const { username, password } = f.addAccount();
    for (let i = 0; i < 20; i++) {
      const { tokens } = await signIn(f, username, password);
      expect(tokens.accessToken).toMatch(/^at_[A-Za-z0-9_-]{43}$/);
      expect(tokens.refreshToken).toMatch(/^rt_[A-Za-z0-9_-]{43}$/);
      await f.sessionsService.logoutWithRefreshToken(tokens.refreshToken);
    }
  });
});

describe('access token verification', () => {
  it("returns the user's current permissions, so a change applies to live tokens", async () => {
    const f = authFixture();
    const owner = f.addAccount();
    const id = f.addUser(owner.account.id, 'clerk', 'Clerk#2024', ['clients']);
    const { tokens } = await signIn(f, 'clerk', 'Clerk#2024');
    expect((await f.verifier.verify(tokens.accessToken))!.permissions).toEqual(['clients']);
    f.users.rows.get(id)!.permissions = ['invoices'];
    expect((await f.verifier.verify(tokens.accessToken))!.permissions).toEqual(['invoices']);
  });

  it('writes last_used_at at most once a minute', async () => {
    const f = authFixture();
    const { username, password } = f.addAccount();
    const { tokens, sessionId } = await signIn(f, username, password);
    for (let i = 0; i < 5; i++) await f.verifier.verify(tokens.accessToken);
    expect(f.sessions.touches).toBe(0);
    f.clock.advance(61);
    for (let i = 0; i < 5; i++) await f.verifier.verify(tokens.accessToken);
    expect(f.sessions.touches).toBe(1);
    expect(f.sessions.rows.get(sessionId)!.lastUsedAt).toEqual(f.clock.now());
  });
});
