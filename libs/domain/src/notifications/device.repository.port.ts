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

/**
 * Push devices. A token is one phone's address: registering it again refreshes it, and another user
 * signing in on that phone takes it over. Revoking a session removes its devices (the session adapter).
 */
export abstract class DeviceRepository {
  /** Inserts or takes over the token; returns the device id. */
  abstract register(registration: DeviceRegistration, now: Date): Promise<number>;
  /** Removes the caller's device with this token; false when there was none. */
  abstract unregister(accountId: number, userId: number, token: string): Promise<boolean>;
  /** Devices of the user whose session is still active. */
  abstract forUser(accountId: number, userId: number): Promise<Device[]>;
  /** Of `userIds`, those with at least one device. */
  abstract usersWithDevices(accountId: number, userIds: number[]): Promise<Set<number>>;
  abstract remove(accountId: number, deviceId: number): Promise<void>;
}
