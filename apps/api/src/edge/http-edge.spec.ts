import { edgeHeaders, isFormContentType, isJsonContentType, jsonDepthExceeds, parseFormBody, parseJsonBody, urlDecodes } from './http-edge';

describe('the HTTP edge', () => {
  it('measures JSON depth on the text, ignoring brackets inside strings', () => {
    expect(jsonDepthExceeds('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[1,{"b":[2]}]}', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[\\"[[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('['.repeat(1500) + ']'.repeat(1500), 32)).toBe(true);
  });

  it('parses JSON bodies: empty is none, too deep and malformed are validation errors', () => {
    expect(parseJsonBody('  ', '/v1/clients', 32)).toBeUndefined();
    expect(parseJsonBody('{"a":1}', '/v1/clients', 32)).toEqual({ a: 1 });
    expect(() => parseJsonBody('{"a":', '/v1/clients', 32)).toThrow(
      expect.objectContaining({ code: 'validation_error', details: { body: 'is not valid JSON' } }),
    );
    expect(() => parseJsonBody('{"a":' + '['.repeat(40) + ']'.repeat(40) + '}', '/v1/clients', 32)).toThrow(
      expect.objectContaining({ code: 'validation_error' }),
    );
  });

  it('drops `__proto__` keys of a body, plain or escaped, so a spread of it cannot change a prototype', () => {
    const parsed = parseJsonBody('{"name":"A","__proto__":{"admin":true},"x":{"\\u005f_proto__":{"admin":true}}}', '/v1/clients', 32) as Record<
      string,
      Record<string, unknown>
    >;
    expect(Object.keys(parsed)).toEqual(['name', 'x']);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed.x)).toEqual([]);
    expect(Object.assign({}, parsed, parsed.x)).not.toHaveProperty('admin');
    expect(parseJsonBody('{"note":"\\u20b9 100"}', '/v1/clients', 32)).toEqual({ note: '\u20b9 100' });
  });

  it('tells JSON content types and decodable URLs', () => {
    expect(isJsonContentType('application/json; charset=utf-8')).toBe(true);
    expect(isJsonContentType('Application/JSON')).toBe(true);
    expect(isJsonContentType('application/jsonx')).toBe(false);
    expect(isJsonContentType(undefined)).toBe(false);
    expect(urlDecodes('/v1/share/%E0%A4%A')).toBe(false);
    expect(urlDecodes('/v1/share/%E0%A4%A4?x=%')).toBe(true);
  });

  it('reflects a real origin but not null nor an absurdly long one', () => {
    expect(edgeHeaders('r1', 'https://app.example.com', false)['Access-Control-Allow-Origin']).toBe('https://app.example.com');
    expect(edgeHeaders('r1', 'null', false)).toEqual({ 'X-Request-Id': 'r1' });
    expect(edgeHeaders('r1', `https://${'a'.repeat(300)}.com`, false)).toEqual({ 'X-Request-Id': 'r1' });
  });
});

describe('form bodies', () => {
  it('are read on console paths only, repeated names as arrays, and refused elsewhere as not JSON', () => {
    expect(isFormContentType('application/x-www-form-urlencoded; charset=UTF-8')).toBe(true);
    expect(isFormContentType('application/json')).toBe(false);
    const form = parseFormBody(Buffer.from('a=1&p=x&p=y&e=%3Cb%3E+c'), '/console/team?x=1');
    expect({ ...form }).toEqual({ a: '1', p: ['x', 'y'], e: '<b> c' });
    expect(() => parseFormBody(Buffer.from('a=1'), '/v1/clients')).toThrow('The request body must be JSON.');
    expect(() => parseFormBody(Buffer.from('a=1'), '/consoles')).toThrow('The request body must be JSON.');
    expect(() => parseFormBody(Buffer.alloc(64 * 1024 + 1, 97), '/console/sign-in')).toThrow('The request body is too large.');
  });
});
