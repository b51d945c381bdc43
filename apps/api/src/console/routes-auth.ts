import { SessionLimit, Unauthorized, ValidationFailed, DomainError } from '@app/domain/shared/domain-error';
import { field, formOf, type ConsoleRequest } from './console-http';
import type { ConsoleKit, Route } from './console-kit';
import type { ConsolePasswordReset } from './console-password-reset';
import type { ConsoleSignups } from './console-signups';

function userAgentOf(req: ConsoleRequest): string | null {
  const ua = req.headers['user-agent'];
  return typeof ua === 'string' ? ua : null;
}

/** Sign up, verify the email, sign in and out, forgotten password. */
export function authRoutes(route: Route, kit: ConsoleKit, signups: ConsoleSignups, resets: ConsolePasswordReset): void {
  const signupOpen = kit.config.console.signup;

  /** An anonymous form page, with its double-submit CSRF token. */
  const anonymousPage = (req: ConsoleRequest, view: Parameters<ConsoleKit['page']>[0], title: string, extra: Record<string, unknown> = {}, status = 200) => {
    const { csrf, cookies } = kit.anonymousCsrf(req);
    return kit.page(view, { title, csrf, signupOpen, ...extra }, undefined, status, cookies);
  };
  const refusal = (req: ConsoleRequest, view: Parameters<ConsoleKit['page']>[0], title: string, error: unknown, form: Record<string, string>) => {
    if (!(error instanceof ValidationFailed)) throw error;
    return anonymousPage(req, view, title, { form, problem: 'Please correct the form.', problems: kit.problemsOf(error) }, 400);
  };

  route('get', '/console/sign-up', (req) =>
    signupOpen ? anonymousPage(req, 'sign-up', 'Create your account', { form: {} }) : anonymousPage(req, 'sign-up-off', 'Sign-up is closed', {}, 404),
  );
  route('post', '/console/sign-up', async (req) => {
    if (!signupOpen) return anonymousPage(req, 'sign-up-off', 'Sign-up is closed', {}, 404);
    const form = formOf(req);
    kit.assertAnonymousCsrf(req, form);
    const input = { business_name: field(form, 'business_name'), email: field(form, 'email'), password: field(form, 'password'), gstin: field(form, 'gstin') };
    try {
      await signups.request(input, req.ip ?? null);
    } catch (error) {
      return refusal(req, 'sign-up', 'Create your account', error, { ...input, password: '' });
    }
    return { redirect: '/console/sign-up/sent' };
  });
  route('get', '/console/sign-up/sent', (req) => anonymousPage(req, 'sign-up-sent', 'Check your inbox'));

  route('get', '/console/verify', (req) => anonymousPage(req, 'verify', 'Verify your email'));
  route('post', '/console/verify', async (req) => {
    const form = formOf(req);
    kit.assertAnonymousCsrf(req, form);
    let made;
    try {
      made = await signups.verify(field(form, 'code').trim());
    } catch (error) {
      return refusal(req, 'verify', 'Verify your email', error, {});
    }
    const opened = await kit.sessions.openFor(made.account, made.user, userAgentOf(req));
    return { redirect: '/console?welcome=1', cookies: kit.signInCookies(opened.token) };
  });

  route('get', '/console/sign-in', (req) => anonymousPage(req, 'sign-in', 'Sign in', { form: {} }));
  route('post', '/console/sign-in', async (req) => {
    const form = formOf(req);
    kit.assertAnonymousCsrf(req, form);
    const username = field(form, 'username').trim();
    try {
      if (!username || !field(form, 'password')) throw new Unauthorized('The username or password is not correct.');
      const opened = await kit.sessions.signIn(username, field(form, 'password'), req.ip ?? null, userAgentOf(req));
      return { redirect: '/console', cookies: kit.signInCookies(opened.token) };
    } catch (error) {
      if (!(error instanceof DomainError) || error instanceof ValidationFailed) throw error;
      const status = error instanceof Unauthorized ? 401 : error instanceof SessionLimit ? 409 : 403;
      return anonymousPage(req, 'sign-in', 'Sign in', { form: { username }, problem: error.message }, error.code === 'rate_limited' ? 429 : status);
    }
  });

  route('post', '/console/sign-out', async (req) => {
    const me = await kit.signedInPost(req, formOf(req));
    await kit.sessions.signOut(me);
    return { redirect: '/console/sign-in', cookies: kit.signOutCookies() };
  });

  route('get', '/console/forgot', (req) => anonymousPage(req, 'forgot', 'Forgot your password'));
  route('post', '/console/forgot', async (req) => {
    const form = formOf(req);
    kit.assertAnonymousCsrf(req, form);
    await resets.request(field(form, 'email'));
    return { redirect: '/console/forgot/sent' };
  });
  route('get', '/console/forgot/sent', (req) => anonymousPage(req, 'forgot-sent', 'Check your inbox'));
  route('get', '/console/reset', (req) => anonymousPage(req, 'reset', 'Choose a new password'));
  route('post', '/console/reset', async (req) => {
    const form = formOf(req);
    kit.assertAnonymousCsrf(req, form);
    try {
      await resets.reset(field(form, 'code').trim(), field(form, 'password'), field(form, 'confirm_password'));
    } catch (error) {
      return refusal(req, 'reset', 'Choose a new password', error, {});
    }
    return anonymousPage(req, 'sign-in', 'Sign in', { form: {}, notice: 'Your password is changed. Sign in with it.' });
  });
}
