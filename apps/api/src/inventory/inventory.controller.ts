import { Body, Controller, Delete, Get, HttpCode, Param, Query, UseGuards } from '@nestjs/common';
import { Post, Patch } from '../idempotency/idempotent-routes';
import { ApiOperation } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { InventoryService } from '@app/domain/inventory/inventory.service';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import { FeatureGuard, RequireFeature } from '../common/feature.guard';
import { IdsBodyDto } from '@app/contract/common/ids-body.dto';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { CreateInventoryDto, MovementsQueryDto, UpdateInventoryDto } from '@app/contract/inventory/inventory.dto';
import { presentInventoryItem, presentMovement } from '@app/contract/inventory/inventory.presenter';
import { cursorPageOf, SyncListQueryDto, syncPageOf } from '@app/contract/common/sync-list-query.dto';
import { listAnswer } from '../common/list-answer';
import { withCommand } from '@app/contract/common/commands';

/** The page size of a movements list read without `limit`: all of them. */
const EVERY_ROW = 2147483647;

@AccountApi('inventory')
@RequirePermission('inventory')
@RequireFeature('inventory')
@UseGuards(FeatureGuard)
@Controller('v1/inventory')
export class InventoryController {
  constructor(private readonly inventory: InventoryService) {}

  @Get()
  @ApiOperation({ summary: 'Inventory items, newest first' })
  async list(@CurrentCaller() caller: Caller, @Query() query: SyncListQueryDto) {
    const page = await this.inventory.list(caller, syncPageOf(query));
    return listAnswer('items', page, presentInventoryItem);
  }

  @Post()
  @ApiOperation({ summary: 'Create an item; a non-zero quantity is recorded as an opening-stock movement' })
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateInventoryDto) {
    return { inventory_id: await withCommand(body, (command) => this.inventory.create(caller, command)) };
  }

  @Post('bulk-delete')
  @HttpCode(200)
  bulkDelete(@CurrentCaller() caller: Caller, @Body() body: IdsBodyDto) {
    return this.inventory.bulkDelete(caller, body.ids);
  }

  @Get(':id')
  async get(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return presentInventoryItem(await this.inventory.get(caller, id));
  }

  @Get(':id/movements')
  @ApiOperation({ summary: 'Stock movements of the item, newest first' })
  async movements(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Query() query: MovementsQueryDto) {
    const page = cursorPageOf({ ...query, limit: query.limit ?? EVERY_ROW });
    return listAnswer('movements', await this.inventory.movements(caller, id, page), presentMovement);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Merge fields; a changed quantity is recorded as an adjustment movement' })
  async update(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateInventoryDto) {
    await withCommand(body, (command) => this.inventory.update(caller, id, command));
    return { inventory_id: id };
  }

  @Delete(':id')
  async remove(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    await this.inventory.delete(caller, id);
    return { deleted: true };
  }
}
