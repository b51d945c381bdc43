import { resolve } from 'node:path';
import { DynamicModule, Module } from '@nestjs/common';
import { Mailer } from '@app/domain/sendouts/mailer.port';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.token';
import { NodemailerMailer } from './nodemailer-mailer';
import { factory } from '../core/providers';

/** Where mail goes without SMTP_URL (relative to the working directory, the project root). */
export const OUTBOX_DIR = resolve('var/outbox');

/** Outgoing mail: SMTP_URL when set, else `.eml` files in `outboxDir`. At most 8 pooled connections. */
@Module({})
export class MailInfraModule {
  static forRoot(outboxDir = OUTBOX_DIR): DynamicModule {
    return {
      module: MailInfraModule,
      global: true,
      providers: [
        factory(
          Mailer,
          [APP_CONFIG],
          (config: AppConfig) => new NodemailerMailer({ smtpUrl: config.smtpUrl, outboxDir, maxConnections: Math.min(config.queue.sendoutConcurrency, 8) }),
        ),
      ],
      exports: [Mailer],
    };
  }
}
