import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { loadConfig } from '@app/infra/config/app-config';
import { PERMISSION_KEYS } from '@app/domain/shared/principal';
import { createApiApp, readyApiApp } from '../apps/api/src/app.factory';
import { freshDatabase } from './support/app-harness';

const ROOT = path.resolve(__dirname, '..');
const CLI_ENTRY = path.join(ROOT, 'dist/apps/cli/src/main.js');
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The admin CLI as operators run it: the built app in a child process. */
describe('admin CLI (built, as a child process)', () => {
  let databaseUrl: string;
  let app: INestApplication;
  let db: DataSource;
  let http: ReturnType<typeof request>;

  function cli(...args: string[]): Run {
    const res = spawnSync(process.execPath, ['scripts/run.js', 'cli', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, BCRYPT_COST: '4', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { status: res.status, stdout: res.stdout, stderr: res.stderr };
  }

  /** Exit 0 and exactly one JSON object on stdout, which is returned. */
  function ok(run: Run): Record<string, any> {
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    const lines = run.stdout.split('\n').filter((l) => l.trim() !== '');
    expect(lines).toHaveLength(1);
    const value = JSON.parse(lines[0]);
    expect(value).toEqual(expect.any(Object));
    expect(Array.isArray(value)).toBe(false);
    return value;
  }

  /** Non-zero exit, nothing on stdout, an error on stderr (returned parsed). */
  function fails(run: Run): Record<string, any> {
    expect(run.status).not.toBe(0);
    expect(run.status).not.toBeNull();
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).not.toBe('');
    return JSON.parse(run.stderr.trim().split('\n')[0]);
  }

  const accountRow = async (id: number) => (await db.query('SELECT * FROM accounts WHERE id = ?', [id]))[0] as Record<string, any>;
  const accountCount = async () => Number((await db.query('SELECT COUNT(*) AS n FROM accounts'))[0].n);
  const me = (key: string) => http.get('/v1/me').set('Authorization', `Bearer ${key}`);

  beforeAll(async () => {
    if (!existsSync(CLI_ENTRY)) {
      const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
      if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
    }
    databaseUrl = await freshDatabase('cli');
    // The real API on the CLI's database, to see that what the CLI does takes effect there.
    app = await createApiApp(loadConfig({ ...process.env, LOG_LEVEL: 'silent', RATE_LIMIT: 'off', DATABASE_URL: databaseUrl }));
    await readyApiApp(app);
    db = app.get(DataSource);
    http = request(app.getHttpServer());
  }, 180_000);
  afterAll(async () => {
    await app?.close();
  });

  it('migrate prints one JSON object (nothing left to apply on a migrated database)', () => {
    expect(ok(cli('migrate'))).toEqual({ ok: true, applied: [] });
  });

  describe('account:create', () => {
    it('without --username prints {account_id, api_key, user_id: null} and stores the account', async () => {
      const out = ok(
        cli(
          'account:create',
          '--name',
          'Patil Engineering',
          '--email',
          'ops@patil.example',
          '--gstin',
          '27aapfu0939f1zv',
          '--plan',
          'pro',
          '--expires',
          '2030-03-31 18:30:00',
        ),
      );
      expect(out).toEqual({ account_id: expect.any(Number), api_key: expect.stringMatching(/^ik_[A-Za-z0-9_-]{43}$/), user_id: null });
      expect(await accountRow(out.account_id)).toMatchObject({
        business_name: 'Patil Engineering',
        business_email: 'ops@patil.example',
        business_gstin: '27AAPFU0939F1ZV',
        business_pan: 'AAPFU0939F',
        currency: 'INR',
        plan: 'pro',
        subscription_expires_at: '2030-03-31 18:30:00',
        suspended_at: null,
      });
      expect(Number((await db.query('SELECT COUNT(*) AS n FROM users WHERE account_id = ?', [out.account_id]))[0].n)).toBe(0);

      const res = await me(out.api_key).expect(200);
      expect(res.body.data).toMatchObject({
        account_id: out.account_id,
        business_name: 'Patil Engineering',
        business_gstin: '27AAPFU0939F1ZV',
        subscription_expires_at: '2030-03-31 18:30:00',
      });
    });

    it('defaults to the Free plan and INR, and keeps the API key only as its SHA-256 hash', async () => {
      const out = ok(cli('account:create', '--name', 'Hash Check', '--email', 'hash@check.example'));
      const row = await accountRow(out.account_id);
      expect(row).toMatchObject({ plan: 'free', currency: 'INR', subscription_expires_at: null, business_gstin: null });
      expect(row.api_key_hash).toBe(sha256(out.api_key));
      expect(row.api_key_masked).toBe(`ik_********${out.api_key.slice(-4)}`);
      const stored = JSON.stringify(row);
      expect(stored).not.toContain(out.api_key);
      expect(stored).not.toContain(out.api_key.slice(3)); // the random part either
    });

    it('with --username and --password creates the owner user with every permission and a bcrypt hash', async () => {
      const out = ok(
        cli('account:create', '--name', 'Owner Co', '--email', 'owner@co.example', '--currency', 'usd', '--username', 'owner.co', '--password', 'S3cret!pass'),
      );
      expect(out).toEqual({ account_id: expect.any(Number), api_key: expect.stringMatching(/^ik_/), user_id: expect.any(Number) });
      const [user] = await db.query('SELECT * FROM users WHERE id = ?', [out.user_id]);
      expect(user).toMatchObject({ account_id: out.account_id, username: 'owner.co', is_owner: 1 });
      expect(user.permissions.split(',').sort()).toEqual([...PERMISSION_KEYS].sort());
      expect(user.password_hash).toMatch(/^\$2[aby]\$/);
      expect(user.password_hash).not.toContain('S3cret!pass');
      expect((await accountRow(out.account_id)).currency).toBe('USD');
    });

    it('a taken username fails and leaves no account behind', async () => {
      ok(cli('account:create', '--name', 'First', '--email', 'first@taken.example', '--username', 'taken.user', '--password', 'pw1'));
      const before = await accountCount();
      const err = fails(cli('account:create', '--name', 'Second', '--email', 'second@taken.example', '--username', 'taken.user', '--password', 'pw2'));
      expect(err.error).toBe('conflict');
      expect(await accountCount()).toBe(before);
    });
  });

  describe('account:suspend, account:unsuspend, account:set-plan', () => {
    it('suspend and unsuspend print {ok: true} and take effect on the API at once', async () => {
      const { account_id, api_key } = ok(cli('account:create', '--name', 'Suspendable', '--email', 'susp@example.com'));
      expect(ok(cli('account:suspend', '--account', String(account_id)))).toEqual({ ok: true });
      expect((await accountRow(account_id)).suspended_at).toEqual(expect.any(String));
      const res = await me(api_key).expect(403);
      expect(res.body.error.code).toBe('account_suspended');

      expect(ok(cli('account:unsuspend', '--account', String(account_id)))).toEqual({ ok: true });
      expect((await accountRow(account_id)).suspended_at).toBeNull();
      await me(api_key).expect(200);
    });

    it('set-plan prints {ok: true} and stores the plan and expiry (cleared when omitted)', async () => {
      const { account_id, api_key } = ok(cli('account:create', '--name', 'Planner', '--email', 'plan@example.com'));
      expect(ok(cli('account:set-plan', '--account', String(account_id), '--plan', 'pro', '--expires', '2031-01-01 00:00:00'))).toEqual({ ok: true });
      expect(await accountRow(account_id)).toMatchObject({ plan: 'pro', subscription_expires_at: '2031-01-01 00:00:00' });
      expect((await me(api_key).expect(200)).body.data.subscription_expires_at).toBe('2031-01-01 00:00:00');

      expect(ok(cli('account:set-plan', `--account=${account_id}`, '--plan=free'))).toEqual({ ok: true });
      expect(await accountRow(account_id)).toMatchObject({ plan: 'free', subscription_expires_at: null });
    });
  });

  describe('account:rotate-key', () => {
    it('prints a new key; the old one stops working at once and only the new hash is stored', async () => {
      const { account_id, api_key: oldKey } = ok(cli('account:create', '--name', 'Rotator', '--email', 'rotate@example.com'));
      await me(oldKey).expect(200);
      const oldHash = (await accountRow(account_id)).api_key_hash;

      const out = ok(cli('account:rotate-key', '--account', String(account_id)));
      expect(out).toEqual({ api_key: expect.stringMatching(/^ik_[A-Za-z0-9_-]{43}$/) });
      expect(out.api_key).not.toBe(oldKey);

      const row = await accountRow(account_id);
      expect(row.api_key_hash).not.toBe(oldHash);
      expect(row.api_key_hash).toBe(sha256(out.api_key));
      expect(JSON.stringify(row)).not.toContain(out.api_key);

      const rejected = await me(oldKey).expect(401);
      expect(rejected.body.error.code).toBe('unauthorized');
      expect((await me(out.api_key).expect(200)).body.data.account_id).toBe(account_id);
    });
  });

  describe('bad input: non-zero exit, error on stderr, nothing on stdout', () => {
    let existing: number;
    beforeAll(() => {
      existing = ok(cli('account:create', '--name', 'Existing', '--email', 'existing@example.com')).account_id;
    });

    it('account:create without --email', async () => {
      const before = await accountCount();
      const err = fails(cli('account:create', '--name', 'No Email'));
      expect(err).toMatchObject({ error: 'validation_error', details: { email: expect.any(String) } });
      expect(await accountCount()).toBe(before);
    });

    it('account:create with a bad GSTIN', async () => {
      const before = await accountCount();
      const err = fails(cli('account:create', '--name', 'Bad', '--email', 'bad@gstin.example', '--gstin', '27AAPFU0939F1ZW'));
      expect(err).toMatchObject({ error: 'validation_error', details: { gstin: expect.stringContaining('check character') } });
      expect(await accountCount()).toBe(before);
    });

    it('account:create with a bad plan or expiry, or --username without --password', () => {
      expect(fails(cli('account:create', '--name', 'P', '--email', 'p@x.example', '--plan', 'gold')).details).toHaveProperty('plan');
      expect(fails(cli('account:create', '--name', 'P', '--email', 'p@x.example', '--expires', '2030-01-01')).details).toHaveProperty('expires');
      // A well-formed but impossible moment is a validation error too, not a database failure.
      expect(fails(cli('account:create', '--name', 'P', '--email', 'p@x.example', '--expires', '2030-02-30 10:00:00'))).toMatchObject({
        error: 'validation_error',
        details: { expires: expect.any(String) },
      });
      expect(fails(cli('account:create', '--name', 'P', '--email', 'p@x.example', '--username', 'lonely')).details).toHaveProperty('password');
    });

    it('an unknown command', () => {
      const err = fails(cli('account:explode', '--account', String(existing)));
      expect(err.error).toBe('validation_error');
      expect(err.message + JSON.stringify(err.details)).toContain('account:explode');
      fails(cli());
    });

    it.each([['account:suspend'], ['account:unsuspend'], ['account:rotate-key']])('%s of an unknown account', async (command) => {
      const err = fails(cli(command, '--account', '999999'));
      expect(err.error).toBe('not_found');
    });

    it('set-plan of an unknown account, with a bad plan, or a malformed account id', async () => {
      expect(fails(cli('account:set-plan', '--account', '999999', '--plan', 'pro')).error).toBe('not_found');
      expect(fails(cli('account:set-plan', '--account', String(existing), '--plan', 'gold')).details).toHaveProperty('plan');
      expect(fails(cli('account:set-plan', '--account', String(existing), '--plan', 'pro', '--expires', '2030-01-01 25:00:00')).error).toBe('validation_error');
      expect(fails(cli('account:suspend', '--account', 'abc')).details).toHaveProperty('account');
      expect(fails(cli('account:suspend')).details).toHaveProperty('account');
      expect((await accountRow(existing)).plan).toBe('free');
    });

    it('an option without its value', () => {
      fails(cli('account:create', '--name', 'X', '--email'));
    });
  });
});
