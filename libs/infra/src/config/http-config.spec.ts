import { loadConfig } from './app-config';
import { ConfigError } from './env-reader';

describe('HTTP edge configuration', () => {
  it('defaults: Fastify, JSON depth 32, no trusted proxy', () => {
    expect(loadConfig({}).http).toEqual({ adapter: 'fastify', jsonMaxDepth: 32, trustProxy: false });
  });

  it('reads HTTP_ADAPTER, JSON_MAX_DEPTH and the forms of TRUST_PROXY', () => {
    expect(loadConfig({ HTTP_ADAPTER: 'Express', JSON_MAX_DEPTH: '8', TRUST_PROXY: 'on' }).http).toEqual({
      adapter: 'express',
      jsonMaxDepth: 8,
      trustProxy: true,
    });
    expect(loadConfig({ TRUST_PROXY: '2' }).http.trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).http.trustProxy).toBe('loopback,10.0.0.0/8');
    expect(loadConfig({ TRUST_PROXY: 'off' }).http.trustProxy).toBe(false);
  });

  it('refuses an unknown adapter, a depth out of range and a malformed proxy list', () => {
    expect(() => loadConfig({ HTTP_ADAPTER: 'koa' })).toThrow(ConfigError);
    expect(() => loadConfig({ JSON_MAX_DEPTH: '0' })).toThrow(/JSON_MAX_DEPTH/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
  });
});
