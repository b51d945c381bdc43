import { Body, Controller, Delete, Get, HttpCode, Param, Query, UseGuards } from '@nestjs/common';
import { Post, Patch } from '../idempotency/idempotent-routes';
import { ApiOperation } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { EXPENSE_CATEGORIES } from '@app/domain/expenses/expense';
import { ExpensesService } from '@app/domain/expenses/expenses.service';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import { FeatureGuard, RequireFeature } from '../common/feature.guard';
import { IdsBodyDto } from '@app/contract/common/ids-body.dto';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { CreateExpenseDto, UpdateExpenseDto } from '@app/contract/expenses/expenses.dto';
import { presentExpense, presentExpenseFields } from '@app/contract/expenses/expense.presenter';
import { SyncListQueryDto, syncPageOf } from '@app/contract/common/sync-list-query.dto';
import { listAnswer } from '../common/list-answer';
import { withCommand } from '@app/contract/common/commands';

@AccountApi('expenses')
@RequirePermission('expenses')
@RequireFeature('expenses')
@UseGuards(FeatureGuard)
@Controller('v1/expenses')
export class ExpensesController {
  constructor(private readonly expenses: ExpensesService) {}

  @Get()
  async list(@CurrentCaller() caller: Caller, @Query() query: SyncListQueryDto) {
    const page = await this.expenses.list(caller, syncPageOf(query));
    return listAnswer('expenses', page, presentExpense);
  }

  @Get('categories')
  @ApiOperation({ summary: 'The static list of expense categories' })
  categories() {
    return { categories: [...EXPENSE_CATEGORIES] };
  }

  @Post()
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateExpenseDto) {
    return { expense_id: await withCommand(body, (command) => this.expenses.create(caller, command)) };
  }

  @Post('bulk-delete')
  @HttpCode(200)
  bulkDelete(@CurrentCaller() caller: Caller, @Body() body: IdsBodyDto) {
    return this.expenses.bulkDelete(caller, body.ids);
  }

  @Get(':id')
  async get(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return presentExpense(await this.expenses.get(caller, id));
  }

  @Get(':id/repeat')
  @ApiOperation({ summary: 'The expense prefilled for a new entry (no id, today as the date)' })
  async repeat(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return presentExpenseFields(await this.expenses.repeat(caller, id));
  }

  @Patch(':id')
  async update(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateExpenseDto) {
    await withCommand(body, (command) => this.expenses.update(caller, id, command));
    return { expense_id: id };
  }

  @Delete(':id')
  async remove(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    await this.expenses.delete(caller, id);
    return { deleted: true };
  }
}
