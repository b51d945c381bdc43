import { ActivityLog } from '../activity/activity-log.port';
import { mobileCaller } from '../auth/mobile-caller';
import { Clock } from '../shared/clock.port';
import { ValidationFailed } from '../shared/domain-error';
import { Principal } from '../shared/principal';
import { TransactionRunner } from '../shared/transaction.port';
import { DEVICE_PLATFORMS, DeviceHolder, DevicePlatform, DeviceRepository } from './device.repository.port';

/** The activity entity of a push device, and the action recorded when a registration takes its token away. */
export const PUSH_DEVICE_ENTITY = 'push_device';
export const PUSH_DEVICE_MOVED = 'moved';

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

/** The registration command of an app install (POST /v1/devices): its push token and platform, checked here. */
export interface DeviceRegistration {
  fcmToken: unknown;
  platform: unknown;
}

/**
 * Push devices of the calling user and session. A token belongs to the latest sign-in that registered it:
 * registering a token another user holds (of this account or another) moves it to the caller, and the user
 * who loses it is told (an entry in that account's activity, which makes a `login` notification for that
 * user and the owner). The account that loses the token learns nothing of the account that took it.
 */
export class DevicesService {
  constructor(
    private readonly devices: DeviceRepository,
    private readonly tx: TransactionRunner,
    private readonly activity: ActivityLog,
    private readonly clock: Clock,
  ) {}

  async register(principal: Principal, input: DeviceRegistration): Promise<{ deviceId: number; platform: DevicePlatform }> {
    const me = mobileCaller(principal);
    const problems: Record<string, string> = {};
    const tokenIssue = tokenProblem(input.fcmToken);
    if (tokenIssue) problems.fcmToken = tokenIssue;
    if (!DEVICE_PLATFORMS.includes(input.platform as DevicePlatform)) problems.platform = `must be one of ${DEVICE_PLATFORMS.join(', ')}`;
    if (Object.keys(problems).length) {
      const apns = typeof input.fcmToken === 'string' && APNS_TOKEN.test(input.fcmToken.trim());
      throw new ValidationFailed(problems, apns ? 'A push-messaging (FCM) registration token is needed, not a 64-character APNs device token.' : undefined);
    }
    const platform = input.platform as DevicePlatform;
    const now = this.clock.now();
    const deviceId = await this.tx.run(async () => {
      const registered = await this.devices.register(
        { accountId: me.accountId, userId: me.userId, sessionId: me.sessionId, platform, token: (input.fcmToken as string).trim() },
        now,
      );
      const { previous } = registered;
      if (previous && (previous.accountId !== me.accountId || previous.userId !== me.userId)) {
        await this.recordLoss(registered.deviceId, previous, me, now);
      }
      return registered.deviceId;
    });
    return { deviceId, platform };
  }

  /** Records in the losing account that its user's device now gets another sign-in's pushes (by the service). */
  private recordLoss(deviceId: number, previous: DeviceHolder, taker: { accountId: number; userId: number }, at: Date): Promise<void> {
    const sameAccount = previous.accountId === taker.accountId;
    return this.activity.append({
      accountId: previous.accountId,
      actorKind: 'system',
      actorUserId: null,
      action: PUSH_DEVICE_MOVED,
      entityType: PUSH_DEVICE_ENTITY,
      entityId: deviceId,
      label: `${previous.platform} device`,
      before: { user_id: previous.userId, platform: previous.platform },
      // Another account is never named to this one.
      after: sameAccount ? { moved_to: 'another_user', user_id: taker.userId } : { moved_to: 'another_account' },
      occurredAt: at,
    });
  }

  /** Idempotent: a token that is not registered for the caller is already unregistered. */
  async unregister(principal: Principal, token: unknown): Promise<void> {
    const me = mobileCaller(principal);
    if (typeof token !== 'string' || !token.trim()) throw ValidationFailed.field('fcmToken', 'is required');
    await this.devices.unregister(me.accountId, me.userId, token.trim());
  }
}
