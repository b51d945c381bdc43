/** The console over plain HTTP (no browser): a signed-in cookie jar and the CSRF token of its forms. */
export interface ConsoleHttp {
  cookie: string;
  csrf: string;
  get(path: string): Promise<Response>;
  post(path: string, fields: Record<string, string | string[]>, withCsrf?: boolean): Promise<Response>;
}

function setCookies(res: Response): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const i = pair.indexOf('=');
    jar[pair.slice(0, i)] = pair.slice(i + 1);
  }
  return jar;
}

const csrfOf = (html: string) => /name="_csrf" value="([^"]*)"/.exec(html)?.[1] ?? '';

export function formBody(fields: Record<string, string | string[]>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  return body;
}

/** Signs in through the console's own form (with its anonymous CSRF cookie) and keeps the session. */
export async function consoleSignIn(base: string, username: string, password: string): Promise<ConsoleHttp> {
  const form = await fetch(`${base}/console/sign-in`);
  const anonymous = setCookies(form);
  const signIn = await fetch(`${base}/console/sign-in`, {
    method: 'POST',
    headers: { cookie: `console_csrf=${anonymous.console_csrf}` },
    body: formBody({ _csrf: csrfOf(await form.text()), username, password }),
    redirect: 'manual',
  });
  if (signIn.status !== 303) throw new Error(`console sign-in answered ${signIn.status}`);
  const cookie = `console_session=${setCookies(signIn).console_session}`;
  const home = await fetch(`${base}/console`, { headers: { cookie } });
  const client: ConsoleHttp = {
    cookie,
    csrf: csrfOf(await home.text()),
    get: (path) => fetch(base + path, { headers: { cookie }, redirect: 'manual' }),
    post: (path, fields, withCsrf = true) =>
      fetch(base + path, { method: 'POST', headers: { cookie }, body: formBody(withCsrf ? { _csrf: client.csrf, ...fields } : fields), redirect: 'manual' }),
  };
  return client;
}
