import { Body, Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { Post, Patch } from '../idempotency/idempotent-routes';
import { ApiOperation } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { SubUsersService } from '@app/domain/users/sub-users.service';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import { listAnswer } from '../common/list-answer';
import { CursorListQueryDto, cursorPageOf } from '@app/contract/common/sync-list-query.dto';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { CreateSubUserDto, UpdateSubUserDto } from '@app/contract/users/settings-users.dto';
import { withCommand } from '@app/contract/common/commands';
import { presentSubUser } from '@app/contract/users/sub-user.presenter';

@AccountApi('settings')
@RequirePermission('users')
@Controller('v1/settings/users')
export class SettingsUsersController {
  constructor(private readonly users: SubUsersService) {}

  @Get()
  @ApiOperation({ summary: 'Users of the account (owner first)' })
  async list(@CurrentCaller() caller: Caller, @Query() query: CursorListQueryDto) {
    const page = cursorPageOf(query);
    return { ...listAnswer('users', await this.users.list(caller, page), presentSubUser), limit: page.limit, offset: page.offset };
  }

  @Post()
  @ApiOperation({ summary: 'Create a sub-user (402 when the plan allows no more)' })
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateSubUserDto) {
    return presentSubUser(await withCommand(body, (command) => this.users.create(caller, command)));
  }

  @Get(':id')
  async get(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return presentSubUser(await this.users.get(caller, id));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change username, password or permissions of a sub-user (not the owner, not yourself)' })
  async update(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateSubUserDto) {
    return presentSubUser(await withCommand(body, (command) => this.users.update(caller, id, command)));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a sub-user: its sessions are revoked; its username stays reserved' })
  async remove(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    await this.users.delete(caller, id);
    return { deleted: true };
  }
}
