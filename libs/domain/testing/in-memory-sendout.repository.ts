import { Page, PageRequest } from '../src/shared/pagination';
import { newestFirst, newestOrder, pageAt } from './in-memory-rows';
import { ClaimedSendout, NewSendout, Sendout, SendoutJob, SendoutStatus } from '../src/sendouts/sendout';
import { SendoutRepository } from '../src/sendouts/sendout.repository.port';
import { sqlTimestamp } from './fake-clock';

interface StoredSendout extends ClaimedSendout {
  claimToken: string | null;
  lockedAt: Date | null;
  touchedAt: Date;
  deleted: boolean;
}

/** Sendout rows in memory with the semantics of the SQL adapter (conditional updates, account scoping). */
export class InMemorySendoutRepository extends SendoutRepository {
  readonly rows = new Map<number, StoredSendout>();
  private nextId = 1;

  row(id: number): StoredSendout {
    const r = this.rows.get(id);
    if (!r) throw new Error(`no sendout ${id}`);
    return r;
  }

  async insert(accountId: number, row: NewSendout, now: Date): Promise<number> {
    const id = this.nextId++;
    const at = sqlTimestamp(now);
    this.rows.set(id, {
      ...row,
      period: row.period ?? null,
      ccEmails: [...row.ccEmails],
      bccEmails: [...row.bccEmails],
      id,
      accountId,
      status: 'queued',
      attempts: 0,
      lastError: null,
      sentAt: null,
      messageId: null,
      createdAt: at,
      updatedAt: at,
      claimToken: null,
      lockedAt: null,
      touchedAt: now,
      deleted: false,
    });
    return id;
  }

  private visible(accountId: number, id: number): StoredSendout | null {
    const r = this.rows.get(id);
    return r && r.accountId === accountId && !r.deleted ? r : null;
  }

  private toSendout(r: StoredSendout): Sendout {
    const { claimToken: _t, lockedAt: _l, touchedAt: _a, deleted: _d, signatureOverride: _s, ...rest } = r;
    return { ...rest, ccEmails: [...rest.ccEmails], bccEmails: [...rest.bccEmails] };
  }

  async findById(accountId: number, id: number): Promise<Sendout | null> {
    const r = this.visible(accountId, id);
    return r ? this.toSendout(r) : null;
  }

  async history(accountId: number, page: PageRequest): Promise<Page<Sendout>> {
    const scope = newestFirst([...this.rows.values()].filter((r) => r.accountId === accountId));
    const read = pageAt(
      scope.filter((r) => !r.deleted),
      page,
      newestOrder,
      scope,
    );
    return { ...read, rows: read.rows.map((r) => this.toSendout(r)) };
  }

  async delete(accountId: number, id: number, now: Date): Promise<boolean> {
    const r = this.visible(accountId, id);
    if (!r) return false;
    r.deleted = true;
    if (r.status === 'queued') this.set(r, 'cancelled', now);
    return true;
  }

  async claim(accountId: number, id: number, token: string, now: Date): Promise<ClaimedSendout | null> {
    const r = this.visible(accountId, id);
    if (!r || r.status !== 'queued') return null;
    this.set(r, 'sending', now);
    r.attempts++;
    r.claimToken = token;
    r.lockedAt = now;
    const { claimToken: _t, lockedAt: _l, touchedAt: _a, deleted: _d, ...claimed } = r;
    return { ...claimed };
  }

  private held(accountId: number, id: number, token: string): StoredSendout | null {
    const r = this.rows.get(id);
    return r && r.accountId === accountId && r.status === 'sending' && r.claimToken === token ? r : null;
  }

  async markSent(accountId: number, id: number, token: string, messageId: string, now: Date): Promise<boolean> {
    const r = this.held(accountId, id, token);
    if (!r) return false;
    this.set(r, 'sent', now);
    Object.assign(r, { sentAt: sqlTimestamp(now), messageId, claimToken: null, signatureOverride: null });
    return true;
  }

  async markFailed(accountId: number, id: number, token: string, error: string, now: Date): Promise<boolean> {
    const r = this.held(accountId, id, token);
    if (!r) return false;
    this.set(r, 'failed', now);
    Object.assign(r, { lastError: error, claimToken: null });
    return true;
  }

  async release(accountId: number, id: number, token: string, error: string, now: Date): Promise<void> {
    const r = this.held(accountId, id, token);
    if (!r) return;
    this.set(r, r.deleted ? 'cancelled' : 'queued', now);
    Object.assign(r, { lastError: error, claimToken: null });
  }

  async queuedBefore(before: Date, limit: number): Promise<SendoutJob[]> {
    return [...this.rows.values()]
      .filter((r) => r.status === 'queued' && !r.deleted && r.touchedAt.getTime() < before.getTime())
      .sort((a, b) => a.id - b.id)
      .slice(0, limit)
      .map((r) => ({ sendoutId: r.id, accountId: r.accountId }));
  }

  private exhausted(r: StoredSendout, lockedBefore: Date, maxAttempts: number): boolean {
    return r.status === 'sending' && !!r.lockedAt && r.lockedAt.getTime() < lockedBefore.getTime() && r.attempts >= maxAttempts;
  }

  async exhaustedStale(lockedBefore: Date, maxAttempts: number, limit: number): Promise<SendoutJob[]> {
    return [...this.rows.values()]
      .filter((r) => this.exhausted(r, lockedBefore, maxAttempts))
      .sort((a, b) => a.id - b.id)
      .slice(0, limit)
      .map((r) => ({ sendoutId: r.id, accountId: r.accountId }));
  }

  async failStale(accountId: number, id: number, lockedBefore: Date, maxAttempts: number, now: Date): Promise<Sendout | null> {
    const r = this.rows.get(id);
    if (!r || r.accountId !== accountId || !this.exhausted(r, lockedBefore, maxAttempts)) return null;
    this.set(r, 'failed', now);
    Object.assign(r, { lastError: 'The worker stopped during delivery.', claimToken: null });
    return this.toSendout(r);
  }

  async recoverStale(lockedBefore: Date, maxAttempts: number, now: Date): Promise<number> {
    let n = 0;
    for (const r of this.rows.values()) {
      if (r.status !== 'sending' || !r.lockedAt || r.lockedAt.getTime() >= lockedBefore.getTime()) continue;
      this.set(r, r.attempts >= maxAttempts ? 'failed' : r.deleted ? 'cancelled' : 'queued', now);
      Object.assign(r, { lastError: 'The worker stopped during delivery.', claimToken: null });
      n++;
    }
    return n;
  }

  private set(r: StoredSendout, status: SendoutStatus, now: Date): void {
    r.status = status;
    r.updatedAt = sqlTimestamp(now);
    r.touchedAt = now;
  }
}
