import { parseJson } from './json';

describe('parseJson', () => {
  it('drops __proto__ keys at every depth, plain or written with \\u escapes, so Object.assign cannot take one as a prototype', () => {
    const parsed = parseJson('{"a":1,"__proto__":{"admin":true},"n":[{"\\u005f_proto__":{"admin":true},"b":2}]}') as { n: object[] };
    expect(parsed).toEqual({ a: 1, n: [{ b: 2 }] });
    expect(Object.keys(parsed)).toEqual(['a', 'n']);
    expect(Object.assign({}, parsed, parsed.n[0])).not.toHaveProperty('admin');
  });

  it('parses everything else as JSON.parse does, and throws as it does', () => {
    expect(parseJson('{"note":"\\u20b9 100","proto":1}')).toEqual({ note: '\u20b9 100', proto: 1 });
    expect(parseJson('[1,"x",null]')).toEqual([1, 'x', null]);
    expect(() => parseJson('{"a":')).toThrow(SyntaxError);
  });
});
