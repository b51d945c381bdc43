import { boundGracefulStop } from './shutdown-bound';

describe('boundGracefulStop', () => {
  const signal = 'SIGUSR2';
  afterEach(() => process.removeAllListeners(signal));

  it('after the first signal, waits the bound, then logs a warning and exits with status 1', async () => {
    const warn = jest.fn();
    const exit = jest.fn();
    boundGracefulStop(50, { warn } as never, exit, [signal]);
    expect(process.listenerCount(signal)).toBe(1);
    process.emit(signal, signal);
    // Its listener is gone, so the signal Nest sends itself once its hooks are done ends the process.
    expect(process.listenerCount(signal)).toBe(0);
    await new Promise((r) => setTimeout(r, 20));
    expect(exit).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 80));
    expect(exit).toHaveBeenCalledWith(1);
    expect(warn).toHaveBeenCalledWith({ signal, timeout_s: 0.05 }, expect.stringContaining('graceful stop did not end in time'));
  });

  it('does nothing without a signal', async () => {
    const exit = jest.fn();
    boundGracefulStop(10, { warn: jest.fn() } as never, exit, [signal]);
    await new Promise((r) => setTimeout(r, 40));
    expect(exit).not.toHaveBeenCalled();
  });
});
