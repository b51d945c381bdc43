import { Module } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { ExpenseRepository } from '@app/domain/expenses/expense.repository.port';
import { ExpensesService } from '@app/domain/expenses/expenses.service';
import { AccountReferences } from '@app/domain/documents/account-references';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { Database } from '@app/infra/database/database';
import { TypeormExpenseRepository } from '@app/infra/expenses/typeorm-expense.repository';
import { ClientsModule } from '../clients/clients.module';
import { TdsSectionRepository } from '@app/domain/tds/tds-section.repository.port';
import { TdsModule } from '../tds/tds.module';
import { ExpensesController } from './expenses.controller';
import { make, bind } from '@app/infra/core/providers';

@Module({
  imports: [ClientsModule, TdsModule],
  controllers: [ExpensesController],
  providers: [
    bind(ExpenseRepository, TypeormExpenseRepository, [Database, Clock]),
    make(AccountReferences, [ClientRepository, TdsSectionRepository]),
    make(ExpensesService, [ExpenseRepository, AccountReferences, TransactionRunner, Clock, ActivityRecorder]),
  ],
})
export class ExpensesModule {}
