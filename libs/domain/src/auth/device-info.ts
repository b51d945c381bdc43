/** Device name and platform of a session: from the login body when sent, else guessed from User-Agent. */
export interface DeviceInfo {
  deviceName: string | null;
  platform: string | null;
  userAgent: string | null;
}

const MAX_NAME = 100;
const MAX_PLATFORM = 20;
const MAX_USER_AGENT = 255;

function clip(value: string | null | undefined, max: number): string | null {
  const trimmed = [...(value ?? '')]
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return trimmed ? trimmed.slice(0, max) : null;
}

export function platformFromUserAgent(ua: string): string | null {
  if (/android/i.test(ua) || /okhttp/i.test(ua)) return 'android';
  if (/iphone|ipad|ipod|\bios\b|cfnetwork|darwin/i.test(ua)) return 'ios';
  if (/windows|macintosh|linux|x11/i.test(ua)) return 'web';
  return null;
}

export function deviceNameFromUserAgent(ua: string): string | null {
  const android = /Android [\d.]+;\s*([^;)]+?)(?:\s+Build\/[^;)]*)?[;)]/i.exec(ua);
  if (android && !/^(wv|[a-z]{2}[-_][a-z]{2})$/i.test(android[1].trim())) return android[1].trim();
  const apple = /\b(iPhone|iPad|iPod)\b/.exec(ua);
  if (apple) return apple[1];
  const product = /^([^\s/]+)(?:\/([^\s]+))?/.exec(ua.trim());
  return product ? product[0] : null;
}

export function deviceInfo(input: { deviceName?: string | null; platform?: string | null; userAgent?: string | null }): DeviceInfo {
  const userAgent = clip(input.userAgent, MAX_USER_AGENT);
  const platform = clip(input.platform, MAX_PLATFORM)?.toLowerCase() ?? (userAgent ? platformFromUserAgent(userAgent) : null);
  const deviceName = clip(input.deviceName, MAX_NAME) ?? (userAgent ? clip(deviceNameFromUserAgent(userAgent), MAX_NAME) : null);
  return { deviceName, platform, userAgent };
}
