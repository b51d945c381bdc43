import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { PermissionKey } from '@app/domain/shared/principal';
import type { Caller } from '@app/domain/shared/caller';

export const PUBLIC = 'auth:public';
export const PERMISSION = 'auth:permission';
export const MOBILE_ONLY = 'auth:mobile-only';

/** No credential needed (login, public share, store notifications, health). */
export const Public = () => SetMetadata(PUBLIC, true);
/** The permission key a user token must carry; API keys carry all of them. */
export const RequirePermission = (key: PermissionKey) => SetMetadata(PERMISSION, key);
/**
 * A controller of the authenticated API under its OpenAPI tag: callable with the API key or a mobile access
 * token as a bearer token, or with the key in X-API-Key. (Applied in the order the three decorators had when
 * stacked, so the document lists the schemes as before.)
 */
export const AccountApi = (tag: string) => applyDecorators(ApiSecurity('api-key'), ApiBearerAuth(), ApiTags(tag));
/** Only a mobile access token may call it; an API key gets 403 forbidden. */
export const MobileOnly = () => SetMetadata(MOBILE_ONLY, true);

export interface AuthenticatedRequest {
  caller?: Caller;
  id?: string;
}

/** The authenticated caller (principal and account) of the request. */
export const CurrentCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): Caller => {
  const caller = ctx.switchToHttp().getRequest<AuthenticatedRequest>().caller;
  if (!caller) throw new Error('CurrentCaller used on a public route');
  return caller;
});
