import { Controller, Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { planOf } from '@app/domain/accounts/plan';
import { Clock } from '@app/domain/shared/clock.port';
import { AccountApi, CurrentCaller } from '../common/decorators';
import { presentMe } from '@app/contract/accounts/me.presenter';

@AccountApi('account')
@Controller('v1/me')
export class MeController {
  constructor(private readonly clock: Clock) {}

  @Get()
  @ApiOperation({ summary: 'The account of the calling key or user' })
  me(@CurrentCaller() { account }: Caller) {
    return presentMe(account, planOf(account, this.clock.now()));
  }
}
