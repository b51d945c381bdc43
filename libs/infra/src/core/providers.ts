import { FactoryProvider, InjectionToken } from '@nestjs/common';

/** Any class whose instances are `T`, whatever its constructor takes. */
type Maker<T> = new (...args: never[]) => T;

/**
 * A provider that makes `type` from the providers named in `inject`, in the constructor's order. The
 * classes of libs/domain carry no decorators (the domain imports no framework), so Nest cannot read
 * their constructor parameters itself; this names them once instead of a factory that repeats them.
 */
export function make<T>(type: Maker<T>, inject: InjectionToken[]): FactoryProvider<T> {
  return { provide: type, useFactory: (...args: unknown[]) => new type(...(args as never[])), inject };
}

/** A provider that binds the port `token` to `adapter`, made from the providers named in `inject`. */
export function bind<T>(token: InjectionToken<T>, adapter: Maker<T>, inject: InjectionToken[]): FactoryProvider<T> {
  return { provide: token, useFactory: (...args: unknown[]) => new adapter(...(args as never[])), inject };
}
