import { salesDocumentKit } from '../../testing/sales-document-test-kit';
import { NotFound, ValidationFailed } from '../shared/domain-error';
import { apiKeyCaller, proAccount } from '../../testing/in-memory-account.repository';

const line = (d: string, total: string) => ({ itemDescription: d, totalAmount: total, quantity: 2, rate: '50' });

async function setup() {
  const kit = salesDocumentKit('2025-06-01T20:00:00Z'); // 2025-06-02 in Asia/Kolkata
  const a = apiKeyCaller(proAccount(1, { currency: 'EUR' }));
  const b = apiKeyCaller(proAccount(2));
  const client = await kit.addClient(1, 'Kapoor');
  return { kit, a, b, client };
}

describe('QuotationsService', () => {
  it('creates with QT numbers, validity defaulting to the quotation date', async () => {
    const { kit, a, client } = await setup();
    const q = await kit.quotationService.create(a, { clientId: client, quotationDate: '2025-05-05', items: [line('x', '118')] });
    expect(q.number).toBe('QT/25-26/0001');
    expect(await kit.quotationService.get(a, q.id)).toMatchObject({
      validityDate: '2025-05-05',
      approvalStatus: 'pending',
      currency: 'EUR',
      documentKind: 'quotation',
      totalAmount: '118.00',
    });
    await expect(kit.quotationService.create(a, { clientId: client, quotationDate: '2025-05-05', validityDate: '2025-05-04' })).rejects.toBeInstanceOf(
      ValidationFailed,
    );
  });

  it('converts to a new invoice dated today in Kolkata with the same client, currency and lines; the quotation is unchanged', async () => {
    const { kit, a, client } = await setup();
    const q = await kit.quotationService.create(a, {
      clientId: client,
      quotationDate: '2025-05-05',
      quotationType: 'export',
      items: [line('x', '118'), line('y', '59')],
      discountType: 'fixed',
      discountValue: 7,
    });
    const before = await kit.quotationService.get(a, q.id);
    const invoice = await kit.quotationService.convertToInvoice(a, q.id, {});
    expect(invoice.number).toBe('INV/25-26/0001');
    const created = await kit.invoiceService.get(a, invoice.id);
    expect(created).toMatchObject({
      clientId: client,
      currency: 'EUR',
      invoiceType: 'export',
      invoiceDate: '2025-06-02',
      paymentDueDate: '2025-06-02',
      // The lines were sent with their amounts and keep them; the fixed discount of 7 is in their taxable values.
      totalAmount: '177.00',
      status: 'issued',
      paymentStatus: 'pending',
    });
    const strip = (lines: Array<{ id: number }>) => lines.map(({ id, ...rest }) => rest);
    expect(strip(created.lines)).toEqual(strip(before.lines));
    expect(await kit.quotationService.get(a, q.id)).toEqual(before);
    expect(kit.log.of('quotation', q.id).map((e) => [e.action, e.after])).toEqual([
      ['created', expect.anything()],
      ['converted', { invoice_id: invoice.id, invoice_number: 'INV/25-26/0001' }],
    ]);
    expect(kit.log.of('invoice', invoice.id).map((e) => e.action)).toEqual(['created']);
    expect(kit.tx.runs).toBe(2);
  });

  it('another account cannot read, change, delete or convert it', async () => {
    const { kit, a, b, client } = await setup();
    const q = await kit.quotationService.create(a, { clientId: client, quotationDate: '2025-05-05' });
    await expect(kit.quotationService.get(b, q.id)).rejects.toBeInstanceOf(NotFound);
    await expect(kit.quotationService.update(b, q.id, { approvalStatus: 'approved' })).rejects.toBeInstanceOf(NotFound);
    await expect(kit.quotationService.delete(b, q.id)).rejects.toBeInstanceOf(NotFound);
    await expect(kit.quotationService.convertToInvoice(b, q.id, {})).rejects.toBeInstanceOf(NotFound);
    expect(kit.invoices.store.all(2)).toEqual([]);
    expect(await kit.quotationService.bulkDelete(b, [q.id])).toEqual({ deleted: 0, skipped: [q.id] });
  });
});

describe('ProformaInvoicesService', () => {
  it('requires items on create, keeps lines on PATCH without items, converts with the type by GSTIN', async () => {
    const { kit, client } = await setup();
    const a = apiKeyCaller(proAccount(1, { gstin: '27AAPFU0939F1ZV' }));
    await expect(kit.proformaService.create(a, { clientId: client, proformaDate: '2025-05-05' })).rejects.toMatchObject({
      details: { items: 'is required' },
    });
    const p = await kit.proformaService.create(a, { clientId: client, proformaDate: '2025-05-05', items: [line('x', '118')] });
    expect(p.number).toBe('PI/25-26/0001');
    await kit.proformaService.update(a, p.id, { approvalStatus: 'approved' });
    expect(await kit.proformaService.get(a, p.id)).toMatchObject({
      approvalStatus: 'approved',
      validityDate: '2025-05-05',
      lines: [expect.objectContaining({ description: 'x' })],
    });
    const invoice = await kit.proformaService.convertToInvoice(a, p.id, { invoiceDate: '2025-05-10' });
    expect(await kit.invoiceService.get(a, invoice.id)).toMatchObject({
      invoiceType: 'local_sale',
      invoiceDate: '2025-05-10',
      paymentDueDate: '2025-05-10',
      totalAmount: '118.00',
    });
    expect(kit.log.of('proforma_invoice', p.id).map((e) => e.action)).toEqual(['created', 'updated', 'converted']);
  });
});
