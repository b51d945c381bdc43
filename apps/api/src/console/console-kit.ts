import type { AppConfig } from '@app/infra/config/app-config';
import { constantTimeEqual } from '@app/domain/shared/constant-time';
import { DomainError, Forbidden, RateLimited, ValidationFailed } from '@app/domain/shared/domain-error';
import { can, type PermissionKey } from '@app/domain/shared/principal';
import type { SecretHasher } from '@app/domain/shared/secret.port';
import { STATUS } from '@app/contract/common/error-status';
import type { EdgeReply } from '../edge/http-edge';
import { type Answer, cookie, cookiesOf, field, type Form, type ConsoleRequest, send } from './console-http';
import type { ConsoleSessions, SignedIn } from './console-sessions';
import type { ConsoleViews, ViewName } from './console-views';

export const SESSION_COOKIE = 'console_session';
export const CSRF_COOKIE = 'console_csrf';
const CSRF_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/** A page that needs a signed-in browser, reached without one: the sign-in page answers instead. */
export class SignInRequired extends Error {}
/** A form post without the CSRF token of its session (or of the anonymous form it came from). */
export class CsrfRefused extends Forbidden {
  constructor() {
    super('This form has expired or did not come from this console. Reload the page and try again.');
  }
}

export type Handler = (req: ConsoleRequest) => Promise<Answer> | Answer;
export type Route = (method: 'get' | 'post', path: string, handler: Handler) => void;

/** Who a page is for: anyone (sign-in, sign-up...) or a signed-in user, with the API's permission key where the API asks one. */
export interface PageContext {
  title: string;
  csrf: string;
  me?: { username: string; nav: Record<string, boolean> };
  notice?: string;
  problem?: string;
  problems?: string[];
  [key: string]: unknown;
}

/** What every console route shares: the session, CSRF and permission checks, the page renderer, the error pages. */
export class ConsoleKit {
  constructor(
    readonly config: AppConfig,
    readonly sessions: ConsoleSessions,
    private readonly views: ConsoleViews,
    private readonly secrets: SecretHasher,
  ) {}

  /** The signed-in browser, holding `permission` when given (the same key as the API's route); else SignInRequired / Forbidden. */
  async signedIn(req: ConsoleRequest, permission?: PermissionKey): Promise<SignedIn> {
    const me = await this.sessions.resolve(cookiesOf(req)[SESSION_COOKIE]);
    if (!me) throw new SignInRequired();
    if (permission && !can(me.caller.principal, permission)) throw new Forbidden(`Your user lacks the "${permission}" permission.`, { permission });
    return me;
  }

  /** A signed-in form post: its CSRF token must be the session's. */
  async signedInPost(req: ConsoleRequest, form: Form, permission?: PermissionKey): Promise<SignedIn> {
    const me = await this.signedIn(req);
    if (!this.sameToken(field(form, '_csrf'), me.csrf)) throw new CsrfRefused();
    if (permission && !can(me.caller.principal, permission)) throw new Forbidden(`Your user lacks the "${permission}" permission.`, { permission });
    return me;
  }

  /** The CSRF token of a page without a session (double-submit: the same random value in a cookie and in the form). */
  anonymousCsrf(req: ConsoleRequest): { csrf: string; cookies: string[] } {
    const current = cookiesOf(req)[CSRF_COOKIE];
    if (current && CSRF_PATTERN.test(current)) return { csrf: current, cookies: [] };
    const csrf = this.secrets.randomToken(32);
    return { csrf, cookies: [this.cookie(CSRF_COOKIE, csrf, 24 * 3600, 'Strict')] };
  }

  assertAnonymousCsrf(req: ConsoleRequest, form: Form): void {
    const current = cookiesOf(req)[CSRF_COOKIE];
    if (!current || !CSRF_PATTERN.test(current) || !this.sameToken(field(form, '_csrf'), current)) throw new CsrfRefused();
  }

  /** The cookies of a new sign-in: the session's token, and a fresh anonymous CSRF value (the old one is not kept). */
  signInCookies(token: string): string[] {
    return [this.cookie(SESSION_COOKIE, token, this.config.console.absoluteSeconds, 'Lax'), this.cookie(CSRF_COOKIE, '', 0, 'Strict')];
  }

  signOutCookies(): string[] {
    return [this.cookie(SESSION_COOKIE, '', 0, 'Lax')];
  }

  /** A whole page for a signed-in user (`me`) or for anyone. */
  page(view: ViewName, context: PageContext, me?: SignedIn, status = 200, cookies: string[] = []): Answer {
    const full: PageContext = me ? { ...context, csrf: me.csrf, me: this.meOf(me) } : context;
    return { status, html: this.views.page(view, full), cookies };
  }

  /** Registers a handler that turns the domain's refusals into console pages. */
  wrap(handler: Handler): (req: ConsoleRequest, reply: EdgeReply) => Promise<void> {
    return async (req, reply) => {
      let answer: Answer;
      try {
        answer = await handler(req);
      } catch (error) {
        answer = await this.errorAnswer(req, error);
      }
      send(reply, answer);
    };
  }

  /** Problems of a ValidationFailed as lines for the page ("password must ..."). */
  problemsOf(error: ValidationFailed): string[] {
    return Object.entries(error.details).map(([name, problem]) => `${name.replace(/_/g, ' ')} ${String(problem)}`);
  }

  private async errorAnswer(req: ConsoleRequest, error: unknown): Promise<Answer> {
    if (error instanceof SignInRequired) return { redirect: '/console/sign-in', cookies: this.signOutCookies() };
    const me = await this.sessions.resolve(cookiesOf(req)[SESSION_COOKIE]).catch(() => null);
    const csrf = me?.csrf ?? '';
    if (error instanceof DomainError) {
      const status = STATUS[error.code];
      const problems = error instanceof ValidationFailed ? this.problemsOf(error) : undefined;
      const title = status === 404 ? 'Not found' : status === 403 ? 'Not allowed' : status === 429 ? 'Too many attempts' : 'That did not work';
      const answer = this.page('error', { title, csrf, message: error.message, problems }, me ?? undefined, status);
      if (error instanceof RateLimited) answer.cookies = [];
      return answer;
    }
    process.stderr.write(`${JSON.stringify({ msg: 'console page failed', error: (error as Error)?.stack ?? String(error) })}\n`);
    return this.page('error', { title: 'Something went wrong', csrf, message: 'The console could not answer. Try again in a moment.' }, me ?? undefined, 500);
  }

  private meOf(me: SignedIn) {
    const p = me.caller.principal;
    return {
      username: me.caller.user?.username ?? '',
      nav: { api: can(p, 'api'), integrations: can(p, 'integrations'), users: can(p, 'users'), documents: can(p, 'invoices') },
    };
  }

  private cookie(name: string, value: string, maxAge: number, sameSite: 'Strict' | 'Lax'): string {
    return cookie(name, value, { maxAge, sameSite, secure: this.config.console.secureCookie });
  }

  private sameToken(given: string, expected: string): boolean {
    return given.length === expected.length && constantTimeEqual(given, expected);
  }
}
