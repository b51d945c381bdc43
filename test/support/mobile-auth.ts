import type { TestApp } from './app-harness';

/** Helpers of the mobile sign-in suites. */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export interface SignedIn {
  access: string;
  refresh: string;
  sessionId: number;
  auth: { Authorization: string };
  body: Record<string, any>;
}

export function mobile(t: TestApp) {
  const login = (username: string, password: string, extra: Record<string, unknown> = {}, userAgent = 'InvoicingApp/2.1 (Android 14; Pixel 8)') =>
    t.http
      .post('/v1/auth/login')
      .set('User-Agent', userAgent)
      .send({ username, password, ...extra });

  return {
    login,
    /** Signs in and expects 200. */
    async signIn(username: string, password: string, extra: Record<string, unknown> = {}): Promise<SignedIn> {
      const res = await login(username, password, extra);
      if (res.status !== 200) throw new Error(`login of ${username} gave ${res.status}: ${JSON.stringify(res.body)}`);
      const body = res.body.data;
      return { access: body.access_token, refresh: body.refresh_token, sessionId: body.session_id, auth: bearer(body.access_token), body };
    },
    refresh: (refreshToken: string) => t.http.post('/v1/auth/refresh').send({ refresh_token: refreshToken }),
    /** Creates a sub-user through the API with the given API key or token headers. */
    async addUser(auth: object, username: string, password: string, permissions: string[]): Promise<number> {
      const res = await t.http
        .post('/v1/settings/users')
        .set(auth as Record<string, string>)
        .send({ username, password, permissions });
      if (res.status !== 201) throw new Error(`create user ${username} gave ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body.data.user_id;
    },
  };
}

/** True when the route is mounted (another team's module may not be yet): anything but a route 404. */
export async function routeExists(t: TestApp, auth: object, path: string): Promise<boolean> {
  const res = await t.http.get(path).set(auth as Record<string, string>);
  return !(res.status === 404 && res.body?.error?.details?.route !== undefined);
}
