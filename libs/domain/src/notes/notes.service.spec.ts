import { InMemoryCreditNoteRepository, InMemoryDebitNoteRepository } from '../../testing/in-memory-note.repository';
import { InMemorySourceInvoiceReader } from '../../testing/in-memory-source-invoice-reader';
import { noteTestKit } from '../../testing/note-test-kit';
import { NotFound, PlanLimitReached, ValidationFailed } from '../shared/domain-error';
import { CreditNotesService } from './credit-notes.service';
import { DebitNotesService } from './debit-notes.service';
import { apiKeyCaller, proAccount } from '../../testing/in-memory-account.repository';

function setup() {
  const kit = noteTestKit();
  const debitRepo = new InMemoryDebitNoteRepository(kit.clients.nameOf);
  const creditRepo = new InMemoryCreditNoteRepository(kit.clients.nameOf);
  const invoices = new InMemorySourceInvoiceReader();
  const a = apiKeyCaller(proAccount(1));
  const b = apiKeyCaller(proAccount(2));
  const clientA = kit.clients.add(1, 'Sharma Traders');
  const clientA2 = kit.clients.add(1, 'Kapoor Exports');
  const clientB = kit.clients.add(2, 'Bhatia Stores');
  return {
    ...kit,
    debitRepo,
    creditRepo,
    invoices,
    a,
    b,
    clientA,
    clientA2,
    clientB,
    debit: new DebitNotesService(debitRepo, kit.deps),
    credit: new CreditNotesService(creditRepo, invoices, kit.deps),
  };
}

const page = { limit: 50, offset: 0 };

describe('DebitNotesService', () => {
  it('creates a numbered note with its lines and a created event, in one transaction', async () => {
    const s = setup();
    const { id } = await s.debit.create(s.a, {
      clientId: s.clientA,
      debitNoteDate: '2025-05-10',
      items: [{ description: 'x', amount: 5 }, { description: ' ' }],
    });
    const { note, lines } = await s.debit.get(s.a, id);
    expect(note).toMatchObject({ number: 'DN/25-26/0001', fyStartYear: 2025, sequence: 1, totalAmount: '5.00' });
    expect(lines).toEqual([{ id: expect.any(Number), noteId: id, description: 'x', expenseDate: null, amount: '5.00' }]);
    expect(s.tx.runs).toBe(1);
    expect(s.log.events).toEqual([
      expect.objectContaining({
        accountId: 1,
        actorKind: 'api_key',
        actorUserId: null,
        action: 'created',
        entityType: 'debit_note',
        entityId: id,
        label: 'DN/25-26/0001',
        before: null,
      }),
    ]);
  });

  it('numbers per account and financial year of the note date', async () => {
    const s = setup();
    const numberOf = async (caller: typeof s.a, clientId: number, date: string) =>
      (await s.debit.get(caller, (await s.debit.create(caller, { clientId: clientId, debitNoteDate: date })).id)).note.number;
    expect(await numberOf(s.a, s.clientA, '2025-03-31')).toBe('DN/24-25/0001');
    expect(await numberOf(s.a, s.clientA, '2025-04-01')).toBe('DN/25-26/0001');
    expect(await numberOf(s.a, s.clientA, '2026-03-31')).toBe('DN/25-26/0002');
    expect(await numberOf(s.b, s.clientB, '2025-06-01')).toBe('DN/25-26/0001');
  });

  it("rejects another account's client with 404 and stores nothing", async () => {
    const s = setup();
    await expect(s.debit.create(s.a, { clientId: s.clientB, debitNoteDate: '2025-05-10' })).rejects.toMatchObject({
      code: 'not_found',
      details: { client_id: s.clientB },
    });
    expect(s.debitRepo.notes.size).toBe(0);
    expect(s.log.events).toEqual([]);
  });

  it('validates before it touches storage, and enforces the plan quota', async () => {
    const s = setup();
    await expect(s.debit.create(s.a, {})).rejects.toBeInstanceOf(ValidationFailed);
    expect(s.tx.runs).toBe(0);
    const free = apiKeyCaller(proAccount(1, { plan: 'free' }));
    s.counter.used = 50;
    await expect(s.debit.create(free, { clientId: s.clientA, debitNoteDate: '2025-05-10' })).rejects.toBeInstanceOf(PlanLimitReached);
    expect(s.debitRepo.notes.size).toBe(0);
  });

  it('updates as a merge with before/after in the event; the number never changes', async () => {
    const s = setup();
    const id = (await s.debit.create(s.a, { clientId: s.clientA, debitNoteDate: '2025-05-10', items: [{ description: 'a', amount: 1 }] })).id;
    await s.debit.update(s.a, id, { debitNoteDate: '2026-05-10', clientId: s.clientA2 });
    const { note, lines } = await s.debit.get(s.a, id);
    expect(note).toMatchObject({ number: 'DN/25-26/0001', date: '2026-05-10', clientId: s.clientA2, totalAmount: '1.00' });
    expect(lines).toHaveLength(1);
    expect(s.log.events[1]).toMatchObject({
      action: 'updated',
      label: 'DN/25-26/0001',
      before: { client_id: s.clientA, date: '2025-05-10' },
      after: { client_id: s.clientA2, date: '2026-05-10' },
    });
    await expect(s.debit.update(s.a, id, { clientId: s.clientB })).rejects.toBeInstanceOf(NotFound);
  });

  it("isolates accounts: B cannot read, update, delete or list A's notes", async () => {
    const s = setup();
    const id = (await s.debit.create(s.a, { clientId: s.clientA, debitNoteDate: '2025-05-10' })).id;
    await expect(s.debit.get(s.b, id)).rejects.toBeInstanceOf(NotFound);
    await expect(s.debit.update(s.b, id, { lrNumber: 'x' })).rejects.toBeInstanceOf(NotFound);
    await expect(s.debit.delete(s.b, id)).rejects.toBeInstanceOf(NotFound);
    expect((await s.debit.list(s.b, page)).total).toBe(0);
    expect((await s.debit.list(s.b, { ...page, search: 'DN' })).total).toBe(0);
    expect((await s.debit.list(s.a, { ...page, search: 'sharma' })).total).toBe(1);
  });

  it('deletes with an event; bulk delete skips ids that are not notes of the account', async () => {
    const s = setup();
    const mine = (await s.debit.create(s.a, { clientId: s.clientA, debitNoteDate: '2025-05-10', items: [{ description: 'a', amount: 1 }] })).id;
    const mine2 = (await s.debit.create(s.a, { clientId: s.clientA, debitNoteDate: '2025-05-11' })).id;
    const theirs = (await s.debit.create(s.b, { clientId: s.clientB, debitNoteDate: '2025-05-10' })).id;
    expect(await s.debit.bulkDelete(s.a, [mine, theirs, 99, mine])).toEqual({ deleted: 1, skipped: [theirs, 99] });
    expect(s.debitRepo.lines.size).toBe(0);
    await s.debit.delete(s.a, mine2);
    expect(s.debitRepo.notes.has(theirs)).toBe(true);
    expect(s.log.events.filter((e) => e.action === 'deleted').map((e) => [e.entityId, e.label])).toEqual([
      [mine, 'DN/25-26/0001'],
      [mine2, 'DN/25-26/0002'],
    ]);
  });
});

describe('CreditNotesService', () => {
  it('pre-fills from an invoice of the account and records the source in the event', async () => {
    const s = setup();
    s.invoices.add(1, {
      id: 42,
      clientId: s.clientA,
      currency: 'USD',
      number: 'INV/25-26/0042',
      invoiceDate: '2025-05-10',
      lines: [{ description: 'Wire', totalAmount: '1180.00' }],
    });
    const id = (await s.credit.create(s.a, { sourceInvoiceId: 42 })).id;
    const { note, lines } = await s.credit.get(s.a, id);
    expect(note).toMatchObject({
      number: 'CN/25-26/0001',
      clientId: s.clientA,
      currency: 'USD',
      sourceInvoiceId: 42,
      totalAmount: '1180.00',
      date: '2025-05-15',
    });
    expect(lines.map((l) => [l.description, l.amount, l.expenseDate])).toEqual([['Wire', '1180.00', '2025-05-10']]);
    expect(s.log.events[0]).toMatchObject({ entityType: 'credit_note', after: { source_invoice_id: 42 } });
  });

  it("answers 404 keyed source_invoice_id for another account's invoice, on create and PATCH", async () => {
    const s = setup();
    s.invoices.add(2, { id: 50, clientId: s.clientB, currency: 'INR', number: 'INV/25-26/0001', invoiceDate: '2025-05-10', lines: [] });
    await expect(s.credit.create(s.a, { sourceInvoiceId: 50 })).rejects.toMatchObject({ code: 'not_found', details: { source_invoice_id: 50 } });
    const id = (await s.credit.create(s.a, { clientId: s.clientA })).id;
    await expect(s.credit.update(s.a, id, { sourceInvoiceId: 50 })).rejects.toMatchObject({ details: { source_invoice_id: 50 } });
    expect((await s.credit.get(s.a, id)).note.sourceInvoiceId).toBeNull();
  });

  it("keeps the note on its invoice's client on PATCH, unless the invoice is gone", async () => {
    const s = setup();
    s.invoices.add(1, { id: 42, clientId: s.clientA, currency: 'INR', number: 'INV/25-26/0042', invoiceDate: '2025-05-10', lines: [] });
    const id = (await s.credit.create(s.a, { sourceInvoiceId: 42 })).id;
    await expect(s.credit.update(s.a, id, { clientId: s.clientA2 })).rejects.toBeInstanceOf(ValidationFailed);
    const orphan = (await s.credit.create(s.a, { clientId: s.clientA })).id;
    s.creditRepo.notes.set(orphan, { ...s.creditRepo.notes.get(orphan)!, sourceInvoiceId: 777 });
    await s.credit.update(s.a, orphan, { clientId: s.clientA2 });
    expect((await s.credit.get(s.a, orphan)).note.clientId).toBe(s.clientA2);
  });
});

describe('dated tax checks of notes', () => {
  /** The services with the invoice reader in their deps, as the application wires them; the business has an address. */
  function withInvoices() {
    const s = setup();
    const deps = { ...s.deps, invoices: s.invoices };
    return {
      ...s,
      a: apiKeyCaller(proAccount(1, { address: '12 MG Road, Pune 411001', stateCode: '27' })),
      credit: new CreditNotesService(s.creditRepo, s.invoices, deps),
      debit: new DebitNotesService(s.debitRepo, deps),
    };
  }

  it('a note of a business without an address or state is stored with supplier_address_missing (rule 53(1A)(a))', async () => {
    const s = setup();
    const note = await s.debit.create(s.a, { clientId: s.clientA, debitNoteDate: '2025-10-15', items: [{ description: 'Freight', amount: 10 }] });
    expect(note.taxWarnings).toEqual([expect.objectContaining({ line: null, code: 'supplier_address_missing', field: 'business_address' })]);
    const s2 = withInvoices();
    const fine = await s2.debit.create(s2.a, { clientId: s2.clientA, debitNoteDate: '2025-10-15', items: [{ description: 'Freight', amount: 10 }] });
    expect(fine.taxWarnings).toEqual([]);
  });
  const codesOf = (warnings: Array<{ code: string }>) => warnings.map((w) => w.code);

  it('a credit note dated after 30 November following its invoice year is time-barred (section 34(2)), on create and PATCH', async () => {
    const s = withInvoices();
    s.invoices.add(1, { id: 42, clientId: s.clientA, currency: 'INR', number: 'INV/24-25/0042', invoiceDate: '2024-05-10', lines: [] });
    const onTime = await s.credit.create(s.a, { sourceInvoiceId: 42, creditNoteDate: '2025-11-30', items: [{ description: 'Return', amount: 10 }] });
    expect(onTime.taxWarnings).toEqual([]);
    const late = await s.credit.create(s.a, { sourceInvoiceId: 42, creditNoteDate: '2025-12-01', items: [{ description: 'Return', amount: 10 }] });
    expect(late.taxWarnings).toEqual([expect.objectContaining({ line: null, code: 'credit_note_time_barred', field: 'credit_note_date' })]);
    expect((await s.credit.get(s.a, late.id)).note.taxWarnings.map((w) => w.code)).toEqual(['credit_note_time_barred']);
    expect(codesOf((await s.credit.update(s.a, onTime.id, { creditNoteDate: '2025-12-01' })).taxWarnings)).toEqual(['credit_note_time_barred']);
    expect((await s.credit.update(s.a, onTime.id, { creditNoteDate: '2025-11-01' })).taxWarnings).toEqual([]);
  });

  it("a note's rates follow the date of the invoice it refers to, else its own date", async () => {
    const s = withInvoices();
    s.invoices.add(1, { id: 42, clientId: s.clientA, currency: 'INR', number: 'INV/25-26/0042', invoiceDate: '2025-08-10', lines: [] });
    const items = [{ description: 'Rate difference', taxableValue: 100, taxRate: 12 }];
    const against = await s.credit.create(s.a, { sourceInvoiceId: 42, creditNoteDate: '2025-10-15', items });
    expect(against.taxWarnings).toEqual([]);
    const debit = await s.debit.create(s.a, { clientId: s.clientA, originalInvoiceId: 42, debitNoteDate: '2025-10-15', items });
    expect(debit.taxWarnings).toEqual([]);
    const alone = await s.debit.create(s.a, { clientId: s.clientA, debitNoteDate: '2025-10-15', items });
    expect(alone.taxWarnings).toEqual([expect.objectContaining({ line: 1, code: 'rate_not_in_force', sent: '12' })]);
    // A PATCH that keeps the lines checks them again against the new date.
    expect((await s.debit.update(s.a, alone.id, { debitNoteDate: '2025-09-21' })).taxWarnings).toEqual([]);
  });

  it('a rate of no GST and an HSN code that is not one are 400 naming the line; place of supply 25 is a warning', async () => {
    const s = withInvoices();
    const base = { clientId: s.clientA, debitNoteDate: '2025-10-15' };
    await expect(
      s.debit.create(s.a, { ...base, items: [{ description: ' ' }, { description: 'x', taxableValue: 100, taxRate: 17, hsnCode: 'ABC' }] }),
    ).rejects.toMatchObject({ code: 'validation_error', details: { 'items.1.taxRate': expect.any(String), 'items.1.hsnCode': expect.any(String) } });
    expect(s.debitRepo.notes.size).toBe(0);
    const merged = await s.debit.create(s.a, {
      ...base,
      placeOfSupply: '25',
      items: [{ description: 'x', taxableValue: 100, taxRate: 18, hsnCode: '8544' }],
    });
    expect(codesOf(merged.taxWarnings)).toEqual(['place_of_supply_merged']);
  });

  it('CGST and SGST sent unequal on an intra-state note line are a warning', async () => {
    const s = withInvoices();
    const written = await s.debit.create(s.a, {
      clientId: s.clientA,
      debitNoteDate: '2025-10-15',
      placeOfSupply: '27',
      items: [{ description: 'x', taxableValue: 1000, taxRate: 18, cgstAmount: 90.01, sgstAmount: 89.99, amount: 1180 }],
    });
    expect(written.taxWarnings).toEqual([expect.objectContaining({ line: 1, code: 'cgst_sgst_unequal', expected: '90.01', sent: '89.99' })]);
  });
});
