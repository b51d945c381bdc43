import { Body, Controller, Delete, Get, Header, HttpCode, Query, Req } from '@nestjs/common';
import { Post } from '../idempotency/idempotent-routes';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AuthenticateCaller } from '@app/domain/auth/authenticate-caller.use-case';
import type { Caller } from '@app/domain/shared/caller';
import { ChangePassword } from '@app/domain/auth/change-password.use-case';
import { GetCurrentUser } from '@app/domain/auth/current-user.use-case';
import { DeleteAccount } from '@app/domain/auth/delete-account.use-case';
import { LoginUseCase } from '@app/domain/auth/login.use-case';
import { mobileCaller } from '@app/domain/auth/mobile-caller';
import { RefreshSession } from '@app/domain/auth/refresh-session.use-case';
import { SessionsService } from '@app/domain/auth/sessions.service';
import { ValidationFailed } from '@app/domain/shared/domain-error';
import { credentialOf } from '../common/auth.guard';
import { CurrentCaller, MobileOnly, Public } from '../common/decorators';
import { MAX_ID } from '@app/contract/common/ids';
import { ChangePasswordDto, DeleteAccountDto, LoginDto, LogoutDto, RefreshDto, RevokeSessionDto } from '@app/contract/auth/auth.dto';
import { presentLogin, presentMe, presentSession, presentTokens } from '@app/contract/auth/auth.presenter';
import { withCommand } from '@app/contract/common/commands';
import type { EdgeRequest } from '../edge/http-edge';

/** A JSON body that may be absent (Express 5 leaves req.body undefined then). */
function optionalBody(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

function sessionIdOf(value: unknown): number {
  const raw = typeof value === 'number' ? String(value) : value;
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_ID) {
    throw ValidationFailed.field('session_id', value === undefined ? 'is required (in the body or the query)' : 'must be a positive integer');
  }
  return Number(raw);
}

@ApiTags('auth')
@Controller('v1/auth')
export class AuthController {
  constructor(
    private readonly loginUseCase: LoginUseCase,
    private readonly refreshSession: RefreshSession,
    private readonly sessions: SessionsService,
    private readonly changePasswordUseCase: ChangePassword,
    private readonly deleteAccountUseCase: DeleteAccount,
    private readonly currentUser: GetCurrentUser,
    private readonly authenticate: AuthenticateCaller,
  ) {}

  @Post('login')
  @Public()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Mobile sign-in: access token (1 hour) and refresh token (30 days)' })
  async login(@Body() body: LoginDto, @Req() req: EdgeRequest) {
    const result = await this.loginUseCase.execute({
      username: body.username,
      password: body.password,
      ip: req.ip ?? null,
      userAgent: req.headers['user-agent'] ?? null,
      deviceName: body.device_name,
      platform: body.platform,
    });
    return presentLogin(result);
  }

  @Post('refresh')
  @Public()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Rotates both tokens; a reused refresh token ends its session' })
  async refresh(@Body() body: RefreshDto) {
    const { sessionId, tokens } = await this.refreshSession.execute(body.refresh_token);
    return presentTokens(sessionId, tokens);
  }

  @Post('logout')
  @Public()
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiBody({ type: LogoutDto, required: false })
  @ApiOperation({ summary: 'Signs out: the session of the Bearer access token, or of the refresh_token in the body' })
  async logout(@Body() raw: unknown, @Req() req: EdgeRequest) {
    const body = optionalBody(raw);
    if (body.refresh_token !== undefined) {
      if (typeof body.refresh_token !== 'string' || !body.refresh_token) throw ValidationFailed.field('refresh_token', 'must be a string');
      await this.sessions.logoutWithRefreshToken(body.refresh_token);
    } else {
      const caller = await this.authenticate.execute(credentialOf(req));
      mobileCaller(caller.principal);
      await this.sessions.logout(caller.principal);
    }
    return { logged_out: true };
  }

  @Get('me')
  @MobileOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The signed-in user, its business and its permission keys' })
  async me(@CurrentCaller() caller: Caller) {
    const user = await this.currentUser.execute(caller.principal, caller.user);
    return presentMe(user, caller.account, user.permissions);
  }

  @Post('change-password')
  @MobileOnly()
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Changes the password under the policy; the other sessions of the user are signed out' })
  async changePassword(@CurrentCaller() caller: Caller, @Body() body: ChangePasswordDto, @Req() req: EdgeRequest) {
    const result = await withCommand(body, (command) => this.changePasswordUseCase.execute(caller.principal, { ...command, ip: req.ip ?? null }));
    return { updated: true, password_upgrade_required: result.passwordUpgradeRequired, revoked_sessions: result.revokedSessions };
  }

  @Get('sessions')
  @MobileOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The signed-in devices of the user, newest first, with the current one flagged' })
  async listSessions(@CurrentCaller() caller: Caller) {
    return { sessions: (await this.sessions.list(caller.principal)).map(presentSession) };
  }

  @Delete('sessions')
  @MobileOnly()
  @ApiBearerAuth()
  @ApiBody({ type: RevokeSessionDto, required: false })
  @ApiQuery({ name: 'session_id', required: false })
  @ApiOperation({ summary: 'Revokes one session of the user (session_id in the body or the query)' })
  async revokeSession(@CurrentCaller() caller: Caller, @Body() raw: unknown, @Query('session_id') query?: string) {
    const fromBody = optionalBody(raw).session_id;
    const sessionId = sessionIdOf(fromBody ?? query);
    await this.sessions.revoke(caller.principal, sessionId);
    return { revoked: true, session_id: sessionId };
  }

  @Post('sessions/revoke-others')
  @MobileOnly()
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Revokes every session of the user except the current one' })
  async revokeOthers(@CurrentCaller() caller: Caller) {
    return { revoked: await this.sessions.revokeOthers(caller.principal) };
  }

  @Post('delete-account')
  @MobileOnly()
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The owner soft-deletes the business account: every session and the API key stop working; documents are kept' })
  async deleteAccount(@CurrentCaller() caller: Caller, @Body() body: DeleteAccountDto, @Req() req: EdgeRequest) {
    const result = await this.deleteAccountUseCase.execute(caller.principal, caller.account, {
      password: body.password,
      confirmation: body.confirmation,
      ip: req.ip ?? null,
    });
    return { deleted: true, account_id: caller.account.id, revoked_sessions: result.revokedSessions };
  }
}
