import { DocumentCounter } from './document-counter.port';
import { Account } from '../shared/account';
import { assertWithinLimit, effectivePlan, PlanPolicy } from '../accounts/plan';
import { Clock } from '../shared/clock.port';

/** The Free plan's monthly allowance of sales documents (docs/decisions.md, "Plans"): 402 when it is used up. */
export class DocumentQuota {
  constructor(
    private readonly counter: DocumentCounter,
    private readonly clock: Clock,
    private readonly plans: PlanPolicy,
  ) {}

  async assertCanCreate(account: Pick<Account, 'id' | 'plan' | 'subscriptionExpiresAt'>): Promise<void> {
    const now = this.clock.now();
    // Only a finite allowance needs counting (Pro has none): creates on Pro skip the count entirely.
    if (!Number.isFinite(this.plans[effectivePlan(account, now)].documentsPerMonth)) return;
    const used = await this.countThisMonth(account.id, now);
    assertWithinLimit(account, this.plans, now, 'documentsPerMonth', used, 'sales documents per month');
  }

  /** Sales documents made this calendar month (UTC) against the plan's allowance (null: no limit). */
  async usage(account: Pick<Account, 'id' | 'plan' | 'subscriptionExpiresAt'>): Promise<{ used: number; limit: number | null }> {
    const now = this.clock.now();
    const limit = this.plans[effectivePlan(account, now)].documentsPerMonth;
    return { used: await this.countThisMonth(account.id, now), limit: Number.isFinite(limit) ? limit : null };
  }

  private countThisMonth(accountId: number, now: Date): Promise<number> {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const fmt = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
    return this.counter.countCreatedBetween(accountId, fmt(start), fmt(end));
  }
}
