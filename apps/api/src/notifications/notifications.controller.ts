import { Body, Controller, Delete, Get, HttpCode, Param, Query } from '@nestjs/common';
import { Post, Patch } from '../idempotency/idempotent-routes';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { DevicesService } from '@app/domain/notifications/devices.service';
import { NotificationsService } from '@app/domain/notifications/notifications.service';
import { CurrentCaller, MobileOnly } from '../common/decorators';
import { queryFlag } from '../common/flag';
import { listAnswer } from '../common/list-answer';
import { cursorPageOf } from '@app/contract/common/sync-list-query.dto';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { NotificationFeedQueryDto, NotificationPrefsDto, RegisterDeviceDto, UnregisterDeviceDto } from '@app/contract/notifications/notifications.dto';
import { withCommand } from '@app/contract/common/commands';
import { presentNotification } from '@app/contract/notifications/notification.presenter';

@ApiTags('notifications')
@ApiBearerAuth()
@MobileOnly()
@Controller('v1/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiOperation({ summary: 'The team feed of the calling user, newest first (own activity hidden, login alerts kept)' })
  async feed(@CurrentCaller() caller: Caller, @Query() query: NotificationFeedQueryDto) {
    const page = cursorPageOf(query);
    const feed = await this.notifications.feed(caller.principal, { ...page, unreadOnly: queryFlag('unread_only', query.unread_only) });
    return { ...listAnswer('notifications', feed.page, presentNotification), unread_count: feed.unreadCount, limit: page.limit, offset: page.offset };
  }

  @Get('unread-count')
  @ApiOperation({ summary: 'Unread notifications of the calling user' })
  async unreadCount(@CurrentCaller() caller: Caller) {
    return { unread_count: await this.notifications.unreadCount(caller.principal) };
  }

  @Get('prefs')
  @ApiOperation({ summary: 'Push preferences: every category, default true' })
  async prefs(@CurrentCaller() caller: Caller) {
    return { prefs: await this.notifications.getPrefs(caller.principal) };
  }

  @Patch('prefs')
  @ApiOperation({ summary: 'Merges push preferences by category' })
  async savePrefs(@CurrentCaller() caller: Caller, @Body() body: NotificationPrefsDto) {
    return { saved: true, prefs: await this.notifications.savePrefs(caller.principal, body.prefs) };
  }

  @Post('read-all')
  @HttpCode(200)
  @ApiOperation({ summary: 'Marks every unread notification of the caller read; answers how many' })
  async readAll(@CurrentCaller() caller: Caller) {
    return { marked_read: await this.notifications.markAllRead(caller.principal) };
  }

  @Patch(':id/read')
  @ApiOperation({ summary: 'Marks one notification read (idempotent); one the caller cannot see is 404' })
  async read(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    const { readAt } = await this.notifications.markRead(caller.principal, id);
    return { notification: { notification_id: id, read_at: readAt } };
  }
}

@ApiTags('notifications')
@ApiBearerAuth()
@MobileOnly()
@Controller('v1/devices')
export class DevicesController {
  constructor(private readonly devices: DevicesService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: "Registers the app's FCM token for the calling user and session (idempotent)" })
  async register(@CurrentCaller() caller: Caller, @Body() body: RegisterDeviceDto) {
    const { deviceId, platform } = await withCommand(body, (command) => this.devices.register(caller.principal, command));
    return { device_id: deviceId, registered: true, platform };
  }

  @Delete()
  @ApiOperation({ summary: 'Unregisters an FCM token of the calling user (idempotent)' })
  async unregister(@CurrentCaller() caller: Caller, @Body() body: UnregisterDeviceDto) {
    await withCommand(body ?? {}, (command) => this.devices.unregister(caller.principal, command.fcmToken));
    return { unregistered: true };
  }
}
