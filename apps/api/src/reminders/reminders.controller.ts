import { Body, Controller, Get, Param } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { RemindersService } from '@app/domain/reminders/reminders.service';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Patch } from '../idempotency/idempotent-routes';
import { UpdateReminderSettingsDto } from '@app/contract/reminders/reminders.dto';
import { withCommand } from '@app/contract/common/commands';
import { presentReminderSettings } from '@app/contract/reminders/reminder-settings.presenter';

@AccountApi('settings')
@RequirePermission('settings')
@Controller('v1/settings/reminders')
export class ReminderSettingsController {
  constructor(private readonly reminders: RemindersService) {}

  @Get()
  @ApiOperation({ summary: 'The payment reminder schedule' })
  async get(@CurrentCaller() caller: Caller) {
    return presentReminderSettings(await this.reminders.get(caller));
  }

  @Patch()
  @ApiOperation({ summary: 'Change the payment reminder schedule' })
  async update(@CurrentCaller() caller: Caller, @Body() body: UpdateReminderSettingsDto) {
    return presentReminderSettings(await withCommand(body, (command) => this.reminders.update(caller, command)));
  }
}

@AccountApi('invoices')
@RequirePermission('invoices')
@Controller('v1/invoices')
export class InvoiceRemindersController {
  constructor(private readonly reminders: RemindersService) {}

  @Get(':id/reminders')
  @ApiOperation({ summary: 'The payment reminders of an invoice: sent, and the next one' })
  async list(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    const { sent, next } = await this.reminders.forInvoice(caller, id);
    return {
      sent: sent.map((r) => ({
        step: r.step,
        days_offset: r.daysOffset,
        step_date: r.stepDate,
        sendout_id: r.sendoutId,
        email_status: r.emailStatus,
        error: r.error,
        created_at: r.createdAt,
      })),
      next: next ? { step: next.step, days_offset: next.daysOffset, date: next.date } : null,
    };
  }
}
