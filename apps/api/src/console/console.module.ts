import { Module } from '@nestjs/common';
import { Mailer } from '@app/domain/sendouts/mailer.port';
import type { AppConfig } from '@app/infra/config/app-config';
import { OUTBOX_DIR } from '@app/infra/mail/mail-infra.module';
import { NodemailerMailer } from '@app/infra/mail/nodemailer-mailer';
import { APP_CONFIG } from '../core/tokens';
import { factory } from '@app/infra/core/providers';

/** The console's mail path (the worker's transport, SMTP_URL or the outbox directory), closed with the app. */
export const CONSOLE_MAILER = Symbol('CONSOLE_MAILER');

/** What the console needs beyond the API's own providers; its routes are registered by registerConsole. */
@Module({
  providers: [
    factory(
      CONSOLE_MAILER,
      [APP_CONFIG],
      (config: AppConfig): Mailer => new NodemailerMailer({ smtpUrl: config.smtpUrl, outboxDir: OUTBOX_DIR, maxConnections: 2 }),
    ),
  ],
})
export class ConsoleModule {}
