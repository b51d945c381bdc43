import { startApp, TestApp } from './support/app-harness';

describe('public endpoints: app version and legal texts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('public', {
      APP_ANDROID_LATEST: '2.4.0',
      APP_ANDROID_MIN: '2.0.1',
      APP_ANDROID_STORE_URL: 'https://play.google.com/store/apps/details?id=in.example.invoicing',
      APP_IOS_LATEST: '2.4.1',
      APP_IOS_MIN: '2.1',
      APP_IOS_STORE_URL: 'https://apps.apple.com/app/id1234567890',
      APP_UPDATE_MESSAGE: 'Update for faster PDFs.',
      APP_FORCE_UPDATE_MESSAGE: 'Please update to keep invoicing.',
    });
  });
  afterAll(() => t.close());

  it('GET /v1/app/version answers the configured versions without a credential', async () => {
    const res = await t.http.get('/v1/app/version').expect(200);
    expect(res.body).toEqual({
      ok: true,
      data: {
        android: { latest: '2.4.0', min: '2.0.1', store_url: 'https://play.google.com/store/apps/details?id=in.example.invoicing' },
        ios: { latest: '2.4.1', min: '2.1', store_url: 'https://apps.apple.com/app/id1234567890' },
        message: 'Update for faster PDFs.',
        force_message: 'Please update to keep invoicing.',
      },
    });
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });

  it('answers 304 without a body on a matching If-None-Match, and 200 on another tag', async () => {
    const first = await t.http.get('/v1/app/version').expect(200);
    const etag = first.headers.etag as string;
    const again = await t.http.get('/v1/app/version').set('If-None-Match', etag).expect(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers.etag).toBe(etag);
    await t.http.get('/v1/app/version').set('If-None-Match', `"other", W/${etag}`).expect(304);
    const changed = await t.http.get('/v1/app/version').set('If-None-Match', '"stale"').expect(200);
    expect(changed.body.data.android.latest).toBe('2.4.0');
  });

  it('is answered even for a suspended account and ignores a bad credential', async () => {
    const a = await t.createAccount();
    await t.admin.setSuspended(a.accountId, true);
    await t.http.get('/v1/me').set(a.auth).expect(403);
    await t.http.get('/v1/app/version').set(a.auth).expect(200);
    await t.http.get('/v1/legal').set(a.auth).expect(200);
    await t.http.get('/v1/legal/privacy').set('Authorization', 'Bearer nonsense').expect(200);
  });

  it('GET /v1/legal lists the five policies with title and updated_at', async () => {
    const res = await t.http.get('/v1/legal').expect(200);
    expect(res.body.data.total).toBe(5);
    expect(res.body.data.policies.map((p: { id: string }) => p.id)).toEqual(['privacy', 'terms', 'security', 'refund', 'delete-account']);
    for (const p of res.body.data.policies) {
      expect(Object.keys(p).sort()).toEqual(['id', 'title', 'updated_at']);
      expect(p.title).toEqual(expect.any(String));
      expect(p.updated_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    expect(res.headers.etag).toBeDefined();
    await t.http
      .get('/v1/legal')
      .set('If-None-Match', res.headers.etag as string)
      .expect(304);
  });

  it('GET /v1/legal/{id} answers the markdown article; its ETag differs per article', async () => {
    const privacy = await t.http.get('/v1/legal/privacy').expect(200);
    expect(privacy.body.data).toMatchObject({ id: 'privacy', title: 'Privacy policy', updated_at: expect.any(String) });
    expect(privacy.body.data.body).toContain('72 months');
    expect(privacy.body.data.body).toMatch(/^# Privacy policy/);
    const deletion = await t.http.get('/v1/legal/delete-account').expect(200);
    expect(deletion.body.data.body).toContain('/v1/auth/delete-account');
    expect(deletion.body.data.body).toContain('72 months');
    expect(deletion.headers.etag).not.toBe(privacy.headers.etag);
    await t.http
      .get('/v1/legal/delete-account')
      .set('If-None-Match', privacy.headers.etag as string)
      .expect(200);
    await t.http
      .get('/v1/legal/delete-account')
      .set('If-None-Match', deletion.headers.etag as string)
      .expect(304);
    for (const id of ['terms', 'security', 'refund']) await t.http.get(`/v1/legal/${id}`).expect(200);
  });

  it('an unknown legal id is 404 not_found', async () => {
    const res = await t.http.get('/v1/legal/cookies').expect(404);
    expect(res.body).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
