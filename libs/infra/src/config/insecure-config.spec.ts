import { loadConfig } from './app-config';
import { ConfigError } from './env-reader';

const KEY = 'a'.repeat(64);

describe('insecure receivers (local webhook and shop testing)', () => {
  it('WEBHOOKS_ALLOW_INSECURE lets webhooks use http and loopback receivers outside production', () => {
    expect(loadConfig({ WEBHOOKS_ALLOW_INSECURE: 'on' }).webhooks.allowInsecure).toBe(true);
    expect(loadConfig({ WEBHOOKS_ALLOW_INSECURE: 'on', NODE_ENV: 'development' }).webhooks.allowInsecure).toBe(true);
    expect(loadConfig({}).webhooks.allowInsecure).toBe(false);
  });

  it('refuses WEBHOOKS_ALLOW_INSECURE and STOREFRONT_ALLOW_INSECURE when NODE_ENV=production', () => {
    expect(loadConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: KEY }).webhooks.allowInsecure).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: KEY, WEBHOOKS_ALLOW_INSECURE: 'on' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: KEY, WEBHOOKS_ALLOW_INSECURE: 'true' })).toThrow(
      /WEBHOOKS_ALLOW_INSECURE .*NODE_ENV=production/,
    );
    expect(() => loadConfig({ NODE_ENV: ' production ', ENCRYPTION_KEY: KEY, STOREFRONT_ALLOW_INSECURE: 'on' })).toThrow(/STOREFRONT_ALLOW_INSECURE/);
    expect(loadConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: KEY, WEBHOOKS_ALLOW_INSECURE: 'off' }).webhooks.allowInsecure).toBe(false);
  });
});
