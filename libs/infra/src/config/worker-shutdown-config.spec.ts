import { loadConfig } from './app-config';
import { ConfigError } from './env-reader';

describe('worker shutdown configuration', () => {
  it('bounds the graceful stop at 30 s by default; WORKER_SHUTDOWN_TIMEOUT_S sets it in seconds', () => {
    expect(loadConfig({}).workerShutdownTimeoutMs).toBe(30_000);
    expect(loadConfig({ WORKER_SHUTDOWN_TIMEOUT_S: '5' }).workerShutdownTimeoutMs).toBe(5_000);
  });

  it.each(['0', '-1', '1.5', 'soon', '3601'])('refuses %p', (value) => {
    expect(() => loadConfig({ WORKER_SHUTDOWN_TIMEOUT_S: value })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKER_SHUTDOWN_TIMEOUT_S: value })).toThrow(/WORKER_SHUTDOWN_TIMEOUT_S must be an integer from 1 to 3600/);
  });
});
