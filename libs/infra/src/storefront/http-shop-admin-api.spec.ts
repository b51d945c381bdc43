import { nextCursorOf, retryAfterMs } from './http-shop-admin-api';

describe('storefront admin API helpers', () => {
  it('finds the next cursor in a Link header, never following its host', () => {
    expect(nextCursorOf('<https://evil.example/admin/api/x/orders.json?page_info=abc&limit=250>; rel="next"')).toBe('abc');
    expect(nextCursorOf('<https://s/orders.json?page_info=p>; rel="previous", <https://s/orders.json?page_info=n>; rel="next"')).toBe('n');
    expect(nextCursorOf('<https://s/orders.json?page_info=p>; rel="previous"')).toBeNull();
    expect(nextCursorOf(undefined)).toBeNull();
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeNull();
  });
});
