import fc from 'fast-check';
import { meetsPasswordPolicy, missingPasswordClasses, newPasswordProblem } from './password-policy';

describe('password policy', () => {
  it.each([
    ['Ab1!xyzw', []],
    ['Ab1!xyz', ['at least 8 characters']],
    ['abcdef1!', ['an uppercase letter']],
    ['ABCDEF1!', ['a lowercase letter']],
    ['Abcdefg!', ['a digit']],
    ['Abcdefg1', ['a symbol']],
    ['', ['at least 8 characters', 'an uppercase letter', 'a lowercase letter', 'a digit', 'a symbol']],
    ['password', ['an uppercase letter', 'a digit', 'a symbol']],
  ])('%j lacks %j', (password, missing) => {
    expect(missingPasswordClasses(password)).toEqual(missing);
    expect(meetsPasswordPolicy(password)).toBe(missing.length === 0);
  });

  it('counts a space or punctuation as a symbol and non-Latin letters by their case', () => {
    expect(meetsPasswordPolicy('Abc defg1')).toBe(true);
    expect(meetsPasswordPolicy('Ünïcödé1-')).toBe(true);
  });

  it('counts characters, not UTF-16 units, for the length', () => {
    expect(missingPasswordClasses('A1!😀😀😀a')).toContain('at least 8 characters');
  });

  it('names what is missing in the field message and refuses more than 72 bytes', () => {
    expect(newPasswordProblem('Abcdefg1')).toMatch(/missing: a symbol/);
    expect(newPasswordProblem('Abcdefg1!')).toBeNull();
    expect(newPasswordProblem(`Ab1!${'x'.repeat(69)}`)).toBe('must be at most 72 bytes');
  });

  it('accepts any password built with every class and 8+ characters (up to 72 bytes)', () => {
    const part = (chars: string) => fc.string({ unit: fc.constantFrom(...chars.split('')), minLength: 1, maxLength: 10 });
    fc.assert(
      fc.property(part('ABCXYZ'), part('abcxyz'), part('0123456789'), part('!@#$%^&*()-_ '), (u, l, d, s) => {
        const password = (u + l + d + s).padEnd(8, 'x');
        expect(newPasswordProblem(password)).toBeNull();
      }),
    );
  });

  it('refuses any password with no digit', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 8 }).filter((p) => !/\p{Nd}/u.test(p)),
        (p) => !meetsPasswordPolicy(p),
      ),
    );
  });
});
