/** What the mobile apps read before anything else (`GET /v1/app/version`); set in config. */
export interface PlatformVersion {
  /** Older installs are offered an update. */
  latest: string;
  /** Older installs must update before going on. */
  min: string;
  storeUrl: string;
}

export interface AppVersionInfo {
  android: PlatformVersion;
  ios: PlatformVersion;
  /** Shown with the soft update prompt. */
  message: string;
  /** Shown on the blocking update screen. */
  forceMessage: string;
}
