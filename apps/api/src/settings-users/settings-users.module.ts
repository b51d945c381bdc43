import { Module } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { SessionRepository } from '@app/domain/auth/session.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { UserCredentials } from '@app/domain/users/user-credentials';
import { SubUsersService } from '@app/domain/users/sub-users.service';
import { UserAdminRepository } from '@app/domain/users/user-admin.repository.port';
import { PasswordHasher, UserRepository } from '@app/domain/users/user.repository.port';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '../core/tokens';
import { AuthModule } from '../auth/auth.module';
import { SettingsUsersController } from './settings-users.controller';
import { make } from '@app/infra/core/providers';

/** Sub-users of the account (`/v1/settings/users`, permission `users`). */
@Module({
  imports: [AuthModule],
  controllers: [SettingsUsersController],
  providers: [
    make(UserCredentials, [UserAdminRepository, PasswordHasher, SessionRepository]),
    {
      provide: SubUsersService,
      useFactory: (
        u: UserRepository,
        ua: UserAdminRepository,
        c: UserCredentials,
        tx: TransactionRunner,
        clock: Clock,
        config: AppConfig,
        act: ActivityRecorder,
      ) => new SubUsersService(u, ua, c, tx, clock, config.plans, act),
      inject: [UserRepository, UserAdminRepository, UserCredentials, TransactionRunner, Clock, APP_CONFIG, ActivityRecorder],
    },
  ],
})
export class SettingsUsersModule {}
