import { FactoryProvider, InjectionToken } from '@nestjs/common';

/** Any class whose instances are `T`, whatever its constructor takes. */
type Maker<T> = new (...args: never[]) => T;

/**
 * A token that can stand for a value of type `T`: a class (or abstract class, the ports) whose instances are
 * `T`, or a string or symbol token (APP_CONFIG and the like), which says nothing of its type and is taken as is.
 */
type TokenFor<T> = (abstract new (...args: never[]) => T) | string | symbol;

/** The tokens of a constructor's parameters, position by position. */
type TokensFor<P extends readonly unknown[]> = { [K in keyof P]: TokenFor<P[K]> };

/**
 * A provider that makes `type` from the providers named in `inject`, in the constructor's order. The
 * classes of libs/domain carry no decorators (the domain imports no framework), so Nest cannot read
 * their constructor parameters itself; this names them once instead of a factory that repeats them.
 * The list is checked against the constructor at compile time: a missing, extra or misplaced token whose
 * class does not give the parameter's type does not build.
 */
export function make<C extends new (...args: never[]) => unknown>(type: C, inject: TokensFor<ConstructorParameters<C>>): FactoryProvider<InstanceType<C>> {
  return { provide: type, useFactory: (...args: unknown[]) => new type(...(args as never[])) as InstanceType<C>, inject: inject as InjectionToken[] };
}

/** A provider that binds the port `token` to `adapter`, made from the providers named in `inject` (checked like `make`'s). */
export function bind<T, C extends Maker<T>>(token: InjectionToken<T>, adapter: C, inject: TokensFor<ConstructorParameters<C>>): FactoryProvider<T> {
  return { provide: token, useFactory: (...args: unknown[]) => new adapter(...(args as never[])), inject: inject as InjectionToken[] };
}
