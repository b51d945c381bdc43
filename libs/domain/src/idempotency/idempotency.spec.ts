import { FakeClock } from '../../testing/fake-clock';
import { TestSecretHasher } from '../../testing/fakes';
import { NotFound, ValidationFailed } from '../shared/domain-error';
import {
  canonicalJson,
  checkIdempotencyKey,
  IdempotencyKeyInUse,
  IdempotencyKeyReused,
  isStorableError,
  requestFingerprintSource,
  StoredAnswer,
} from './idempotency';
import { IdempotencyRecord, IdempotencyStore, NewIdempotencyRecord } from './idempotency-store.port';
import { IdempotentRequests, PurgeIdempotencyKeys } from './idempotent-requests.use-case';

class MemoryStore extends IdempotencyStore {
  readonly rows = new Map<string, IdempotencyRecord>();
  private id = (a: number, k: string) => `${a}:${k}`;
  tryInsert(r: NewIdempotencyRecord) {
    if (this.rows.has(this.id(r.accountId, r.keyHash))) return Promise.resolve(false);
    this.rows.set(this.id(r.accountId, r.keyHash), { fingerprint: r.fingerprint, token: r.token, answer: null, lockedAt: r.now, expiresAt: r.expiresAt });
    return Promise.resolve(true);
  }
  find(a: number, k: string) {
    return Promise.resolve(this.rows.get(this.id(a, k)) ?? null);
  }
  takeOver(previous: string, r: NewIdempotencyRecord) {
    const row = this.rows.get(this.id(r.accountId, r.keyHash));
    if (row?.token !== previous) return Promise.resolve(false);
    this.rows.set(this.id(r.accountId, r.keyHash), { fingerprint: r.fingerprint, token: r.token, answer: null, lockedAt: r.now, expiresAt: r.expiresAt });
    return Promise.resolve(true);
  }
  complete(a: number, k: string, token: string, answer: StoredAnswer) {
    const row = this.rows.get(this.id(a, k));
    if (row?.token === token) row.answer = answer;
    return Promise.resolve();
  }
  release(a: number, k: string, token: string) {
    if (this.rows.get(this.id(a, k))?.token === token) this.rows.delete(this.id(a, k));
    return Promise.resolve();
  }
  purgeExpired(now: Date, limit: number) {
    let n = 0;
    for (const [id, row] of this.rows) {
      if (n < limit && row.expiresAt <= now) {
        this.rows.delete(id);
        n++;
      }
    }
    return Promise.resolve(n);
  }
}

describe('idempotency keys', () => {
  const request = { method: 'POST', path: '/v1/invoices', body: { a: 1, b: [1, { c: 2 }] } };
  let store: MemoryStore;
  let clock: FakeClock;
  let requests: IdempotentRequests;
  beforeEach(() => {
    store = new MemoryStore();
    clock = new FakeClock('2025-06-01T10:00:00Z');
    requests = new IdempotentRequests(store, new TestSecretHasher(), clock);
  });

  it('checks the key: 1 to 255 printable characters', () => {
    expect(checkIdempotencyKey('a')).toBe('a');
    expect(checkIdempotencyKey('x'.repeat(255))).toHaveLength(255);
    for (const bad of ['', 'x'.repeat(256), 'tab\there', 'é', '   ']) expect(() => checkIdempotencyKey(bad)).toThrow(ValidationFailed);
  });

  it('fingerprints method, path and body with keys in any order', () => {
    expect(canonicalJson({ b: [1, { d: null, c: 'x' }], a: true })).toBe('{"a":true,"b":[1,{"c":"x","d":null}]}');
    expect(canonicalJson({ a: undefined, b: 1 })).toBe(JSON.stringify({ b: 1 }));
    expect(canonicalJson([])).toBe('[]');
    expect(requestFingerprintSource('post', '/v1/x', { b: 1, a: 2 })).toBe(requestFingerprintSource('POST', '/v1/x', { a: 2, b: 1 }));
    expect(requestFingerprintSource('POST', '/v1/x', { a: 1 })).not.toBe(requestFingerprintSource('PATCH', '/v1/x', { a: 1 }));
    const deep: unknown[] = [];
    let cur = deep;
    for (let i = 0; i < 20000; i++) cur.push((cur = []));
    expect(canonicalJson(deep).length).toBe(40002);
  });

  it('runs the first request, refuses a second while it runs, replays its answer after', async () => {
    const first = await requests.start(1, 'k', request);
    expect(first.run).toBeDefined();
    await expect(requests.start(1, 'k', request)).rejects.toThrow(IdempotencyKeyInUse);
    await requests.finish(first.run!, { status: 201, body: '{"id":1}', error: null });
    expect((await requests.start(1, 'k', request)).replay).toEqual({ status: 201, body: '{"id":1}', error: null });
    await expect(requests.start(1, 'k', { ...request, body: { a: 2 } })).rejects.toThrow(IdempotencyKeyReused);
    expect((await requests.start(2, 'k', request)).run).toBeDefined();
  });

  it('takes over an expired key and one abandoned by a dead request; purges expired keys', async () => {
    const first = await requests.start(1, 'k', request);
    clock.advance(5 * 60);
    const second = await requests.start(1, 'k', request);
    expect(second.run?.token).not.toBe(first.run?.token);
    await requests.finish(first.run!, { status: 201, body: '1', error: null }); // too late: no effect
    await requests.finish(second.run!, { status: 201, body: '2', error: null });
    clock.advance(24 * 60 * 60 - 1);
    expect((await requests.start(1, 'k', request)).replay?.body).toBe('2');
    clock.advance(1);
    expect((await requests.start(1, 'k', { ...request, body: {} })).run).toBeDefined();
    clock.advance(24 * 60 * 60);
    expect(await new PurgeIdempotencyKeys(store, clock).execute(1)).toBe(1);
    expect(store.rows.size).toBe(0);
  });

  it('stores errors but not transient ones', () => {
    expect(isStorableError(new ValidationFailed({ a: 'bad' }))).toBe(true);
    expect(isStorableError(NotFound.of('Invoice'))).toBe(true);
    expect(isStorableError(new Error('boom'))).toBe(false);
  });
});
