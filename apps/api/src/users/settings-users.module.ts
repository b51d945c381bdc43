import { Module } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { SessionRepository } from '@app/domain/auth/session.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { UserCredentials } from '@app/domain/users/user-credentials';
import { SubUsersService } from '@app/domain/users/sub-users.service';
import { UserAdminRepository } from '@app/domain/users/user-admin.repository.port';
import { PasswordHasher, UserRepository } from '@app/domain/users/user.repository.port';
import { PLAN_POLICY } from '../core/tokens';
import { AuthModule } from '../auth/auth.module';
import { SettingsUsersController } from './settings-users.controller';
import { make } from '@app/infra/core/providers';

/** Sub-users of the account (`/v1/settings/users`, permission `users`). */
@Module({
  imports: [AuthModule],
  controllers: [SettingsUsersController],
  providers: [
    make(UserCredentials, [UserAdminRepository, PasswordHasher, SessionRepository]),
    make(SubUsersService, [UserRepository, UserAdminRepository, UserCredentials, TransactionRunner, Clock, PLAN_POLICY, ActivityRecorder]),
  ],
})
export class SettingsUsersModule {}
