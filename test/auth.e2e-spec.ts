import { PERMISSION_KEYS } from '@app/domain/shared/principal';
import { PasswordHasher } from '@app/domain/users/user.repository.port';
import { startApp, TestApp } from './support/app-harness';
import { bearer, mobile, routeExists, TIMESTAMP } from './support/mobile-auth';

const STRONG = 'Str0ng!pass';

describe('mobile sign-in, tokens and sessions (/v1/auth)', () => {
  let t: TestApp;
  let m: ReturnType<typeof mobile>;

  beforeAll(async () => {
    // bcrypt cost 8 (about 15 ms) makes the timing comparison of unknown users meaningful.
    t = await startApp('auth', { BCRYPT_COST: '8' });
    m = mobile(t);
  });
  afterAll(() => t.close());

  describe('login', () => {
    it('answers every field of the spec; tokens are opaque, never ik_, and not cached', async () => {
      const a = await t.createAccount({ name: 'Login Traders', email: 'login@example.com', username: 'login_owner', password: STRONG });
      const before = Date.now();
      const res = await m.login('login_owner', STRONG).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const d = res.body.data;
      expect(d).toEqual({
        access_token: expect.stringMatching(/^at_[A-Za-z0-9_-]{43}$/),
        refresh_token: expect.stringMatching(/^rt_[A-Za-z0-9_-]{43}$/),
        token_type: 'Bearer',
        expires_at: expect.stringMatching(TIMESTAMP),
        refresh_expires_at: expect.stringMatching(TIMESTAMP),
        session_id: expect.any(Number),
        user: { user_id: a.userId, account_id: a.accountId, username: 'login_owner', business_email: 'login@example.com' },
        permissions: [...PERMISSION_KEYS],
        business_name: 'Login Traders',
        password_upgrade_required: false,
      });
      const utc = (s: string) => Date.parse(`${s.replace(' ', 'T')}Z`);
      expect(utc(d.expires_at) - before).toBeGreaterThan(3590_000);
      expect(utc(d.expires_at) - before).toBeLessThanOrEqual(3601_000);
      expect(utc(d.refresh_expires_at) - before).toBeGreaterThan(30 * 86400_000 - 10_000);

      // The token works on mobile endpoints and on resource endpoints (the owner holds every key).
      const me = await t.http.get('/v1/auth/me').set(bearer(d.access_token)).expect(200);
      expect(me.body.data).toEqual({
        user_id: a.userId,
        account_id: a.accountId,
        username: 'login_owner',
        business_email: 'login@example.com',
        business_name: 'Login Traders',
        permissions: [...PERMISSION_KEYS],
      });
      await t.http.get('/v1/me').set(bearer(d.access_token)).expect(200);
      await t.http.get('/v1/clients').set(bearer(d.access_token)).expect(200);
      // Tokens are stored hashed, never in clear.
      const [row] = await t.dataSource.query('SELECT access_token_hash, refresh_token_hash FROM mobile_sessions WHERE id = ?', [d.session_id]);
      expect(row.access_token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.access_token_hash).not.toContain(d.access_token.slice(3, 20));
    });

    it('wrong password and unknown username: the same 401 after the same bcrypt check', async () => {
      await t.createAccount({ username: 'timing_owner', password: STRONG });
      const wrong = await m.login('timing_owner', 'Wrong!pass1').expect(401);
      const unknown = await m.login('nobody_here', 'Wrong!pass1').expect(401);
      expect(wrong.body.error).toEqual({ code: 'unauthorized', message: expect.any(String), details: {} });
      expect(unknown.body.error).toEqual(wrong.body.error);

      // Both failures pay for one bcrypt check at the configured cost (8 here): an unknown username is checked against
      // a dummy hash, so it cannot be told apart by its answer time. Counted on the real hasher, not timed, so a
      // loaded machine cannot make the test lie either way.
      const hasher = t.app.get(PasswordHasher);
      const verify = jest.spyOn(hasher, 'verify');
      try {
        await m.login('timing_owner', 'Wrong!pass1').expect(401);
        await m.login('ghost_user', 'Wrong!pass1').expect(401);
        expect(verify).toHaveBeenCalledTimes(2);
        const costs = verify.mock.calls.map(([, hash]) => hash.slice(0, 7));
        expect(costs).toEqual(['$2b$08$', '$2b$08$']);
        expect(verify.mock.calls[1][1]).not.toEqual(verify.mock.calls[0][1]);
      } finally {
        verify.mockRestore();
      }
    });

    it('validates the body: missing fields are 400 validation_error keyed by field', async () => {
      const res = await t.http.post('/v1/auth/login').send({ username: '  ' }).expect(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(Object.keys(res.body.error.details).sort()).toEqual(['password', 'username']);
    });

    it('a stored password that fails the policy gives password_upgrade_required true until it is changed', async () => {
      await t.createAccount({ username: 'weak_owner', password: 'password' });
      const s = await m.signIn('weak_owner', 'password');
      expect(s.body.password_upgrade_required).toBe(true);
      const res = await t.http
        .post('/v1/auth/change-password')
        .set(s.auth)
        .send({ current_password: 'password', password: STRONG, confirm_password: STRONG })
        .expect(200);
      expect(res.body.data).toEqual({ updated: true, password_upgrade_required: false, revoked_sessions: 0 });
      expect((await m.signIn('weak_owner', STRONG)).body.password_upgrade_required).toBe(false);
    });

    it('a suspended account gets 403 account_suspended at login (only with the right password)', async () => {
      const a = await t.createAccount({ username: 'suspended_owner', password: STRONG });
      const s = await m.signIn('suspended_owner', STRONG);
      await t.admin.setSuspended(a.accountId, true);
      await m.login('suspended_owner', 'Wrong!pass1').expect(401);
      expect((await m.login('suspended_owner', STRONG).expect(403)).body.error.code).toBe('account_suspended');
      expect((await t.http.get('/v1/auth/me').set(s.auth).expect(403)).body.error.code).toBe('account_suspended');
      expect((await m.refresh(s.refresh).expect(403)).body.error.code).toBe('account_suspended');
      await t.admin.setSuspended(a.accountId, false);
      await t.http.get('/v1/auth/me').set(s.auth).expect(200);
    });
  });

  describe('refresh and logout', () => {
    beforeAll(() => t.createAccount({ username: 'rotor', password: STRONG }));

    it('refresh rotates both tokens: the old access token stops working, the new one works', async () => {
      const s = await m.signIn('rotor', STRONG);
      const res = await m.refresh(s.refresh).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const d = res.body.data;
      expect(d).toEqual({
        access_token: expect.stringMatching(/^at_/),
        refresh_token: expect.stringMatching(/^rt_/),
        token_type: 'Bearer',
        expires_at: expect.stringMatching(TIMESTAMP),
        refresh_expires_at: expect.stringMatching(TIMESTAMP),
        session_id: s.sessionId,
      });
      expect(d.access_token).not.toBe(s.access);
      expect(d.refresh_token).not.toBe(s.refresh);
      await t.http.get('/v1/auth/me').set(s.auth).expect(401);
      await t.http.get('/v1/auth/me').set(bearer(d.access_token)).expect(200);
      // A chain of rotations keeps working.
      const again = await m.refresh(d.refresh_token).expect(200);
      await t.http.get('/v1/auth/me').set(bearer(again.body.data.access_token)).expect(200);
    });

    it('reusing a rotated refresh token is 401 and revokes the session (the thief and the app both lose it)', async () => {
      const s = await m.signIn('rotor', STRONG);
      const rotated = (await m.refresh(s.refresh).expect(200)).body.data;
      const reuse = await m.refresh(s.refresh).expect(401);
      expect(reuse.body.error.code).toBe('unauthorized');
      await t.http.get('/v1/auth/me').set(bearer(rotated.access_token)).expect(401);
      await m.refresh(rotated.refresh_token).expect(401);
      const [row] = await t.dataSource.query('SELECT revoke_reason FROM mobile_sessions WHERE id = ?', [s.sessionId]);
      expect(row.revoke_reason).toBe('refresh_reuse');
    });

    it('two concurrent refreshes with one token: one wins, the other is a reuse that ends the session', async () => {
      const s = await m.signIn('rotor', STRONG);
      const results = await Promise.all([m.refresh(s.refresh), m.refresh(s.refresh)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
      const winner = results.find((r) => r.status === 200)!.body.data;
      await t.http.get('/v1/auth/me').set(bearer(winner.access_token)).expect(401);
    });

    it('refuses unknown refresh tokens, access tokens and API keys as refresh tokens', async () => {
      const s = await m.signIn('rotor', STRONG);
      await m.refresh(`rt_${'x'.repeat(43)}`).expect(401);
      await m.refresh(s.access).expect(401);
      expect((await t.http.post('/v1/auth/refresh').send({}).expect(400)).body.error.details).toHaveProperty('refresh_token');
      await t.http.get('/v1/auth/me').set(s.auth).expect(200);
    });

    it('logout with the Bearer token revokes the session: access and refresh stop working', async () => {
      const s = await m.signIn('rotor', STRONG);
      const res = await t.http.post('/v1/auth/logout').set(s.auth).expect(200);
      expect(res.body).toEqual({ ok: true, data: { logged_out: true } });
      await t.http.get('/v1/auth/me').set(s.auth).expect(401);
      await m.refresh(s.refresh).expect(401);
      await t.http.post('/v1/auth/logout').set(s.auth).expect(401);
    });

    it('logout with only the refresh token (expired access token) revokes that session', async () => {
      const s = await m.signIn('rotor', STRONG);
      await t.http.post('/v1/auth/logout').send({ refresh_token: s.refresh }).expect(200);
      await t.http.get('/v1/auth/me').set(s.auth).expect(401);
      await t.http.post('/v1/auth/logout').send({ refresh_token: s.refresh }).expect(401);
      await t.http.post('/v1/auth/logout').expect(401);
    });

    it('an access token is refused once expired (checked against the stored expiry on every request)', async () => {
      const s = await m.signIn('rotor', STRONG);
      await t.dataSource.query('UPDATE mobile_sessions SET access_expires_at = UTC_TIMESTAMP() - INTERVAL 1 SECOND WHERE id = ?', [s.sessionId]);
      await t.http.get('/v1/auth/me').set(s.auth).expect(401);
      await m.refresh(s.refresh).expect(200);
    });
  });

  describe('device cap', () => {
    it('concurrent logins never pass the cap', async () => {
      await t.createAccount({ plan: 'free', username: 'racer', password: STRONG });
      const results = await Promise.all(Array.from({ length: 6 }, () => m.login('racer', STRONG)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    });

    it('a full cap gives 409 session_limit; revoking one session frees a place', async () => {
      const a = await t.createAccount({ plan: 'free', username: 'capped', password: STRONG });
      const first = await m.signIn('capped', STRONG);
      const second = await m.signIn('capped', STRONG);
      const full = await m.login('capped', STRONG).expect(409);
      expect(full.body.error).toMatchObject({ code: 'session_limit', details: { limit: 2, plan: 'free' } });

      await t.http.delete('/v1/auth/sessions').set(second.auth).send({ session_id: first.sessionId }).expect(200);
      await t.http.get('/v1/auth/me').set(first.auth).expect(401);
      const third = await m.signIn('capped', STRONG);
      await m.login('capped', STRONG).expect(409);

      // session_id in the query works too; the cap follows the plan (Pro allows 10).
      await t.http.delete(`/v1/auth/sessions?session_id=${third.sessionId}`).set(second.auth).expect(200);
      await m.signIn('capped', STRONG);
      await t.admin.setPlan(a.accountId, 'pro', null);
      await m.signIn('capped', STRONG);
    });
  });

  describe('sessions', () => {
    let owner: { accountId: number; apiKey: string; auth: { Authorization: string } };
    beforeAll(async () => {
      owner = await t.createAccount({ username: 'devices', password: STRONG });
    });

    it("lists the user's devices (from the body or User-Agent) with created, last used and the current flag", async () => {
      const phone = await m.signIn('devices', STRONG, { device_name: "Ravi's Pixel", platform: 'android' });
      const ipad = await t.http
        .post('/v1/auth/login')
        .set('User-Agent', 'Mozilla/5.0 (iPad; CPU OS 17_2 like Mac OS X) AppleWebKit/605.1.15')
        .send({ username: 'devices', password: STRONG })
        .expect(200);
      const res = await t.http.get('/v1/auth/sessions').set(phone.auth).expect(200);
      const sessions = res.body.data.sessions;
      expect(sessions).toEqual([
        {
          session_id: ipad.body.data.session_id,
          device_name: 'iPad',
          platform: 'ios',
          user_agent: expect.stringContaining('iPad'),
          created_at: expect.stringMatching(TIMESTAMP),
          last_used_at: expect.stringMatching(TIMESTAMP),
          expires_at: expect.stringMatching(TIMESTAMP),
          current: false,
        },
        expect.objectContaining({ session_id: phone.sessionId, device_name: "Ravi's Pixel", platform: 'android', current: true }),
      ]);
      expect(JSON.stringify(res.body)).not.toMatch(/at_|rt_|hash/);
    });

    it("DELETE /v1/auth/sessions revokes one of the user's own sessions; others' are 404; bad ids are 400", async () => {
      const mine = await m.signIn('devices', STRONG);
      const other = await m.signIn('devices', STRONG);
      const stranger = await t.createAccount({ username: 'stranger', password: STRONG });
      const theirs = await m.signIn('stranger', STRONG);
      expect(stranger.accountId).not.toBe(owner.accountId);

      expect((await t.http.delete('/v1/auth/sessions').set(mine.auth).send({ session_id: theirs.sessionId }).expect(404)).body.error.code).toBe('not_found');
      await t.http.get('/v1/auth/me').set(theirs.auth).expect(200);
      expect((await t.http.delete('/v1/auth/sessions').set(mine.auth).expect(400)).body.error.details).toHaveProperty('session_id');
      await t.http.delete('/v1/auth/sessions?session_id=abc').set(mine.auth).expect(400);

      const res = await t.http.delete('/v1/auth/sessions').set(mine.auth).send({ session_id: other.sessionId }).expect(200);
      expect(res.body.data).toEqual({ revoked: true, session_id: other.sessionId });
      await t.http.get('/v1/auth/me').set(other.auth).expect(401);
      await t.http.delete('/v1/auth/sessions').set(mine.auth).send({ session_id: other.sessionId }).expect(404);
    });

    it('revoke-others signs out every other device of the user and keeps the current one', async () => {
      const keep = await m.signIn('devices', STRONG);
      const drop = await m.signIn('devices', STRONG);
      const res = await t.http.post('/v1/auth/sessions/revoke-others').set(keep.auth).expect(200);
      expect(res.body.data.revoked).toBeGreaterThanOrEqual(1);
      await t.http.get('/v1/auth/me').set(keep.auth).expect(200);
      await t.http.get('/v1/auth/me').set(drop.auth).expect(401);
      const list = (await t.http.get('/v1/auth/sessions').set(keep.auth).expect(200)).body.data.sessions;
      expect(list).toEqual([expect.objectContaining({ session_id: keep.sessionId, current: true })]);
    });

    it('API keys are refused with 403 forbidden on every mobile-only endpoint', async () => {
      const calls = [
        t.http.get('/v1/auth/me'),
        t.http.post('/v1/auth/change-password').send({ current_password: STRONG, password: 'N3w!passw', confirm_password: 'N3w!passw' }),
        t.http.get('/v1/auth/sessions'),
        t.http.delete('/v1/auth/sessions').send({ session_id: 1 }),
        t.http.post('/v1/auth/sessions/revoke-others'),
        t.http.post('/v1/auth/delete-account').send({ password: STRONG }),
        t.http.post('/v1/auth/logout'),
      ];
      for (const call of calls) {
        const res = await call.set(owner.auth);
        expect([res.status, res.body.error?.code]).toEqual([403, 'forbidden']);
      }
      await t.http.get('/v1/auth/me').set('X-API-Key', owner.apiKey).expect(403);
      await t.http.get('/v1/auth/me').expect(401);
    });
  });

  describe('change-password', () => {
    beforeAll(() => t.createAccount({ username: 'changer', password: STRONG }));

    it.each([
      ['too short', 'Ab1!xyz'],
      ['no uppercase letter', 'abcdef1!x'],
      ['no lowercase letter', 'ABCDEF1!X'],
      ['no digit', 'Abcdefg!x'],
      ['no symbol', 'Abcdefg1x'],
    ])('refuses a new password with %s (400 keyed by password)', async (_, password) => {
      const s = await m.signIn('changer', STRONG);
      const res = await t.http
        .post('/v1/auth/change-password')
        .set(s.auth)
        .send({ current_password: STRONG, password, confirm_password: password })
        .expect(400);
      expect(res.body.error).toMatchObject({ code: 'validation_error', details: { password: expect.stringContaining('missing') } });
      expect(res.body.error.details).not.toHaveProperty('current_password');
      await t.http.post('/v1/auth/logout').set(s.auth).expect(200);
    });

    it('checks confirm_password and the current password (400 keyed by field)', async () => {
      const s = await m.signIn('changer', STRONG);
      const mismatch = await t.http
        .post('/v1/auth/change-password')
        .set(s.auth)
        .send({ current_password: STRONG, password: 'N3w!passw', confirm_password: 'N3w!passwX' })
        .expect(400);
      expect(mismatch.body.error.details).toEqual({ confirm_password: 'must equal password' });
      const wrong = await t.http
        .post('/v1/auth/change-password')
        .set(s.auth)
        .send({ current_password: 'Not!mine1', password: 'N3w!passw', confirm_password: 'N3w!passw' })
        .expect(400);
      expect(wrong.body.error).toMatchObject({ code: 'validation_error', details: { current_password: 'is not correct' } });
      const missing = await t.http.post('/v1/auth/change-password').set(s.auth).send({ password: 'N3w!passw' }).expect(400);
      expect(Object.keys(missing.body.error.details).sort()).toEqual(['confirm_password', 'current_password']);
      await t.http.post('/v1/auth/logout').set(s.auth).expect(200);
    });

    it('changes the password, keeps the current session and signs out the others', async () => {
      const here = await m.signIn('changer', STRONG);
      const there = await m.signIn('changer', STRONG);
      const res = await t.http
        .post('/v1/auth/change-password')
        .set(here.auth)
        .send({ current_password: STRONG, password: 'N3w!passw', confirm_password: 'N3w!passw' })
        .expect(200);
      expect(res.body.data).toEqual({ updated: true, password_upgrade_required: false, revoked_sessions: 1 });
      await t.http.get('/v1/auth/me').set(here.auth).expect(200);
      await m.refresh(here.refresh).expect(200);
      await t.http.get('/v1/auth/me').set(there.auth).expect(401);
      await m.refresh(there.refresh).expect(401);
      await m.login('changer', STRONG).expect(401);
      await m.signIn('changer', 'N3w!passw');
      const [row] = await t.dataSource.query("SELECT password_changed_at FROM users WHERE username = 'changer'");
      expect(row.password_changed_at).not.toBeNull();
    });
  });

  describe('permission keys', () => {
    it('a user token gets 403 forbidden on resources whose key it lacks; the API key keeps full access', async () => {
      const a = await t.createAccount({ username: 'perm_owner', password: STRONG });
      await m.addUser(a.auth, 'perm_clerk', STRONG, ['clients']);
      const clerk = await m.signIn('perm_clerk', STRONG);
      expect(clerk.body.permissions).toEqual(['clients']);
      await t.http.get('/v1/clients').set(clerk.auth).expect(200);

      const resources: Array<[string, string]> = [
        ['/v1/settings/users', 'users'],
        ['/v1/invoices', 'invoices'],
        ['/v1/invoices/999999/pdf', 'invoices'],
        ['/v1/quotations', 'quotations'],
        ['/v1/proforma-invoices', 'proforma_invoices'],
        ['/v1/debit-notes', 'debit_notes'],
        ['/v1/credit-notes', 'credit_notes'],
        ['/v1/inventory', 'inventory'],
        ['/v1/expenses', 'expenses'],
        ['/v1/sendouts', 'sendouts'],
        ['/v1/settings/business', 'settings'],
        ['/v1/settings/api-key', 'api'],
      ];
      let checked = 0;
      for (const [path, key] of resources) {
        if (!(await routeExists(t, a.auth, path))) continue;
        const res = await t.http.get(path).set(clerk.auth);
        expect([path, res.status, res.body.error?.code, res.body.error?.details]).toEqual([path, 403, 'forbidden', { permission: key }]);
        const withKey = await t.http.get(path).set(a.auth);
        expect([path, withKey.status]).not.toEqual([path, 403]);
        checked++;
      }
      expect(checked).toBeGreaterThanOrEqual(3);
      await t.http.post('/v1/clients').set(clerk.auth).send({ name: 'Clerk Client', phone: '9876543210', email: 'cc@example.com' }).expect(201);
    });

    it('a permission change ends the user sessions at once; signed in again, the user holds the new keys', async () => {
      const a = await t.createAccount({ username: 'live_owner', password: STRONG });
      const id = await m.addUser(a.auth, 'live_clerk', STRONG, ['clients']);
      const clerk = await m.signIn('live_clerk', STRONG);
      await t.http.get('/v1/settings/users').set(clerk.auth).expect(403);
      await t.http
        .patch(`/v1/settings/users/${id}`)
        .set(a.auth)
        .send({ permissions: ['clients', 'users'] })
        .expect(200);
      await t.http.get('/v1/settings/users').set(clerk.auth).expect(401);
      const again = await m.signIn('live_clerk', STRONG);
      await t.http.get('/v1/settings/users').set(again.auth).expect(200);
      expect((await t.http.get('/v1/auth/me').set(again.auth).expect(200)).body.data.permissions).toEqual(['clients', 'users']);
      await t.http.patch(`/v1/settings/users/${id}`).set(a.auth).send({ permissions: [] }).expect(200);
      await t.http.get('/v1/clients').set(again.auth).expect(401);
      const last = await m.signIn('live_clerk', STRONG);
      await t.http.get('/v1/clients').set(last.auth).expect(403);
      // Endpoints without a permission key stay open to any signed-in user.
      await t.http.get('/v1/auth/me').set(last.auth).expect(200);
      await t.http.get('/v1/me').set(last.auth).expect(200);
    });
  });

  describe('delete-account', () => {
    async function accountRows(accountId: number): Promise<Record<string, number>> {
      const tables: Array<{ name: string }> = await t.dataSource.query(
        `SELECT TABLE_NAME AS name FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = DATABASE() AND COLUMN_NAME = 'account_id'
            AND TABLE_NAME NOT IN ('mobile_sessions', 'activity_events')`,
      );
      const counts: Record<string, number> = {};
      for (const { name } of tables) {
        const [row] = await t.dataSource.query(`SELECT COUNT(*) AS n FROM \`${name}\` WHERE account_id = ?`, [accountId]);
        counts[name] = Number(row.n);
      }
      return counts;
    }

    it('needs the owner, the password and (when sent) confirmation "DELETE"; then login, tokens and the API key all fail while the records stay', async () => {
      const a = await t.createAccount({ username: 'closing_owner', password: STRONG });
      const client = await t.http.post('/v1/clients').set(a.auth).send({ name: 'Kept Client', phone: '9123456780', email: 'kept@example.com' }).expect(201);
      const clientId = client.body.data.client.client_id;
      if (await routeExists(t, a.auth, '/v1/debit-notes')) {
        await t.http.post('/v1/debit-notes').set(a.auth).send({ client_id: clientId, debit_note_date: '2025-05-15' });
      }
      await m.addUser(a.auth, 'closing_clerk', STRONG, [...PERMISSION_KEYS]);
      const clerk = await m.signIn('closing_clerk', STRONG);
      const owner = await m.signIn('closing_owner', STRONG);
      const other = await m.signIn('closing_owner', STRONG);
      const rowsBefore = await accountRows(a.accountId);
      expect(rowsBefore.clients).toBe(1);

      expect((await t.http.post('/v1/auth/delete-account').set(clerk.auth).send({ password: STRONG }).expect(403)).body.error.code).toBe('forbidden');
      const wrong = await t.http.post('/v1/auth/delete-account').set(owner.auth).send({ password: 'Not!mine1' }).expect(400);
      expect(wrong.body.error).toMatchObject({ code: 'validation_error', details: { password: 'is not correct' } });
      const unconfirmed = await t.http.post('/v1/auth/delete-account').set(owner.auth).send({ password: STRONG, confirmation: 'delete' }).expect(400);
      expect(unconfirmed.body.error.details).toHaveProperty('confirmation');
      await t.http.get('/v1/me').set(a.auth).expect(200);

      const res = await t.http.post('/v1/auth/delete-account').set(owner.auth).send({ password: STRONG, confirmation: 'DELETE' }).expect(200);
      expect(res.body.data).toEqual({ deleted: true, account_id: a.accountId, revoked_sessions: 3 });

      for (const s of [owner, other, clerk]) await t.http.get('/v1/auth/me').set(s.auth).expect(401);
      await m.refresh(owner.refresh).expect(401);
      await m.login('closing_owner', STRONG).expect(401);
      await m.login('closing_clerk', STRONG).expect(401);
      expect((await t.http.get('/v1/me').set(a.auth).expect(401)).body.error.code).toBe('unauthorized');
      await t.http.get('/v1/clients').set('X-API-Key', a.apiKey).expect(401);

      const [account] = await t.dataSource.query('SELECT deleted_at FROM accounts WHERE id = ?', [a.accountId]);
      expect(account.deleted_at).not.toBeNull();
      expect(await accountRows(a.accountId)).toEqual(rowsBefore);
    });

    it('works without the optional confirmation', async () => {
      const a = await t.createAccount({ username: 'quick_close', password: STRONG });
      const s = await m.signIn('quick_close', STRONG);
      await t.http.post('/v1/auth/delete-account').set(s.auth).send({ password: STRONG }).expect(200);
      await t.http.get('/v1/me').set(a.auth).expect(401);
    });
  });
});
