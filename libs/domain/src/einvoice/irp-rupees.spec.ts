import { Account } from '../shared/account';
import { Client } from '../clients/client';
import { SourceDocument } from '../document-output/source-document';
import { buildIrpPayload } from './irp-payload';
import { invoiceInRupees } from './irp-rupees';

/** A USD credit note of an export with payment: one line of 100.00 at 28% IGST (28.00) and 12% cess (12.00). */
const note: SourceDocument = {
  kind: 'credit-note',
  id: 5,
  clientId: 9,
  number: 'CN/25-26/0001',
  date: '2025-08-20',
  dueDate: null,
  validityDate: null,
  currency: 'USD',
  exchangeRate: '83.25',
  type: null,
  status: 'issued',
  paymentStatus: null,
  paidAmount: null,
  tdsAmount: null,
  discountType: null,
  discountValue: null,
  totalAmount: '140.00',
  declarationText: null,
  lutNumber: null,
  transportDetails: null,
  lrNumber: null,
  reference: 'INV/25-26/0007',
  supplyType: 'export_with_payment',
  placeOfSupply: '96',
  productLines: [],
  noteLines: [
    {
      description: 'Damaged in transit',
      expenseDate: null,
      amount: '140.00',
      hsnCode: '87032291',
      quantity: null,
      unit: null,
      taxableValue: '100.00',
      taxRate: '28',
      cgstAmount: '0.00',
      sgstAmount: '0.00',
      igstAmount: '28.00',
      cessRate: '12',
      cessAmount: '12.00',
    },
  ],
};

const account = { gstin: '27AAPFU0939F1ZV', businessName: 'Deccan Motors', address: '14 Laxmi Road, Pune 411030', stateCode: '27' } as Account;
const client = { name: 'Gulf Motors LLC', gstin: null, address: 'Sheikh Zayed Road, Dubai', stateCode: null } as unknown as Client;

describe('a note in a foreign currency, in rupees for the e-invoice (rule 34)', () => {
  it('converts the lines of the note (amount, taxable value, taxes, cess) at its exchange rate', () => {
    const rupees = invoiceInRupees(note);
    expect(rupees.noteLines[0]).toMatchObject({ amount: '11655.00', taxableValue: '8325.00', igstAmount: '2331.00', cessAmount: '999.00', cessRate: '12' });
    expect(rupees.totalAmount).toBe('11655.00');
  });

  it('so the e-invoice items and values are rupees, the cess included', () => {
    const irp = buildIrpPayload(invoiceInRupees(note), account, client);
    expect(irp.DocDtls.Typ).toBe('CRN');
    expect(irp.ItemList).toEqual([expect.objectContaining({ AssAmt: 8325, IgstAmt: 2331, CesRt: 12, CesAmt: 999, TotItemVal: 11655 })]);
    expect(irp.ValDtls).toMatchObject({ AssVal: 8325, IgstVal: 2331, CesVal: 999, TotInvVal: 11655, RndOffAmt: 0 });
  });
});
