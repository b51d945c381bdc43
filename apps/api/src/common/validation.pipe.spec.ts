import { deepTrim } from './validation.pipe';

describe('deepTrim', () => {
  it('trims strings at every depth, keeps passwords and signatures, and keeps the order of fields', () => {
    const trimmed = deepTrim({ b: ' x ', a: [' y ', { password: ' p ', signature_image: ' s ', note: ' n ' }], n: 1, z: null });
    expect(trimmed).toEqual({ b: 'x', a: ['y', { password: ' p ', signature_image: ' s ', note: 'n' }], n: 1, z: null });
    expect(Object.keys(trimmed as object)).toEqual(['b', 'a', 'n', 'z']);
  });

  it('walks nesting far deeper than the call stack allows without recursion', () => {
    let deep: unknown = ' leaf ';
    for (let i = 0; i < 200_000; i++) deep = i % 2 ? [deep] : { k: deep };
    let out = deepTrim(deep);
    for (let i = 199_999; i >= 0; i--) out = i % 2 ? (out as unknown[])[0] : (out as { k: unknown }).k;
    expect(out).toBe('leaf');
  });
});
