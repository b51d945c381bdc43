import { deviceInfo } from './device-info';

describe('device info of a session', () => {
  it('prefers the login body fields', () => {
    expect(deviceInfo({ deviceName: " Ravi's phone ", platform: 'Android', userAgent: 'curl/8.0' })).toEqual({
      deviceName: "Ravi's phone",
      platform: 'android',
      userAgent: 'curl/8.0',
    });
  });

  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A.240305.019; wv) AppleWebKit/537.36', 'Pixel 8', 'android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15', 'iPhone', 'ios'],
    ['InvoicingApp/2.1 CFNetwork/1490.0.4 Darwin/23.2.0', 'InvoicingApp/2.1', 'ios'],
    ['okhttp/4.12.0', 'okhttp/4.12.0', 'android'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64)', 'Mozilla/5.0', 'web'],
    ['curl/8.5.0', 'curl/8.5.0', null],
  ])('guesses from User-Agent %j', (ua, name, platform) => {
    expect(deviceInfo({ userAgent: ua })).toEqual({ deviceName: name, platform, userAgent: ua });
  });

  it('keeps nothing when nothing is known, and strips control characters and overlong values', () => {
    expect(deviceInfo({})).toEqual({ deviceName: null, platform: null, userAgent: null });
    const long = deviceInfo({ deviceName: `a\u0000b${'x'.repeat(200)}`, userAgent: 'y'.repeat(400) });
    expect(long.deviceName).toHaveLength(100);
    expect(long.deviceName!.startsWith('ab')).toBe(true);
    expect(long.userAgent).toHaveLength(255);
  });
});
