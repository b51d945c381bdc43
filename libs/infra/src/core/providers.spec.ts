import { join } from 'node:path';
import { importPath, typeErrors } from '../../../../test/support/type-errors';
import { bind, factory, make } from './providers';

/** Compiles `body` beside a few port-like classes and returns its errors (the wiring checks are types only). */
function compile(body: string): string[] {
  return typeErrors(`import { make, bind, factory } from '${importPath(join(__dirname, 'providers'))}';
abstract class Clock { abstract now(): Date; }
abstract class Repo { abstract find(id: number): Promise<string>; }
abstract class Mailer { abstract send(to: string): Promise<void>; }
class Service { constructor(readonly repo: Repo, readonly clock: Clock) {} }
class SqlRepo extends Repo { constructor(readonly clock: Clock) { super(); } find(): Promise<string> { return Promise.resolve(''); } }
${body}
`);
}

describe('typed provider lists (make, bind, factory)', () => {
  it('build when the tokens give the constructor its parameters in order', () => {
    expect(
      compile(
        `export const a = make(Service, [Repo, Clock]); export const b = bind(Repo, SqlRepo, [Clock]); export const c = make(Service, [Repo, 'A_TOKEN']);
         export const d = factory(Service, [Repo, Clock], (repo: Repo, clock: Clock) => new Service(repo, clock));
         export const e = factory('MAYBE', [{ token: Mailer, optional: true }], (mailer?: Mailer) => mailer ?? null);`,
      ),
    ).toEqual([]);
  }, 30_000);

  it.each([
    ['swapped', 'make(Service, [Clock, Repo])'],
    ['missing', 'make(Service, [Repo])'],
    ['extra', 'make(Service, [Repo, Clock, Clock])'],
    ['of another port', 'make(Service, [Repo, Mailer])'],
    ['untyped', 'make(Service, [] as unknown[])'],
    ['an adapter made wrong', 'bind(Repo, SqlRepo, [Repo])'],
    ['swapped for a factory', 'factory(Service, [Clock, Repo], (repo: Repo, clock: Clock) => new Service(repo, clock))'],
    ['short of a factory', 'factory(Service, [Repo], (repo: Repo, clock: Clock) => new Service(repo, clock))'],
    ['optional where the factory needs a value', "factory('X', [{ token: Mailer, optional: true }], (mailer: Mailer) => mailer)"],
    ['a factory making another type', 'factory(Repo, [Clock], (clock: Clock) => new Service(new SqlRepo(clock), clock))'],
  ])(
    'do not build when a token list is %s',
    (_name, call) => {
      expect(compile(`export const p = ${call};`).length).toBeGreaterThan(0);
    },
    30_000,
  );

  it('make a provider that builds the class from the injected values, in order', () => {
    class Pair {
      constructor(
        readonly first: string,
        readonly second: number,
      ) {}
    }
    const provider = make(Pair, ['FIRST', 'SECOND']);
    expect(provider.inject).toEqual(['FIRST', 'SECOND']);
    expect(provider.useFactory('a', 2)).toEqual(new Pair('a', 2));
    abstract class Port {}
    class Adapter extends Port {}
    expect(bind(Port, Adapter, []).provide).toBe(Port);
    const made = factory('PAIR', ['FIRST', 'SECOND'], (first: string, second: number) => new Pair(first, second));
    expect(made).toMatchObject({ provide: 'PAIR', inject: ['FIRST', 'SECOND'] });
    expect(made.useFactory('b', 3)).toEqual(new Pair('b', 3));
  });
});
