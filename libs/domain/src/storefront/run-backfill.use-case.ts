import { AccountRepository } from '../accounts/account.repository.port';
import { Clock } from '../shared/clock.port';
import { DomainError } from '../shared/domain-error';
import { formatTimestamp } from '../shared/fiscal-year';
import { OrderImport } from './order-import';
import { accountCaller } from './storefront-events';
import { SecretSealer, ShopAdminApi, StorefrontStore } from './storefront.ports';

export type BackfillRun = 'done' | 'stopped' | 'failed' | 'skipped';

/**
 * Pages through the shop's past orders from the stored cursor and makes the invoices that are missing
 * (an order with an invoice is skipped, so a page done twice makes nothing twice). After each page the next
 * cursor and the progress are stored, so a worker that stops (`signal`) or dies is followed by one that
 * resumes from there. An order the service refuses is skipped (counted as done); an admin API that keeps
 * failing after its retries ends the backfill as `failed`.
 */
export class RunBackfill {
  constructor(
    private readonly store: StorefrontStore,
    private readonly api: ShopAdminApi,
    private readonly sealer: SecretSealer,
    private readonly accounts: AccountRepository,
    private readonly orders: OrderImport,
    private readonly clock: Clock,
  ) {}

  async execute(accountId: number, signal?: AbortSignal): Promise<BackfillRun> {
    let connection = await this.store.findByAccount(accountId);
    if (!connection || connection.backfill.state !== 'running') return 'skipped';
    const caller = await accountCaller(this.accounts, accountId);
    if (!caller) return 'skipped';
    const shop = connection.shopDomain;
    const token = this.sealer.open(connection.accessTokenSealed);
    const { since } = connection.backfill;
    try {
      if (connection.backfill.total === null) await this.store.setBackfillTotal(accountId, await this.api.countOrders(shop, token, since));
      let cursor = connection.backfill.cursor;
      for (;;) {
        if (signal?.aborted) return 'stopped';
        const page = await this.api.ordersPage(shop, token, { since, cursor }, signal);
        for (const order of page.orders) {
          if (signal?.aborted) return 'stopped';
          try {
            await this.orders.order(caller, order);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
          }
        }
        if (!(await this.store.saveBackfillPage(accountId, page.next, page.orders.length))) return 'stopped';
        if (!page.next) break;
        cursor = page.next;
        connection = await this.store.findByAccount(accountId);
        if (!connection || connection.backfill.state !== 'running') return 'stopped';
      }
      await this.store.finishBackfill(accountId, 'done', null, formatTimestamp(this.clock.now()));
      return 'done';
    } catch (error) {
      if (signal?.aborted) return 'stopped';
      await this.store.finishBackfill(accountId, 'failed', ((error as Error).message || 'failed').slice(0, 500), formatTimestamp(this.clock.now()));
      return 'failed';
    }
  }
}
