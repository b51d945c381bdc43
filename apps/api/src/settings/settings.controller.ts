import { Body, Controller, Get, HttpCode } from '@nestjs/common';
import { Post, Patch } from '../idempotency/idempotent-routes';
import { ApiOperation } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { DOCUMENT_KINDS, DocumentKind, documentKind } from '@app/domain/documents/document-kinds';
import { INVOICE_TEMPLATES } from '@app/domain/documents/pdf-renderer.port';
import { BusinessProfileService } from '@app/domain/settings/business-profile.service';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import { CaSyncService } from '@app/domain/ca-sync/ca-sync.service';
import { CaSyncTestSendDto, UpdateBusinessDto, UpdateCaSyncDto, UpdateTemplatesDto } from '@app/contract/settings/settings.dto';
import { withCommand } from '@app/contract/common/commands';
import { presentBusiness } from '@app/contract/settings/business.presenter';
import { presentCaSync } from '@app/contract/settings/ca-sync.presenter';

@AccountApi('settings')
@RequirePermission('settings')
@Controller('v1/settings')
export class SettingsController {
  constructor(private readonly profile: BusinessProfileService) {}

  @Get('business')
  @ApiOperation({ summary: 'Business profile and settings (the signature itself is not returned, only has_signature)' })
  async business(@CurrentCaller() caller: Caller) {
    return presentBusiness(await this.profile.get(caller.account));
  }

  @Patch('business')
  @ApiOperation({ summary: 'Merge business profile fields, signature and number prefixes' })
  async updateBusiness(@CurrentCaller() caller: Caller, @Body() body: UpdateBusinessDto) {
    const rest: UpdateBusinessDto = { ...body };
    const prefixes: Partial<Record<DocumentKind, string | null>> = {};
    for (const kind of DOCUMENT_KINDS) {
      const field = documentKind(kind).prefixSetting;
      if (rest[field] !== undefined) prefixes[kind] = rest[field];
      delete rest[field];
    }
    return presentBusiness(await withCommand(rest, (command) => this.profile.update(caller.principal, caller.account, { ...command, prefixes })));
  }

  @Get('templates')
  async templates(@CurrentCaller() caller: Caller) {
    const { settings } = await this.profile.get(caller.account);
    return { invoice_template: settings.invoiceTemplate, available: [...INVOICE_TEMPLATES] };
  }

  @Patch('templates')
  async updateTemplates(@CurrentCaller() caller: Caller, @Body() body: UpdateTemplatesDto) {
    const { settings } = await withCommand(body, (command) => this.profile.update(caller.principal, caller.account, command));
    return { invoice_template: settings.invoiceTemplate, available: [...INVOICE_TEMPLATES] };
  }
}

@AccountApi('settings')
@RequirePermission('api')
@Controller('v1/settings/api-key')
export class ApiKeySettingsController {
  @Get()
  @ApiOperation({ summary: 'The account API key, masked (read-only; rotate with the admin CLI)' })
  apiKey(@CurrentCaller() caller: Caller) {
    return { api_key_masked: caller.account.apiKeyMasked, created_at: caller.account.apiKeyCreatedAt ?? null };
  }
}

@AccountApi('settings')
@RequirePermission('settings')
@Controller('v1/settings/ca-sync')
export class CaSyncSettingsController {
  constructor(private readonly caSync: CaSyncService) {}

  @Get()
  @ApiOperation({ summary: 'CA-sync settings and how the last send went (Pro)' })
  async get(@CurrentCaller() caller: Caller) {
    return presentCaSync(await this.caSync.get(caller.account));
  }

  @Get('sends')
  @ApiOperation({ summary: 'The ten latest CA-sync sends, test and scheduled, newest first (Pro)' })
  async sends(@CurrentCaller() caller: Caller) {
    const sends = await this.caSync.recentSends(caller.account);
    return {
      sends: sends.map((s) => ({
        send_id: s.id,
        trigger: s.trigger,
        period: s.periodLabel,
        period_from: s.periodFrom,
        period_to: s.periodTo,
        status: s.status,
        error: s.error,
        created_at: s.createdAt,
        sent_at: s.sentAt,
      })),
    };
  }

  @Patch()
  @ApiOperation({ summary: 'Merge CA-sync settings: enabled, ca_email, frequency (monthly, quarterly), format (xlsx, csv) (Pro)' })
  async update(@CurrentCaller() caller: Caller, @Body() body: UpdateCaSyncDto) {
    return presentCaSync(await withCommand(body, (command) => this.caSync.update(caller.account, command)));
  }

  @Post('test-send')
  @HttpCode(202)
  @ApiOperation({ summary: 'Queue the books of a period for the CA now (default: the period before today) (Pro)' })
  async testSend(@CurrentCaller() caller: Caller, @Body() body: CaSyncTestSendDto) {
    const queued = await withCommand(body, (command) => this.caSync.testSend(caller.account, command));
    return { queued: true, send_id: queued.sendId, period: queued.period.label, period_from: queued.period.from, period_to: queued.period.to };
  }
}
