import { Controller, Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { planOf } from '@app/domain/accounts/plan';
import { Clock } from '@app/domain/shared/clock.port';
import { AccountApi, CurrentCaller } from '../common/decorators';
import { presentPlan } from '@app/contract/accounts/plan.presenter';

@AccountApi('account')
@Controller('v1/me')
export class MeController {
  constructor(private readonly clock: Clock) {}

  @Get()
  @ApiOperation({ summary: 'The account of the calling key or user' })
  me(@CurrentCaller() { account }: Caller) {
    return {
      account_id: account.id,
      business_name: account.businessName,
      business_email: account.businessEmail,
      currency: account.currency,
      business_gstin: account.gstin,
      business_pan: account.pan,
      subscription_expires_at: account.subscriptionExpiresAt,
      plan: presentPlan(planOf(account, this.clock.now())),
    };
  }
}
