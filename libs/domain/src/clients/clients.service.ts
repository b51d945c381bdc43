import { bulkDelete, BulkDeleteResult } from '../shared/bulk-delete';
import type { Caller } from '../shared/caller';
import { AccountRepository } from '../accounts/account.repository.port';
import { assertWithinLimit, effectivePlan, PlanPolicy } from '../accounts/plan';
import { Clock } from '../shared/clock.port';
import { Conflict, found } from '../shared/domain-error';
import { Page, PageRequest } from '../shared/pagination';
import { TransactionRunner } from '../shared/transaction.port';
import { Client, ClientWithPlatform, PlatformInfo } from './client';
import { ClientDependents, ClientRepository } from './client.repository.port';
import { buildClientFields, ClientInput } from './client-rules';
import { ActivityRecorder } from '../activity/activity-recorder';

export class ClientsService {
  constructor(
    private readonly clients: ClientRepository,
    private readonly dependents: ClientDependents,
    private readonly accounts: AccountRepository,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
    private readonly plans: PlanPolicy,
    private readonly activity: ActivityRecorder,
  ) {}

  async list(caller: Caller, page: PageRequest): Promise<Page<ClientWithPlatform>> {
    const result = await this.clients.list(caller.account.id, page);
    return { ...result, rows: await this.withPlatform(caller.account.id, result.rows) };
  }

  async get(caller: Caller, id: number): Promise<ClientWithPlatform> {
    const [row] = await this.withPlatform(caller.account.id, [await this.require(caller.account.id, id)]);
    return row;
  }

  /** Creates a client, or returns the existing one (skipped) when phone, email or GSTIN repeats. */
  async create(caller: Caller, input: ClientInput): Promise<{ skipped: boolean; client: ClientWithPlatform }> {
    const fields = buildClientFields(input);
    const accountId = caller.account.id;
    const outcome = await this.tx.run(async () => {
      const existing = await this.clients.findDuplicate(accountId, fields);
      if (existing) return { skipped: true, id: existing.id };
      assertWithinLimit(caller.account, this.plans, this.clock.now(), 'clients', await this.clients.count(accountId), 'clients');
      const id = await this.clients.insert(accountId, fields);
      await this.activity.created(caller.principal, 'client', id, fields.name, { after: { name: fields.name, email: fields.email } });
      return { skipped: false, id };
    });
    return { skipped: outcome.skipped, client: await this.get(caller, outcome.id) };
  }

  async update(caller: Caller, id: number, input: ClientInput): Promise<ClientWithPlatform> {
    const accountId = caller.account.id;
    await this.tx.run(async () => {
      const current = await this.require(accountId, id);
      const fields = buildClientFields(input, current);
      await this.clients.update(accountId, id, fields);
      await this.activity.updated(caller.principal, 'client', id, fields.name, { before: summary(current), after: summary(fields) });
    });
    return this.get(caller, id);
  }

  async delete(caller: Caller, id: number, cascade: boolean): Promise<void> {
    const accountId = caller.account.id;
    await this.tx.run(async () => {
      const current = await this.require(accountId, id);
      if (cascade) await this.dependents.removeDocuments(accountId, id);
      else if (await this.dependents.hasDependents(accountId, id)) {
        throw new Conflict('The client has related documents; delete with cascade=1 to remove them too.', { client_id: id });
      }
      await this.dependents.detachRecords(accountId, id);
      await this.clients.delete(accountId, id);
      await this.activity.deleted(caller.principal, 'client', id, current.name, { before: summary(current), after: { cascade } });
    });
  }

  /** Deletes each id that is a client of the account without related documents; the rest are skipped. */
  bulkDelete(caller: Caller, ids: number[]): Promise<BulkDeleteResult> {
    const accountId = caller.account.id;
    return bulkDelete(
      this.tx,
      ids,
      (unique) => this.clients.existingIds(accountId, unique),
      async (owned) => {
        const deleted: number[] = [];
        for (const id of owned) {
          if (await this.dependents.hasDependents(accountId, id)) continue;
          await this.dependents.detachRecords(accountId, id);
          await this.clients.delete(accountId, id);
          await this.activity.deleted(caller.principal, 'client', id, null);
          deleted.push(id);
        }
        return deleted;
      },
    );
  }

  private async require(accountId: number, id: number): Promise<Client> {
    return found(await this.clients.findById(accountId, id), 'Client', id);
  }

  private withPlatform(accountId: number, rows: Client[]): Promise<ClientWithPlatform[]> {
    return clientsWithPlatform(this.accounts, this.clock.now(), accountId, rows);
  }
}

/**
 * Matches clients to other accounts of the service: by GSTIN first, else by business email. Shared by the
 * client reads and the webhook objects (libs/domain/src/webhooks/resource-objects.ts).
 */
export async function clientsWithPlatform(accounts: AccountRepository, now: Date, accountId: number, rows: Client[]): Promise<ClientWithPlatform[]> {
  if (!rows.length) return [];
  const gstins = [...new Set(rows.map((c) => c.gstin).filter((g): g is string => !!g))];
  const emails = [...new Set(rows.map((c) => c.email.toLowerCase()))];
  const matches = (await accounts.findByGstinsOrEmails(accountId, gstins, emails)).filter((a) => !a.deleted);
  return rows.map((client) => {
    const match =
      (client.gstin && matches.find((a) => a.gstin === client.gstin)) ||
      matches.find((a) => (a.businessEmail ?? '').toLowerCase() === client.email.toLowerCase());
    const platform: PlatformInfo = match
      ? {
          usesPlatform: true,
          logoUrl: match.logoUrl && !/^data:/i.test(match.logoUrl) ? match.logoUrl : null,
          subscriptionActive: !match.suspended && effectivePlan(match, now) === 'pro',
        }
      : { usesPlatform: false, logoUrl: null, subscriptionActive: false };
    return { client, platform };
  });
}

function summary(c: { name: string; phone: string; email: string; gstin: string | null }) {
  return { name: c.name, phone: c.phone, email: c.email, gstin: c.gstin };
}
