import { FactoryProvider, InjectionToken } from '@nestjs/common';

/** Any class whose instances are `T`, whatever its constructor takes. */
type Maker<T> = new (...args: never[]) => T;

/**
 * A token that can stand for a value of type `T`: a class (or abstract class, the ports) whose instances are
 * `T`, or a string or symbol token (APP_CONFIG and the like), which says nothing of its type and is taken as is.
 */
type TokenFor<T> = (abstract new (...args: never[]) => T) | string | symbol;

/** A token Nest may leave unresolved: the parameter it fills must accept `undefined`. */
interface OptionalToken<T> {
  token: TokenFor<Exclude<T, undefined>>;
  optional: true;
}

/** The token of one parameter: an optional token only where the parameter accepts `undefined`. */
type TokenOf<T> = undefined extends T ? TokenFor<T> | OptionalToken<T> : TokenFor<T>;

/** The tokens of a constructor's (or a factory's) parameters, position by position. */
type TokensFor<P extends readonly unknown[]> = { [K in keyof P]: TokenOf<P[K]> };

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

/**
 * A provider of `token` made by `useFactory` from the providers named in `inject`, for what `make` and `bind`
 * cannot say (a value built from the configuration, an adapter with a collaborator made on the spot). The list
 * is checked against the factory's parameters like `make`'s, so a raw `{ provide, useFactory, inject }` is not
 * written by hand (the lint refuses an `inject` list outside this file).
 */
export function factory<T, P extends unknown[]>(
  token: InjectionToken<T>,
  inject: TokensFor<P>,
  useFactory: (...args: P) => T | Promise<T>,
): FactoryProvider<T> {
  return { provide: token, useFactory: useFactory as (...args: unknown[]) => T | Promise<T>, inject: inject as FactoryProvider['inject'] };
}
