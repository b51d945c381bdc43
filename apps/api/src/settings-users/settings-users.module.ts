import { Module } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { SessionRepository } from '@app/domain/auth/session.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { SubUsersService } from '@app/domain/users/sub-users.service';
import { UserAdminRepository } from '@app/domain/users/user-admin.repository.port';
import { PasswordHasher, UserRepository } from '@app/domain/users/user.repository.port';
import { AppConfig } from '@app/infra/config/app-config';
import { APP_CONFIG } from '../core/tokens';
import { AuthModule } from '../auth/auth.module';
import { SettingsUsersController } from './settings-users.controller';

/** Sub-users of the account (`/v1/settings/users`, permission `users`). */
@Module({
  imports: [AuthModule],
  controllers: [SettingsUsersController],
  providers: [
    {
      provide: SubUsersService,
      useFactory: (
        u: UserRepository,
        ua: UserAdminRepository,
        s: SessionRepository,
        p: PasswordHasher,
        tx: TransactionRunner,
        clock: Clock,
        config: AppConfig,
        act: ActivityRecorder,
      ) => new SubUsersService(u, ua, s, p, tx, clock, config.plans, act),
      inject: [UserRepository, UserAdminRepository, SessionRepository, PasswordHasher, TransactionRunner, Clock, APP_CONFIG, ActivityRecorder],
    },
  ],
})
export class SettingsUsersModule {}
