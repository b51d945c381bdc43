import { ActivityEvent } from '../activity/activity-log.port';
import { documentNumberStem, MAX_DOCUMENT_NUMBER_LENGTH, SEQUENCE_DIGITS } from '../documents/document-number';
import { NumberSlot, numberIn } from '../documents/document-numbering';
import { ProductLineValues } from '../documents/product-lines';
import { InvoiceStock } from '../inventory/invoice-stock';
import { InventoryRepository } from '../inventory/inventory.repository.port';
import { ValidationFailed } from '../shared/domain-error';
import { salesDocumentKit } from '../../testing/sales-document-test-kit';
import { InvoiceFields } from './invoice';
import { apiKeyCaller, proAccount } from '../../testing/in-memory-account.repository';

/** The kit, its invoice store taught the one-write create (as the SQL store does it, in memory), and the calls it got. */
async function setup() {
  const kit = salesDocumentKit('2025-06-01T10:00:00Z');
  const calls: Array<{ slot: NumberSlot; event: ActivityEvent }> = [];
  kit.invoices.insertNumbered = async (accountId: number, slot: NumberSlot, fields: InvoiceFields, lines: ProductLineValues[], event: ActivityEvent) => {
    calls.push({ slot, event });
    const sequence = await kit.sequence.next(accountId, slot.kind, slot.fyStartYear);
    // The stored number is cut to 16 characters, as the SQL one is; numberIn then refuses the sequence.
    const number = `${documentNumberStem(slot.prefix, slot.fyStartYear)}${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`.slice(
      0,
      MAX_DOCUMENT_NUMBER_LENGTH,
    );
    const id = await kit.invoices.insert(accountId, { number, fyStartYear: slot.fyStartYear, sequence }, fields, lines);
    await kit.log.append({ ...event, entityId: id, label: number });
    return { id, sequence };
  };
  const a = apiKeyCaller(proAccount(1));
  const client = await kit.addClient(1, 'Sharma Traders');
  const input = { clientId: client, invoiceDate: '2025-06-01', paymentDueDate: '2025-06-30', items: [{ itemDescription: 'x', totalAmount: '10' }] };
  return { kit, calls, a, input, service: kit.invoiceService };
}

describe('IssueInvoice', () => {
  it('with no stock to move and no record for the log to read, numbers and writes the invoice in one write', async () => {
    const { kit, calls, a, input, service } = await setup();
    const issued = await service.create(a, input);
    expect(issued.number).toBe('INV/25-26/0001');
    expect(calls).toHaveLength(1);
    expect(calls[0].slot).toEqual({ kind: 'invoice', series: 'invoice', fyStartYear: 2025, prefix: 'INV' });
    // The event is built as the recorder builds it; the store fills in the id and the number.
    expect(calls[0].event).toMatchObject({ accountId: 1, actorKind: 'api_key', action: 'created', entityType: 'invoice', after: { lines: 1 } });
    expect(kit.log.of('invoice', issued.id)).toEqual([expect.objectContaining({ action: 'created', label: 'INV/25-26/0001' })]);
    expect((await service.get(a, issued.id)).invoiceNumber).toBe('INV/25-26/0001');
  });

  it('when the log reads the record for its event (a webhook snapshot), allocates, inserts, then appends', async () => {
    const { kit, calls, a, input, service } = await setup();
    const read: ActivityEvent[] = [];
    kit.log.readsRecord = async (event) => {
      read.push(event);
      return true;
    };
    const issued = await service.create(a, input);
    expect(calls).toHaveLength(0);
    expect(read).toHaveLength(1);
    expect(issued.number).toBe('INV/25-26/0001');
    expect(kit.log.of('invoice', issued.id)).toEqual([expect.objectContaining({ action: 'created', label: 'INV/25-26/0001' })]);
  });

  it('refuses a sequence whose number would pass 16 characters (the caller’s transaction then rolls the write back)', async () => {
    const { kit, a, input, service } = await setup();
    kit.sequence.values.set('1|invoice|2025', 99_999);
    expect((await service.create(a, input)).number).toBe('INV/25-26/100000');
    kit.sequence.values.set('1|invoice|2025', 999_999);
    const refused = service.create(a, input);
    await expect(refused).rejects.toBeInstanceOf(ValidationFailed);
    await expect(refused).rejects.toMatchObject({ details: { prefix: expect.stringContaining('longer than 16 characters') } });
    expect(() => numberIn({ kind: 'invoice', fyStartYear: 2025, prefix: 'INV' }, 1_000_000)).toThrow(ValidationFailed);
  });

  it('takes the one-write path only when no line moves stock: inventory off, or no line linked to an item', () => {
    const line = (inventoryId: number | null) => ({ inventoryId, quantity: '1' });
    const on = new InvoiceStock(undefined as unknown as InventoryRepository, true);
    const off = new InvoiceStock(undefined as unknown as InventoryRepository, false);
    expect(on.takesStock([line(null), line(7)])).toBe(true);
    expect(on.takesStock([line(null)])).toBe(false);
    expect(on.takesStock([])).toBe(false);
    expect(off.takesStock([line(7)])).toBe(false);
  });
});
