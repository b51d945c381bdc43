import { AppVersionInfo } from '@app/domain/public-info/app-version';
import { Env, envReader } from './env-reader';

/** What `GET /v1/app/version` answers: APP_ANDROID_*, APP_IOS_* and the update messages. */
export function readAppVersion(env: Env, problems: string[]): AppVersionInfo {
  const { str, url } = envReader(env, problems);
  const version = (name: string, fallback: string) => {
    const value = str(name, fallback);
    if (!/^\d{1,5}(\.\d{1,5}){0,3}$/.test(value)) problems.push(`${name} must be a version such as 2.4.1 (got "${value}")`);
    return value;
  };
  return {
    android: {
      latest: version('APP_ANDROID_LATEST', '1.0.0'),
      min: version('APP_ANDROID_MIN', '1.0.0'),
      storeUrl: url('APP_ANDROID_STORE_URL', 'https://play.google.com/store/apps', ['https:']),
    },
    ios: {
      latest: version('APP_IOS_LATEST', '1.0.0'),
      min: version('APP_IOS_MIN', '1.0.0'),
      storeUrl: url('APP_IOS_STORE_URL', 'https://apps.apple.com', ['https:']),
    },
    message: str('APP_UPDATE_MESSAGE', 'A new version of the app is available.'),
    forceMessage: str('APP_FORCE_UPDATE_MESSAGE', 'This version of the app is no longer supported. Please update to continue.'),
  };
}
