import { Body, Controller, Get, HttpCode, Param, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { EwayBillService } from '@app/domain/eway-bill/eway-bill.service';
import { ValidationFailed } from '@app/domain/shared/domain-error';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import { LIMITS } from '@app/contract/common/limits';
import { MAX_ID } from '@app/contract/common/ids';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Post } from '../idempotency/idempotent-routes';
import { CancelEwayBillDto, EwayBillExportQueryDto, ExtendEwayBillDto, GenerateEwayBillDto } from '@app/contract/eway-bill/eway-bill.dto';
import { presentEwayBill } from '@app/contract/eway-bill/eway-bill.presenter';
import { withCommand } from '@app/contract/common/commands';

/** The invoice ids of `?ids=1,2,3`: positive, in range, at most MAX_BULK_IDS. */
function idsOf(text: string): number[] {
  const ids = text.split(',').map(Number);
  if (ids.some((id) => !Number.isInteger(id) || id < 1 || id > MAX_ID)) throw ValidationFailed.field('ids', 'must hold positive integers');
  if (ids.length > LIMITS.bulkIds) throw ValidationFailed.field('ids', `must hold at most ${LIMITS.bulkIds} ids`);
  return ids;
}

@AccountApi('invoices')
@RequirePermission('invoices')
@Controller('v1')
export class EwayBillController {
  constructor(private readonly ewayBills: EwayBillService) {}

  @Post('invoices/:id/eway-bill')
  @HttpCode(201)
  @ApiOperation({ summary: 'Generates the e-way bill of the invoice with the NIC e-way bill system' })
  async generate(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: GenerateEwayBillDto) {
    return presentEwayBill(await withCommand(body, (command) => this.ewayBills.generate(caller.account, id, command)));
  }

  @Post('invoices/:id/eway-bill/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancels the e-way bill within 24 hours of its generation' })
  async cancel(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: CancelEwayBillDto) {
    return presentEwayBill(await withCommand(body, ({ reason, remark }) => this.ewayBills.cancel(caller.account, id, reason, remark)));
  }

  @Post('invoices/:id/eway-bill/extend')
  @HttpCode(200)
  @ApiOperation({ summary: 'Extends the validity of the e-way bill from 8 hours before to 8 hours after it ends' })
  async extend(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: ExtendEwayBillDto) {
    return presentEwayBill(await withCommand(body, (command) => this.ewayBills.extend(caller.account, id, command)));
  }

  @Get('exports/eway-bill')
  @ApiOperation({ summary: "The e-way bill portal's bulk generation JSON of the invoices" })
  async bulk(@CurrentCaller() caller: Caller, @Query() query: EwayBillExportQueryDto) {
    // The query's Part B fields, when any is sent, apply to every invoice of the file; none: each invoice's active bill.
    return withCommand(query, ({ ids, distanceKm, exitPlace, exitStateCode, exitPincode, ...rest }) => {
      const partB =
        Object.values(rest).some((v) => v !== undefined) || distanceKm !== undefined
          ? { ...rest, distanceKm: distanceKm === undefined ? undefined : Number(distanceKm) }
          : null;
      return this.ewayBills.bulkFile(caller.account, idsOf(ids), partB, { exitPlace, exitStateCode, exitPincode });
    });
  }
}
