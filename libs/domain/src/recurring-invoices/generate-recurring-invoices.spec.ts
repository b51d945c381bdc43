import { salesDocumentKit } from '../../testing/sales-document-test-kit';
import { AccountRepository } from '../accounts/account.repository.port';
import { ActivityRecorder } from '../activity/activity-recorder';
import { AccountReferences } from '../documents/account-references';
import { Page } from '../shared/pagination';
import { SendoutQueue } from '../sendouts/sendout-queue.port';
import { SendoutRepository } from '../sendouts/sendout.repository.port';
import { BusinessSettingsRepository } from '../settings/business-settings';
import { GenerateRecurringInvoices } from './generate-recurring-invoices.use-case';
import { RecurringInvoice, RecurringInvoiceFields, RecurringRun, RecurringStatus } from './recurring-invoice';
import { DueProfile, NewRecurringRun, RecurringInvoiceRepository } from './recurring-invoice.repository.port';
import { addDays, initialState, ScheduleState } from './recurring-schedule';
import { proAccount } from '../../testing/in-memory-account.repository';

/** Profiles and runs in memory, the run key unique as in the database. */
class InMemoryProfiles extends RecurringInvoiceRepository {
  readonly rows = new Map<number, RecurringInvoice>();
  readonly runRows: Array<NewRecurringRun & { profileId: number }> = [];
  private next = 1;

  async insert(accountId: number, fields: RecurringInvoiceFields, status: RecurringStatus, state: ScheduleState): Promise<number> {
    const id = this.next++;
    this.rows.set(id, { ...fields, ...state, id, accountId, status, lastRunDate: null, createdAt: '', updatedAt: '' });
    return id;
  }
  async findById(accountId: number, id: number) {
    const row = this.rows.get(id);
    return row && row.accountId === accountId ? { ...row } : null;
  }
  async list(): Promise<Page<RecurringInvoice>> {
    return { rows: [...this.rows.values()], total: this.rows.size };
  }
  async update(accountId: number, id: number, fields: RecurringInvoiceFields, status: RecurringStatus, state: ScheduleState) {
    const row = this.rows.get(id)!;
    this.rows.set(id, { ...row, ...fields, ...state, status });
  }
  async delete(_accountId: number, id: number) {
    return this.rows.delete(id);
  }
  async runs(): Promise<RecurringRun[]> {
    return [];
  }
  async dueAfter(dueBy: string, afterId: number): Promise<DueProfile[]> {
    return [...this.rows.values()]
      .filter((r) => r.status === 'active' && r.nextRunDate !== null && r.nextRunDate <= dueBy && r.id > afterId)
      .map((r) => ({ id: r.id, accountId: r.accountId, nextRunDate: r.nextRunDate! }));
  }
  lockForRun(accountId: number, id: number) {
    return this.findById(accountId, id);
  }
  async recordRun(_accountId: number, profileId: number, run: NewRecurringRun) {
    if (this.runRows.some((r) => r.profileId === profileId && r.runDate === run.runDate)) return false;
    this.runRows.push({ ...run, profileId });
    return true;
  }
  async advance(_accountId: number, id: number, state: ScheduleState, lastRunDate: string, status: RecurringStatus) {
    const row = this.rows.get(id)!;
    this.rows.set(id, { ...row, ...state, lastRunDate, status });
  }
}

function setup(timeZone?: string) {
  const kit = salesDocumentKit('2026-01-01T04:00:00Z');
  const account = proAccount(1, { gstin: '27AAPFU0939F1ZV', stateCode: '27', address: 'Pune', businessName: 'Supplier', timeZone });
  const profiles = new InMemoryProfiles();
  const accounts = { findById: async () => account } as unknown as AccountRepository;
  const references = new AccountReferences(kit.clients, { findVisible: () => Promise.resolve(null) });
  // The kit's IssueInvoice, reached through its invoice service.
  const issue = (kit.invoiceService as unknown as { issue: ConstructorParameters<typeof GenerateRecurringInvoices>[3] }).issue;
  const generate = new GenerateRecurringInvoices(profiles, accounts, references, issue, kit.tx, kit.clock, {
    sendouts: {} as SendoutRepository,
    queue: {} as SendoutQueue,
    settings: {} as BusinessSettingsRepository,
    activity: {} as ActivityRecorder,
  });
  const days = async (from: string, to: string) => {
    for (let d = from; d <= to; d = addDays(d, 1)) {
      kit.clock.set(`${d}T04:00:00Z`);
      await generate.execute();
    }
  };
  return { kit, account, profiles, generate, days };
}

const line = (rate: number) => ({ itemDescription: 'Retainer', hsnCode: '998311', quantity: 1, rate: 1000, taxRate: rate });

async function addProfile(
  s: ReturnType<typeof setup>,
  clientId: number,
  template: Record<string, unknown>,
  schedule: Partial<RecurringInvoiceFields['schedule']>,
) {
  const fields: RecurringInvoiceFields = {
    clientId,
    template,
    schedule: { frequency: 'monthly', interval: 1, startDate: '2026-01-01', endDate: null, occurrences: null, dayOfMonth: null, ...schedule },
    paymentTermsDays: 15,
    catchUp: 'each',
    autoSend: false,
    emailSubject: null,
    emailMessage: null,
  };
  return s.profiles.insert(1, fields, 'active', initialState(fields.schedule));
}

describe('GenerateRecurringInvoices', () => {
  it('a monthly profile crossing 1 April numbers the new financial year from 0001', async () => {
    const s = setup();
    const client = await s.kit.clients.insert(1, {
      name: 'Buyer',
      phone: '9876543210',
      countryCode: '+91',
      email: 'b@example.com',
      address: null,
      gstin: null,
      stateCode: '27',
    });
    const id = await addProfile(s, client, { items: [line(18)] }, { startDate: '2026-01-15', dayOfMonth: 'last' });
    await s.days('2026-01-01', '2026-05-31');
    const made = s.profiles.runRows.filter((r) => r.profileId === id);
    expect(made.map((r) => r.runDate)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    const numbers = await Promise.all(made.map(async (r) => (await s.kit.invoices.findById(1, r.invoiceId!))!.invoiceNumber));
    expect(numbers).toEqual(['INV/25-26/0001', 'INV/25-26/0002', 'INV/25-26/0003', 'INV/26-27/0001', 'INV/26-27/0002']);
    const april = (await s.kit.invoices.findById(1, made[3].invoiceId!))!;
    expect([april.invoiceDate, april.paymentDueDate, april.status, april.paymentStatus]).toEqual(['2026-04-30', '2026-05-15', 'issued', 'pending']);
  });

  it('applies the tax rules of each invoice’s date: 28 percent warns only from 1 February 2026, and the place of supply follows the client as it is then', async () => {
    const s = setup();
    const client = await s.kit.clients.insert(1, {
      name: 'Buyer',
      phone: '9876543210',
      countryCode: '+91',
      email: 'b@example.com',
      address: null,
      gstin: null,
      stateCode: '27',
    });
    const id = await addProfile(s, client, { items: [line(28)] }, { startDate: '2026-01-20', dayOfMonth: 20 });
    await s.days('2026-01-19', '2026-01-21');
    // The client moves to Karnataka: the next invoice is an inter-state supply.
    await s.kit.clients.update(1, client, {
      name: 'Buyer',
      phone: '9876543210',
      countryCode: '+91',
      email: 'b@example.com',
      address: null,
      gstin: null,
      stateCode: '29',
    });
    await s.days('2026-02-19', '2026-02-21');
    const [jan, feb] = await Promise.all(s.profiles.runRows.filter((r) => r.profileId === id).map((r) => s.kit.invoices.findById(1, r.invoiceId!)));
    const codes = (i: typeof jan) => i!.taxWarnings.map((w) => w.code);
    expect(codes(jan)).not.toContain('rate_not_in_force');
    expect(codes(feb)).toContain('rate_not_in_force');
    expect(jan!.placeOfSupply).toBe('27');
    expect(feb!.placeOfSupply).toBe('29');
    expect(Number(feb!.lines[0].igstAmount)).toBeGreaterThan(0);
    expect(Number(jan!.lines[0].igstAmount)).toBe(0);
  });

  it('a run the invoice rules refuse is recorded as failed and the schedule goes on; the created event says source recurring', async () => {
    const s = setup();
    const client = await s.kit.clients.insert(1, {
      name: 'Buyer',
      phone: '9876543210',
      countryCode: '+91',
      email: 'b@example.com',
      address: null,
      gstin: null,
      stateCode: '27',
    });
    const gone = await addProfile(s, 999, { items: [line(18)] }, { startDate: '2026-01-02', frequency: 'weekly' });
    const ok = await addProfile(s, client, { items: [line(18)] }, { startDate: '2026-01-02', frequency: 'weekly' });
    await s.days('2026-01-01', '2026-01-10');
    expect(s.profiles.runRows.filter((r) => r.profileId === gone).map((r) => [r.runDate, r.status])).toEqual([
      ['2026-01-02', 'failed'],
      ['2026-01-09', 'failed'],
    ]);
    expect(s.profiles.runRows.find((r) => r.profileId === gone)!.error).toMatch(/not found/i);
    expect(s.profiles.runRows.filter((r) => r.profileId === ok).map((r) => r.status)).toEqual(['created', 'created']);
    const created = s.kit.log.events.filter((e) => e.entityType === 'invoice' && e.action === 'created');
    expect(created).toHaveLength(2);
    for (const e of created) {
      expect(e.actorKind).toBe('system');
      expect(e.after).toMatchObject({ source: 'recurring', recurring_invoice_id: ok });
    }
  });

  describe('the account’s time zone: its today is the date in its zone', () => {
    const buyer = (s: ReturnType<typeof setup>) =>
      s.kit.clients.insert(1, { name: 'Buyer', phone: '9876543210', countryCode: '+91', email: 'b@example.com', address: null, gstin: null, stateCode: '27' });

    /** The run dates made by passes at each instant, in turn. */
    async function passesAt(s: ReturnType<typeof setup>, id: number, instants: string[]) {
      const seen: string[][] = [];
      for (const instant of instants) {
        s.kit.clock.set(instant);
        await s.generate.execute();
        seen.push(s.profiles.runRows.filter((r) => r.profileId === id).map((r) => r.runDate));
      }
      return seen;
    }

    it.each([
      // UTC+13 in January: 10 January begins at 11:00 UTC on the 9th, while it is still the 9th in India and in UTC.
      ['Pacific/Auckland', '2026-01-09T10:59:59Z', '2026-01-09T11:00:00Z'],
      // UTC-8: 10 January begins at 08:00 UTC on the 10th, hours after it began in India.
      ['America/Los_Angeles', '2026-01-10T07:59:59Z', '2026-01-10T08:00:00Z'],
      // The default, Asia/Kolkata (UTC+5:30): 18:30 UTC on the 9th.
      [undefined, '2026-01-09T18:29:59Z', '2026-01-09T18:30:00Z'],
    ])('in %s, a run of 10 January is made from midnight there, dated 10 January', async (zone, before, midnight) => {
      const s = setup(zone);
      const id = await addProfile(s, await buyer(s), { items: [line(18)] }, { startDate: '2026-01-10', frequency: 'weekly' });
      expect(await passesAt(s, id, [before, midnight, midnight])).toEqual([[], ['2026-01-10'], ['2026-01-10']]);
      const invoice = (await s.kit.invoices.findById(1, s.profiles.runRows[0].invoiceId!))!;
      expect([invoice.invoiceDate, invoice.paymentDueDate]).toEqual(['2026-01-10', '2026-01-25']);
    });

    it('one pass catches up every missed run of `each`, oldest first, and stops once none is left', async () => {
      const s = setup('Pacific/Auckland');
      const id = await addProfile(s, await buyer(s), { items: [line(18)] }, { startDate: '2026-01-05', frequency: 'weekly' });
      // Down until 12:00 UTC on 25 January: 26 January in Auckland.
      s.kit.clock.set('2026-01-25T12:00:00Z');
      expect(await s.generate.execute()).toBe(4);
      expect(s.profiles.runRows.filter((r) => r.profileId === id).map((r) => r.runDate)).toEqual(['2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26']);
      expect(await s.generate.execute()).toBe(0);
      expect(s.profiles.rows.get(id)!.nextRunDate).toBe('2026-02-02');
    });

    it('catch-up after downtime counts the missed days in the account’s zone: `one` is dated its today', async () => {
      const s = setup('America/Los_Angeles');
      const id = await addProfile(s, await buyer(s), { items: [line(18)] }, { startDate: '2026-01-05', frequency: 'weekly' });
      await s.profiles.update(1, id, { ...s.profiles.rows.get(id)!, catchUp: 'one' }, 'active', { nextRunDate: '2026-01-05', runsCount: 0 });
      // Down from the 4th to 02:00 UTC on the 20th: still the 19th in Los Angeles (a day the schedule has no run).
      expect(await passesAt(s, id, ['2026-01-20T02:00:00Z'])).toEqual([['2026-01-19']]);
      expect(s.profiles.rows.get(id)!.nextRunDate).toBe('2026-01-26');
    });
  });
});
