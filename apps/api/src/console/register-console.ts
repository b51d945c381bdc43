import type { INestApplication } from '@nestjs/common';
import Redis from 'ioredis';
import { AccountAdminService } from '@app/domain/accounts/account-admin.service';
import { AccountRepository } from '@app/domain/accounts/account.repository.port';
import { ActivityLog } from '@app/domain/activity/activity-log.port';
import { AuthenticateCaller } from '@app/domain/auth/authenticate-caller.use-case';
import { SessionRepository } from '@app/domain/auth/session.repository.port';
import { SignInCheck } from '@app/domain/auth/sign-in-check';
import { DocumentOutputService } from '@app/domain/document-output/document-output.service';
import { DocumentQuota } from '@app/domain/documents/document-quota';
import { GstExportsService } from '@app/domain/gst-returns/gst-exports.service';
import { InvoicesService } from '@app/domain/invoices/invoices.service';
import type { Mailer } from '@app/domain/sendouts/mailer.port';
import { Clock } from '@app/domain/shared/clock.port';
import { SecretHasher } from '@app/domain/shared/secret.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { SubUsersService } from '@app/domain/users/sub-users.service';
import { UserCredentials } from '@app/domain/users/user-credentials';
import { PasswordHasher, UserRepository } from '@app/domain/users/user.repository.port';
import { WebhooksService } from '@app/domain/webhooks/webhooks.service';
import type { AppConfig } from '@app/infra/config/app-config';
import { databaseName } from '@app/infra/database/data-source';
import type { EdgeReply } from '../edge/http-edge';
import { CONSOLE_CSS, CONSOLE_JS } from './console-assets';
import { type ConsoleRequest } from './console-http';
import { ConsoleKit, type Handler } from './console-kit';
import { ConsoleMail } from './console-mail';
import { CONSOLE_MAILER } from './console.module';
import { ConsolePasswordReset } from './console-password-reset';
import { ConsoleSessions } from './console-sessions';
import { ConsoleSignups } from './console-signups';
import { ConsoleViews } from './console-views';
import { accountRoutes } from './routes-account';
import { authRoutes } from './routes-auth';
import { documentRoutes } from './routes-documents';
import { webhookRoutes } from './routes-webhooks';

interface PlatformRoutes {
  get(path: string, handler: (req: ConsoleRequest, reply: EdgeReply) => unknown): unknown;
  post(path: string, handler: (req: ConsoleRequest, reply: EdgeReply) => unknown): unknown;
}

/**
 * The web console (docs/console.md): HTML pages under /console, registered on the HTTP platform beside the API
 * (like /changelog, outside the OpenAPI document), on either edge. Every page works through the API's own
 * domain services, taken from the app, so the console is another edge over the same accounts, users, keys,
 * webhooks and documents, with the same permission keys.
 */
export function registerConsole(app: INestApplication, config: AppConfig): void {
  const get = <T>(type: abstract new (...args: never[]) => T): T => app.get(type, { strict: false });
  const redis = get(Redis);
  const prefix = `console:${databaseName(config.databaseUrl)}:`;
  const secrets = get(SecretHasher);
  const clock = get(Clock);
  const tx = get(TransactionRunner);
  const accounts = get(AccountRepository);
  const users = get(UserRepository);
  const passwords = get(PasswordHasher);
  const admin = new AccountAdminService(accounts, users, passwords, secrets, tx);
  const mail = new ConsoleMail(app.get<Mailer>(CONSOLE_MAILER, { strict: false }), config.mailFrom);
  const sessions = new ConsoleSessions({
    check: get(SignInCheck),
    accounts,
    sessions: get(SessionRepository),
    authenticate: get(AuthenticateCaller),
    plans: config.plans,
    secrets,
    tx,
    clock,
    activity: get(ActivityLog),
    redis,
    prefix,
    config: config.console,
  });
  const kit = new ConsoleKit(config, sessions, new ConsoleViews(), secrets);
  const signups = new ConsoleSignups({
    redis,
    prefix,
    config: config.console,
    rateLimit: config.rateLimit,
    admin,
    accounts,
    users,
    passwords,
    secrets,
    mail,
    site: config,
  });
  const resets = new ConsolePasswordReset({ redis, prefix, users, credentials: get(UserCredentials), secrets, tx, clock, mail, site: config });

  const platform = app.getHttpAdapter() as unknown as PlatformRoutes;
  const route = (method: 'get' | 'post', path: string, handler: Handler) => void platform[method](path, kit.wrap(handler));
  const asset = (path: string, type: string, body: string) =>
    platform.get(path, (_req, reply) => {
      reply.header('Content-Type', type);
      reply.header('Cache-Control', 'public, max-age=300');
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.send(body);
    });
  asset('/console/assets/console.css', 'text/css; charset=utf-8', CONSOLE_CSS);
  asset('/console/assets/console.js', 'text/javascript; charset=utf-8', CONSOLE_JS);

  authRoutes(route, kit, signups, resets);
  accountRoutes(route, kit, { admin, quota: get(DocumentQuota), users: get(SubUsersService), clock });
  webhookRoutes(route, kit, get(WebhooksService));
  documentRoutes(route, kit, { invoices: get(InvoicesService), output: get(DocumentOutputService), exports: get(GstExportsService) });
}
