import { Module } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { ExpenseRepository } from '@app/domain/expenses/expense.repository.port';
import { ExpensesService } from '@app/domain/expenses/expenses.service';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { Database } from '@app/infra/database/database';
import { TypeormExpenseRepository } from '@app/infra/expenses/typeorm-expense.repository';
import { ClientsModule } from '../clients/clients.module';
import { TdsSectionRepository } from '@app/domain/tds/tds-section.repository.port';
import { TdsModule } from '../tds/tds.module';
import { ExpensesController } from './expenses.controller';

@Module({
  imports: [ClientsModule, TdsModule],
  controllers: [ExpensesController],
  providers: [
    { provide: ExpenseRepository, useFactory: (db: Database, clock: Clock) => new TypeormExpenseRepository(db, clock), inject: [Database, Clock] },
    {
      provide: ExpensesService,
      useFactory: (e: ExpenseRepository, c: ClientRepository, tx: TransactionRunner, clock: Clock, a: ActivityRecorder, t: TdsSectionRepository) =>
        new ExpensesService(e, c, tx, clock, a, t),
      inject: [ExpenseRepository, ClientRepository, TransactionRunner, Clock, ActivityRecorder, TdsSectionRepository],
    },
  ],
})
export class ExpensesModule {}
