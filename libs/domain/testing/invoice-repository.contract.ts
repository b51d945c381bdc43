import { NO_GST_FIELDS } from '../src/documents/document-gst';
import { AllocatedNumber } from '../src/documents/document-numbering';
import { ProductLineValues } from '../src/documents/product-lines';
import { InvoiceFields } from '../src/invoices/invoice';
import { InvoiceRepository } from '../src/invoices/invoice.repository.port';

/**
 * What every InvoiceRepository must do, run against the in-memory fake (unit) and the TypeORM adapter
 * (test/invoices.e2e-spec.ts) so the two cannot drift (docs/decisions.md, "Testing"). `harness` is read lazily.
 */
export interface InvoiceRepositoryHarness {
  repo(): InvoiceRepository;
  /** A new account of its own, so lists start empty. */
  newAccount(): Promise<number>;
  addClient(accountId: number, name: string): Promise<number>;
}

export function invoiceFields(clientId: number, date: string, overrides: Partial<InvoiceFields> = {}): InvoiceFields {
  return {
    clientId,
    invoiceDate: date,
    paymentDueDate: date,
    paymentStatus: 'pending',
    status: 'issued',
    currency: 'INR',
    invoiceType: 'local_sale',
    lutNumber: null,
    declarationText: null,
    paidAmount: '0.00',
    paymentDate: null,
    paidAt: null,
    transportDetails: null,
    lrNumber: null,
    tdsSectionId: null,
    tdsRate: null,
    tdsAmount: null,
    discountType: null,
    discountValue: null,
    deliveryAddress: null,
    destinationCountry: null,
    shipToGstin: null,
    shipToName: null,
    totalAmount: '0.00',
    ...NO_GST_FIELDS,
    ...overrides,
  };
}

export function contractLine(description: string, total: string, overrides: Partial<ProductLineValues> = {}): ProductLineValues {
  return {
    description,
    hsnCode: '9983',
    quantity: '1.5',
    rate: '100',
    taxRate: '18',
    cgstAmount: '9',
    sgstAmount: '9',
    igstAmount: '0',
    totalAmount: total,
    discountType: null,
    discountValue: null,
    inventoryId: null,
    unit: null,
    taxableValue: null,
    headerDiscount: null,
    cessRate: null,
    cessAmount: '0.00',
    ...overrides,
  };
}

let sequence = 5000;
function numberFor(date: string): AllocatedNumber {
  const seq = ++sequence;
  const fy = Number(date.slice(5, 7)) >= 4 ? Number(date.slice(0, 4)) : Number(date.slice(0, 4)) - 1;
  return { number: `CT/${String(fy % 100).padStart(2, '0')}-${String((fy + 1) % 100).padStart(2, '0')}/${seq}`, fyStartYear: fy, sequence: seq };
}

/** Decimal strings compared by value ('1.5' and '1.500' are equal). */
export const norm = (lines: ProductLineValues[]) =>
  lines.map((l) => ({
    ...l,
    quantity: Number(l.quantity),
    rate: Number(l.rate),
    taxRate: Number(l.taxRate),
    cgstAmount: Number(l.cgstAmount),
    sgstAmount: Number(l.sgstAmount),
    igstAmount: Number(l.igstAmount),
    totalAmount: Number(l.totalAmount),
    discountValue: l.discountValue === null ? null : Number(l.discountValue),
  }));

export function invoiceRepositoryContract(harness: () => InvoiceRepositoryHarness): void {
  const page = { limit: 50, offset: 0 };
  const setup = async () => {
    const h = harness();
    const accountId = await h.newAccount();
    const other = await h.newAccount();
    const client = await h.addClient(accountId, 'Sharma 50% Traders');
    const client2 = await h.addClient(accountId, 'Kapoor Exports');
    const otherClient = await h.addClient(other, 'Sharma Elsewhere');
    const repo = h.repo();
    const insert = async (account: number, clientId: number, date: string, overrides: Partial<InvoiceFields> = {}, lines: ProductLineValues[] = []) => {
      const number = numberFor(date);
      return { id: await repo.insert(account, number, invoiceFields(clientId, date, overrides), lines), number: number.number };
    };
    return { repo, accountId, other, client, client2, otherClient, insert };
  };

  it('stores and reads back header and lines (in the order written), only for its own account', async () => {
    const { repo, accountId, other, client, insert } = await setup();
    const lines = [
      contractLine('B first', '10.50', { discountType: 'fixed', discountValue: '1.25', inventoryId: 9, taxableValue: '148.25', headerDiscount: '0.50' }),
      contractLine('A second', '3'),
    ];
    const fields = {
      tdsSectionId: 4,
      tdsRate: '2',
      tdsAmount: '1.00',
      discountType: 'percentage' as const,
      discountValue: '5',
      lrNumber: 'LR',
      deliveryAddress: 'Pier 4, Jebel Ali Free Zone, Dubai',
      destinationCountry: 'AE',
      shipToGstin: '29AAACH7409R1ZX',
      shipToName: 'Karnataka Depot Pvt Ltd',
      totalAmount: '13.50',
    };
    const { id, number } = await insert(accountId, client, '2025-04-01', fields, lines);
    const found = await repo.findById(accountId, id);
    expect(found).toMatchObject({
      id,
      accountId,
      clientId: client,
      invoiceNumber: number,
      fyStartYear: 2025,
      invoiceDate: '2025-04-01',
      lrNumber: 'LR',
      tdsSectionId: 4,
      discountType: 'percentage',
      deliveryAddress: 'Pier 4, Jebel Ali Free Zone, Dubai',
      destinationCountry: 'AE',
      shipToGstin: '29AAACH7409R1ZX',
      shipToName: 'Karnataka Depot Pvt Ltd',
    });
    expect(Number(found!.totalAmount)).toBe(13.5);
    expect(Number(found!.tdsAmount)).toBe(1);
    expect(norm(found!.lines.map(({ id: _id, ...l }) => l))).toEqual(norm(lines));
    expect(found!.lines[0].id).toBeLessThan(found!.lines[1].id);
    expect(await repo.findById(other, id)).toBeNull();
  });

  it('update rewrites the header; lines are kept when null and replaced when given; never across accounts', async () => {
    const { repo, accountId, other, client, insert } = await setup();
    const { id } = await insert(accountId, client, '2025-05-01', {}, [contractLine('x', '1'), contractLine('y', '2')]);
    await repo.update(accountId, id, invoiceFields(client, '2025-05-02', { status: 'draft', paidAt: '2025-05-02 10:00:00', paymentStatus: 'paid' }), null);
    const kept = await repo.findById(accountId, id);
    expect(kept).toMatchObject({ status: 'draft', invoiceDate: '2025-05-02', paidAt: '2025-05-02 10:00:00' });
    expect(kept!.lines.map((l) => l.description)).toEqual(['x', 'y']);
    await repo.update(accountId, id, invoiceFields(client, '2025-05-02'), [contractLine('z', '3')]);
    expect((await repo.findById(accountId, id))!.lines.map((l) => l.description)).toEqual(['z']);
    await repo.update(other, id, invoiceFields(client, '2025-05-03', { status: 'cancelled' }), []);
    expect(await repo.findById(accountId, id)).toMatchObject({ status: 'issued', lines: [expect.objectContaining({ description: 'z' })] });
    await repo.update(accountId, id, invoiceFields(client, '2025-05-02'), []);
    expect((await repo.findById(accountId, id))!.lines).toEqual([]);
  });

  it('lists newest date first (ties by id descending) with filters, search and count, scoped by account', async () => {
    const { repo, accountId, other, client, client2, otherClient, insert } = await setup();
    const a = await insert(accountId, client, '2025-03-31', { status: 'draft' });
    const b = await insert(accountId, client2, '2025-04-01', { paymentStatus: 'paid', paymentDate: '2025-04-02' });
    const c = await insert(accountId, client2, '2025-04-01', { paymentDueDate: '2025-05-01' });
    await insert(other, otherClient, '2025-04-01');
    const ids = async (f: object = {}) => (await repo.list(accountId, { ...page, ...f })).rows.map((r) => r.id);
    expect(await ids()).toEqual([c.id, b.id, a.id]);
    expect((await repo.list(accountId, { limit: 1, offset: 1 })).rows.map((r) => r.id)).toEqual([b.id]);
    expect((await repo.list(accountId, { limit: 1, offset: 1 })).total).toBe(3);
    expect(await ids({ fyStartYear: 2025 })).toEqual([c.id, b.id]);
    expect(await ids({ fyStartYear: 2024, dateFrom: '2025-04-01' })).toEqual([a.id]);
    expect(await ids({ dateFrom: '2025-03-31', dateTo: '2025-03-31' })).toEqual([a.id]);
    expect(await ids({ clientId: client2 })).toEqual([c.id, b.id]);
    expect(await ids({ status: 'draft' })).toEqual([a.id]);
    expect(await ids({ paymentStatus: 'paid' })).toEqual([b.id]);
    expect(await ids({ dueFrom: '2025-04-02' })).toEqual([c.id]);
    expect(await ids({ paymentDateFrom: '2025-04-02', paymentDateTo: '2025-04-02' })).toEqual([b.id]);
    expect(await ids({ search: 'sharma' })).toEqual([a.id]);
    expect(await ids({ search: '50%' })).toEqual([a.id]);
    expect(await ids({ search: '5_%' })).toEqual([]);
    expect(await ids({ search: b.number })).toEqual([b.id]);
    expect(await ids({ search: 'elsewhere' })).toEqual([]);
    expect((await repo.list(accountId, { ...page, search: 'KAPOOR', fyStartYear: 2025 })).total).toBe(2);
  });

  it("numbersOf and deleteMany touch only the account's invoices; lines go with them", async () => {
    const { repo, accountId, other, client, otherClient, insert } = await setup();
    const mine = await insert(accountId, client, '2025-06-01', {}, [contractLine('x', '1')]);
    const theirs = await insert(other, otherClient, '2025-06-01', {}, [contractLine('y', '1')]);
    expect(await repo.numbersOf(accountId, [theirs.id, mine.id, 999999])).toEqual([{ id: mine.id, number: mine.number }]);
    await repo.deleteMany(accountId, [mine.id, theirs.id]);
    expect(await repo.findById(accountId, mine.id)).toBeNull();
    expect((await repo.findById(other, theirs.id))!.lines).toHaveLength(1);
  });

  it("cancelledAmong names the account's cancelled invoices among the ids, and no one else's", async () => {
    const { repo, accountId, other, client, otherClient, insert } = await setup();
    const cancelled = await insert(accountId, client, '2025-06-01', { status: 'cancelled' });
    const issued = await insert(accountId, client, '2025-06-02', { status: 'issued' });
    const theirs = await insert(other, otherClient, '2025-06-01', { status: 'cancelled' });
    expect([...(await repo.cancelledAmong(accountId, [cancelled.id, issued.id, theirs.id, 999999]))]).toEqual([cancelled.id]);
    expect((await repo.cancelledAmong(accountId, [])).size).toBe(0);
  });

  it("linesOf reads the lines of several of the account's invoices at once, in item order; others' are absent", async () => {
    const { repo, accountId, other, client, otherClient, insert } = await setup();
    const a = await insert(accountId, client, '2025-06-01', {}, [contractLine('a1', '1'), contractLine('a2', '2')]);
    const b = await insert(accountId, client, '2025-06-02', {}, []);
    const theirs = await insert(other, otherClient, '2025-06-01', {}, [contractLine('y', '1')]);
    const lines = await repo.linesOf(accountId, [a.id, b.id, theirs.id, 999999]);
    expect(lines.get(a.id)?.map((l) => l.description)).toEqual(['a1', 'a2']);
    expect(lines.get(b.id) ?? []).toEqual([]);
    expect(lines.has(theirs.id)).toBe(false);
    expect((await repo.linesOf(accountId, [])).size).toBe(0);
  });

  it('paidSince lists paid invoices with paid_at after the time, earliest first', async () => {
    const { repo, accountId, client, insert } = await setup();
    const early = await insert(accountId, client, '2025-06-01', { paymentStatus: 'paid', paidAt: '2025-06-01 10:00:00' });
    const late = await insert(accountId, client, '2025-06-01', { paymentStatus: 'paid', paidAt: '2025-06-01 11:00:00' });
    await insert(accountId, client, '2025-06-01', { paymentStatus: 'partial', paidAt: null });
    const since = async (t: string) => (await repo.paidSince(accountId, t, page)).rows.map((r) => r.id);
    expect(await since('2025-06-01 09:59:59')).toEqual([early.id, late.id]);
    expect(await since('2025-06-01 10:00:00')).toEqual([late.id]);
    expect(await since('2025-06-01 11:00:00')).toEqual([]);
  });
}
