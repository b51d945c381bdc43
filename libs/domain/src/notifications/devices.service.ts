import { mobileCaller } from '../auth/mobile-caller';
import { Clock } from '../shared/clock.port';
import { ValidationFailed } from '../shared/domain-error';
import { Principal } from '../shared/principal';
import { DEVICE_PLATFORMS, DevicePlatform, DeviceRepository } from './device.repository.port';

/** A 64-hex-character APNs device token: not something FCM can deliver to. */
const APNS_TOKEN = /^[0-9a-fA-F]{64}$/;
/** FCM registration tokens are long URL-safe strings (with ':' after the instance id); be liberal, but bounded. */
const FCM_TOKEN = /^[A-Za-z0-9_:\-.]{32,512}$/;

export function tokenProblem(token: unknown): string | null {
  if (typeof token !== 'string' || !token.trim()) return 'is required';
  const t = token.trim();
  if (APNS_TOKEN.test(t)) return 'looks like a 64-character APNs device token; register the push-messaging (FCM) registration token instead';
  if (!FCM_TOKEN.test(t)) return 'must be a push-messaging (FCM) registration token';
  return null;
}

/** Push devices of the calling user and session. */
export class DevicesService {
  constructor(
    private readonly devices: DeviceRepository,
    private readonly clock: Clock,
  ) {}

  async register(principal: Principal, input: { fcm_token: unknown; platform: unknown }): Promise<{ deviceId: number; platform: DevicePlatform }> {
    const me = mobileCaller(principal);
    const problems: Record<string, string> = {};
    const tokenIssue = tokenProblem(input.fcm_token);
    if (tokenIssue) problems.fcm_token = tokenIssue;
    if (!DEVICE_PLATFORMS.includes(input.platform as DevicePlatform)) problems.platform = `must be one of ${DEVICE_PLATFORMS.join(', ')}`;
    if (Object.keys(problems).length) {
      const apns = typeof input.fcm_token === 'string' && APNS_TOKEN.test(input.fcm_token.trim());
      throw new ValidationFailed(problems, apns ? 'A push-messaging (FCM) registration token is needed, not a 64-character APNs device token.' : undefined);
    }
    const platform = input.platform as DevicePlatform;
    const deviceId = await this.devices.register(
      { accountId: me.accountId, userId: me.userId, sessionId: me.sessionId, platform, token: (input.fcm_token as string).trim() },
      this.clock.now(),
    );
    return { deviceId, platform };
  }

  /** Idempotent: a token that is not registered for the caller is already unregistered. */
  async unregister(principal: Principal, token: unknown): Promise<void> {
    const me = mobileCaller(principal);
    if (typeof token !== 'string' || !token.trim()) throw ValidationFailed.field('fcm_token', 'is required');
    await this.devices.unregister(me.accountId, me.userId, token.trim());
  }
}
