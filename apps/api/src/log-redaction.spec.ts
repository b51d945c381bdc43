import { hasApiKeyInQuery, queryKeyName, redactUrl, redactUserAgent } from './log-redaction';

const TOKEN = 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6'; // 44 characters, the shape of this API's tokens

describe('log redaction', () => {
  it.each([
    'api_key',
    'API_KEY',
    'api%5Fkey',
    'api%5fKey',
    '%61pi_key',
    '%2561pi_key',
    'api_key[]',
    'api_key[0]',
    'api_key%5B%5D',
    'API%5FKEY%5b0%5d',
    'api_key[a][b]',
  ])('the query key %s stands for api_key', (key) => {
    expect(queryKeyName(key)).toBe('api_key');
    expect(hasApiKeyInQuery(`/v1/me?x=1&${key}=v`)).toBe(true);
    expect(hasApiKeyInQuery(`/v1/me?${key}`)).toBe(true);
  });

  it('other keys, and api_key outside the query, do not', () => {
    expect(hasApiKeyInQuery('/v1/me?api_keys=1&my_api_key=2&api=key')).toBe(false);
    expect(hasApiKeyInQuery('/v1/api_key')).toBe(false);
    expect(hasApiKeyInQuery('/v1/me')).toBe(false);
    expect(hasApiKeyInQuery('/v1/me?%E0%A4%A=1&%')).toBe(false);
  });

  it('keeps plain query values of plain keys and blanks credentials under any spelling', () => {
    expect(redactUrl('/v1/invoices?limit=50&offset=0&status=paid&from=2025-05-01')).toBe('/v1/invoices?limit=50&offset=0&status=paid&from=2025-05-01');
    expect(redactUrl('/v1/me?api%5Fkey=ik_short&API_KEY[]=x&Password=pw&token[0]=t')).toBe(
      '/v1/me?api%5Fkey=[REDACTED]&API_KEY[]=[REDACTED]&Password=[REDACTED]&token[0]=[REDACTED]',
    );
    // Under a harmless name, a value shaped like a token or with other characters is blanked too.
    expect(redactUrl(`/v1/clients?search=ik_${TOKEN}&q=L0g!Secret%23pw&name=Sharma%20Traders`)).toBe(
      '/v1/clients?search=[REDACTED]&q=[REDACTED]&name=[REDACTED]',
    );
    // So is a key that is itself a secret.
    expect(redactUrl(`/v1/me?${TOKEN}&x=1`)).toBe('/v1/me?[REDACTED]&x=1');
  });

  it('blanks the token of a public link and of its sub-paths, however the path is spelled', () => {
    expect(redactUrl('/v1/share/abc')).toBe('/v1/share/[REDACTED]');
    expect(redactUrl(`/v1/share/${TOKEN}/pdf?download=1`)).toBe('/v1/share/[REDACTED]/pdf?download=1');
    expect(redactUrl(`/v1/Share/${TOKEN}`)).toBe('/v1/Share/[REDACTED]');
    expect(redactUrl(`/v1/%73hare/${TOKEN}`)).toBe('/v1/[REDACTED]/[REDACTED]');
    expect(redactUrl('/v1/documents/invoice/12/share')).toBe('/v1/documents/invoice/12/share');
  });

  it('keeps plain path segments and blanks long or unusual ones', () => {
    expect(redactUrl('/v1/proforma-invoices/42/pdf')).toBe('/v1/proforma-invoices/42/pdf');
    expect(redactUrl('/v1/openapi.json')).toBe('/v1/openapi.json');
    expect(redactUrl(`/v1/clients/ik_${TOKEN}`)).toBe('/v1/clients/[REDACTED]');
    expect(redactUrl('/v1/L0g!Secret%23pw')).toBe('/v1/[REDACTED]');
    expect(redactUrl('/v1/me#fragment')).toBe('/v1/me');
  });

  it('keeps only the first product token of the user agent', () => {
    expect(redactUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36')).toBe('Mozilla/5.0');
    expect(redactUserAgent(`okhttp/4.12 ${TOKEN}`)).toBe('okhttp/4.12');
    expect(redactUserAgent(`ik_${TOKEN}`)).toBe('[REDACTED]');
    expect(redactUserAgent(`Mozilla/${TOKEN}`)).toBe('[REDACTED]');
    expect(redactUserAgent(undefined)).toBeUndefined();
  });
});
