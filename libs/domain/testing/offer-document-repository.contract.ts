import { NO_GST_FIELDS } from '../src/documents/document-gst';
import { AllocatedNumber } from '../src/documents/document-numbering';
import { OfferDocumentFields, OfferDocumentHeader } from '../src/documents/offer-document';
import { ProductLineValues } from '../src/documents/product-lines';
import { SalesDocumentRepository } from '../src/documents/sales-document.repository.port';
import { QuotationFields, QuotationHeader } from '../src/quotations/quotation';
import { contractLine, norm } from './invoice-repository.contract';
import { RepositoryHarness, stampOf } from './repository-harness';

export interface OfferDocumentRepositoryHarness<H extends OfferDocumentHeader> extends RepositoryHarness<SalesDocumentRepository<H, OfferDocumentFields<H>>> {
  addClient(accountId: number, name: string): Promise<number>;
  /** Valid header fields of this kind. */
  fields(clientId: number, date: string, overrides?: Partial<OfferDocumentFields<H>>): OfferDocumentFields<H>;
}

/** Valid proforma-invoice header fields (the common offer fields). */
export function offerFields(clientId: number, date: string, overrides: Partial<OfferDocumentFields> = {}): OfferDocumentFields {
  return {
    clientId,
    date,
    validityDate: date,
    approvalStatus: 'pending',
    currency: 'INR',
    lutNumber: null,
    declarationText: null,
    transportDetails: null,
    lrNumber: null,
    discountType: null,
    discountValue: null,
    totalAmount: '0.00',
    ...NO_GST_FIELDS,
    ...overrides,
  };
}

/** Valid quotation header fields. */
export function quotationFields(clientId: number, date: string, overrides: Partial<QuotationFields> = {}): QuotationFields {
  return { ...offerFields(clientId, date), quotationType: 'local_sale', documentKind: 'quotation', ...overrides };
}

let sequence = 7000;
function numberFor(prefix: string, date: string): AllocatedNumber {
  const seq = ++sequence;
  const fy = Number(date.slice(5, 7)) >= 4 ? Number(date.slice(0, 4)) : Number(date.slice(0, 4)) - 1;
  return { number: `${prefix}/${String(fy % 100).padStart(2, '0')}-${String((fy + 1) % 100).padStart(2, '0')}/${seq}`, fyStartYear: fy, sequence: seq };
}

/**
 * What every quotation and proforma-invoice repository must do, run against the in-memory fakes (unit)
 * and the TypeORM adapters (test/repository-contracts.e2e-spec.ts, on MariaDB) so they cannot drift.
 */
export function offerDocumentRepositoryContract<H extends OfferDocumentHeader>(prefix: string, harness: () => OfferDocumentRepositoryHarness<H>): void {
  const page = { limit: 50, offset: 0 };
  const setup = async () => {
    const h = harness();
    const [accountId, other] = [await h.newAccount(), await h.newAccount()];
    const client = await h.addClient(accountId, 'Iyer 50% Traders');
    const client2 = await h.addClient(accountId, 'Kapoor Exports');
    const otherClient = await h.addClient(other, 'Iyer Elsewhere');
    const repo = h.repo();
    const insert = async (
      account: number,
      clientId: number,
      date: string,
      overrides: Partial<OfferDocumentFields<H>> = {},
      lines: ProductLineValues[] = [],
    ) => {
      const number = numberFor(prefix, date);
      return { id: await repo.insert(account, number, h.fields(clientId, date, overrides), lines), number: number.number };
    };
    return { h, repo, accountId, other, client, client2, otherClient, insert };
  };

  it('stores and reads back header and lines (in the order written), only for its own account', async () => {
    const { h, repo, accountId, other, client, insert } = await setup();
    const lines = [contractLine('B first', '10.50', { discountType: 'fixed', discountValue: '1.25', inventoryId: 3 }), contractLine('A second', '3')];
    const overrides = {
      validityDate: '2025-05-15',
      approvalStatus: 'approved',
      currency: 'USD',
      lutNumber: 'AD270525000123X',
      declarationText: 'Valid for 15 days',
      transportDetails: 'By road',
      lrNumber: 'LR-7',
      discountType: 'percentage',
      discountValue: '5.00',
      totalAmount: '13.50',
    } as Partial<OfferDocumentFields<H>>;
    const { id, number } = await insert(accountId, client, '2025-04-30', overrides, lines);
    const found = await repo.findById(accountId, id);
    expect(found).toMatchObject({ ...h.fields(client, '2025-04-30', overrides), id, accountId, number, fyStartYear: 2025, createdAt: stampOf(h.clock) });
    expect(norm(found!.lines.map(({ id: _id, ...l }) => l))).toEqual(norm(lines));
    expect(found!.lines[0].id).toBeLessThan(found!.lines[1].id);
    expect(await repo.findById(other, id)).toBeNull();
  });

  it('update rewrites the header; lines are kept when null and replaced when given; never across accounts', async () => {
    const { h, repo, accountId, other, client, client2, insert } = await setup();
    const { id } = await insert(accountId, client, '2025-05-01', {}, [contractLine('x', '1'), contractLine('y', '2')]);
    h.clock.advance(90);
    await repo.update(accountId, id, h.fields(client2, '2025-05-02', { approvalStatus: 'rejected' } as Partial<OfferDocumentFields<H>>), null);
    const kept = await repo.findById(accountId, id);
    expect(kept).toMatchObject({ clientId: client2, date: '2025-05-02', approvalStatus: 'rejected', fyStartYear: 2025, updatedAt: stampOf(h.clock) });
    expect(kept!.lines.map((l) => l.description)).toEqual(['x', 'y']);
    await repo.update(accountId, id, h.fields(client, '2025-05-02'), [contractLine('z', '3')]);
    expect((await repo.findById(accountId, id))!.lines.map((l) => l.description)).toEqual(['z']);
    await repo.update(other, id, h.fields(client, '2025-05-09'), []);
    expect(await repo.findById(accountId, id)).toMatchObject({ date: '2025-05-02', lines: [expect.objectContaining({ description: 'z' })] });
    await repo.update(accountId, id, h.fields(client, '2025-05-02'), []);
    expect((await repo.findById(accountId, id))!.lines).toEqual([]);
  });

  it('lists newest date first (ties by id descending) with filters, search and count, scoped by account', async () => {
    const { repo, accountId, other, client, client2, otherClient, insert } = await setup();
    const a = await insert(accountId, client, '2025-03-31');
    const b = await insert(accountId, client2, '2025-04-01', { approvalStatus: 'approved' } as Partial<OfferDocumentFields<H>>);
    const c = await insert(accountId, client2, '2025-04-01');
    await insert(other, otherClient, '2025-04-01');
    const ids = async (f: object = {}) => (await repo.list(accountId, { ...page, ...f })).rows.map((r) => r.id);
    expect(await ids()).toEqual([c.id, b.id, a.id]);
    expect(await repo.list(accountId, { limit: 1, offset: 1 })).toMatchObject({ total: 3, rows: [{ id: b.id }] });
    expect(await ids({ fyStartYear: 2025 })).toEqual([c.id, b.id]);
    expect(await ids({ fyStartYear: 2024, dateFrom: '2025-04-01' })).toEqual([a.id]);
    expect(await ids({ dateFrom: '2025-03-31', dateTo: '2025-03-31' })).toEqual([a.id]);
    expect(await ids({ clientId: client2 })).toEqual([c.id, b.id]);
    expect(await ids({ approvalStatus: 'approved' })).toEqual([b.id]);
    expect(await ids({ approvalStatus: 'pending', clientId: client2 })).toEqual([c.id]);
    expect(await ids({ search: 'IYER' })).toEqual([a.id]);
    expect(await ids({ search: '50%' })).toEqual([a.id]);
    expect(await ids({ search: '5_%' })).toEqual([]);
    expect(await ids({ search: b.number })).toEqual([b.id]);
    expect(await ids({ search: 'elsewhere' })).toEqual([]);
    expect((await repo.list(accountId, { ...page, search: 'kapoor', fyStartYear: 2025 })).total).toBe(2);
  });

  it("numbersOf and deleteMany touch only the account's documents; lines go with them", async () => {
    const { repo, accountId, other, client, otherClient, insert } = await setup();
    const mine = await insert(accountId, client, '2025-06-01', {}, [contractLine('x', '1')]);
    const mine2 = await insert(accountId, client, '2025-06-02');
    const theirs = await insert(other, otherClient, '2025-06-01', {}, [contractLine('y', '1')]);
    expect(await repo.numbersOf(accountId, [mine2.id, theirs.id, mine.id, 999999])).toEqual([
      { id: mine.id, number: mine.number },
      { id: mine2.id, number: mine2.number },
    ]);
    expect(await repo.numbersOf(accountId, [])).toEqual([]);
    await repo.deleteMany(accountId, [mine.id, theirs.id]);
    expect(await repo.findById(accountId, mine.id)).toBeNull();
    expect(await repo.findById(accountId, mine2.id)).not.toBeNull();
    expect((await repo.findById(other, theirs.id))!.lines).toHaveLength(1);
  });
}

/** The quotation's own fields and filter (type, and the kind of legacy proforma rows kept on quotations). */
export function quotationRepositoryContract(harness: () => OfferDocumentRepositoryHarness<QuotationHeader>): void {
  offerDocumentRepositoryContract('QT', harness);

  it('stores the quotation type and kind and filters by kind', async () => {
    const h = harness();
    const accountId = await h.newAccount();
    const client = await h.addClient(accountId, 'Menon Stores');
    const insert = (overrides: Partial<QuotationFields>) =>
      h.repo().insert(accountId, numberFor('QT', '2025-06-01'), h.fields(client, '2025-06-01', overrides), []);
    const quotation = await insert({ quotationType: 'export_with_lut' });
    const legacy = await insert({ documentKind: 'proforma' });
    expect(await h.repo().findById(accountId, quotation)).toMatchObject({ quotationType: 'export_with_lut', documentKind: 'quotation' });
    const ids = async (documentKind: 'quotation' | 'proforma') =>
      (await h.repo().list(accountId, { limit: 50, offset: 0, documentKind })).rows.map((r) => r.id);
    expect([await ids('quotation'), await ids('proforma')]).toEqual([[quotation], [legacy]]);
  });
}
