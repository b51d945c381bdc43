export type DevicePlatform = 'android' | 'ios';
export const DEVICE_PLATFORMS: readonly DevicePlatform[] = ['android', 'ios'];

export interface Device {
  id: number;
  accountId: number;
  userId: number;
  platform: DevicePlatform;
  token: string;
}

export interface DeviceRegistration {
  accountId: number;
  userId: number;
  sessionId: number;
  platform: DevicePlatform;
  token: string;
}

/** Who held a token before a registration took it over. */
export interface DeviceHolder {
  accountId: number;
  userId: number;
  sessionId: number | null;
  platform: DevicePlatform;
}

/**
 * Push devices. A token is one phone's address: registering it again refreshes it, and another user
 * signing in on that phone takes it over. Revoking a session removes its devices (the session adapter).
 */
export abstract class DeviceRepository {
  /**
   * Inserts or takes over the token (call inside a transaction: the row is locked while it moves); returns
   * the device id and who held the token before (null for a new token).
   */
  abstract register(registration: DeviceRegistration, now: Date): Promise<{ deviceId: number; previous: DeviceHolder | null }>;
  /** Removes the caller's device with this token; false when there was none. */
  abstract unregister(accountId: number, userId: number, token: string): Promise<boolean>;
  /** Devices of the user whose session is still active. */
  abstract forUser(accountId: number, userId: number): Promise<Device[]>;
  /** Of `userIds`, those with at least one device. */
  abstract usersWithDevices(accountId: number, userIds: number[]): Promise<Set<number>>;
  abstract remove(accountId: number, deviceId: number): Promise<void>;
}
