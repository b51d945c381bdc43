import { Account } from '../shared/account';
import { Client } from '../clients/client';
import { SourceDocument, SourceProductLine } from '../document-output/source-document';
import { ValidationFailed } from '../shared/domain-error';
import { buildConsignment, consignmentValue, isExportInvoice } from './consignment';
import { bulkBill, nicGenerateRequest } from './eway-bill-payload';
import { exitPointOf } from './exit-point';
import { extensionOf, PartB, partBComplete, partBOf } from './part-b';

const line = (over: Partial<SourceProductLine> = {}): SourceProductLine => ({
  description: 'Steel rods',
  hsnCode: '72142090',
  quantity: '10',
  rate: '5000',
  taxRate: '18',
  cgst: '4500',
  sgst: '4500',
  igst: '0',
  total: '59000',
  discountType: null,
  discountValue: null,
  unit: 'KGS',
  taxableValue: '50000',
  ...over,
});

const doc = (over: Partial<SourceDocument> = {}): SourceDocument => ({
  kind: 'invoice',
  id: 1,
  clientId: 2,
  number: 'INV/26-27/0001',
  date: '2026-11-20',
  dueDate: null,
  validityDate: null,
  currency: 'INR',
  type: 'local_sale',
  status: 'issued',
  paymentStatus: null,
  paidAmount: null,
  tdsAmount: null,
  discountType: null,
  discountValue: null,
  totalAmount: '59000',
  declarationText: null,
  lutNumber: null,
  transportDetails: null,
  lrNumber: null,
  reference: null,
  productLines: [line()],
  noteLines: [],
  ...over,
});

const account = {
  id: 1,
  businessName: 'Sharma Traders',
  gstin: '27AAPFU0939F1ZV',
  address: '12 MG Road, Camp, Pune 411001',
  stateCode: '27',
} as Account;
const client = (over: Partial<Client> = {}): Client =>
  ({ id: 2, name: 'Pune Buyer', gstin: '27AAACH7409R1ZX', stateCode: null, address: 'Plot 5, Bhosari MIDC, Pune 411026', ...over }) as Client;

const fields = (f: () => unknown): string[] => {
  try {
    f();
  } catch (e) {
    if (e instanceof ValidationFailed) return Object.keys(e.details);
    throw e;
  }
  return [];
};

describe('consignment value (rule 138(1), Explanation 2)', () => {
  it('is the goods with the tax charged; services are not goods', () => {
    expect(consignmentValue(doc()).toFixed(2)).toBe('59000.00');
    const withService = doc({ productLines: [line(), line({ hsnCode: '998713', taxableValue: '40000', cgst: '3600', sgst: '3600', total: '47200' })] });
    expect(consignmentValue(withService).toFixed(2)).toBe('59000.00');
  });

  it('leaves out exempt goods only where the invoice has taxable goods too; zero-rated goods are not exempt', () => {
    const exempt = line({ hsnCode: '10019910', taxRate: '0', cgst: '0', sgst: '0', taxableValue: '30000', total: '30000' });
    expect(consignmentValue(doc({ productLines: [line(), exempt] })).toFixed(2)).toBe('59000.00');
    expect(consignmentValue(doc({ productLines: [exempt] })).toFixed(2)).toBe('30000.00');
    expect(consignmentValue(doc({ productLines: [line(), exempt], supplyType: 'sez_without_payment' })).toFixed(2)).toBe('89000.00');
  });

  it('holds no tax the supplier does not charge (reverse charge)', () => {
    expect(consignmentValue(doc({ reverseCharge: true })).toFixed(2)).toBe('50000.00');
  });
});

describe('Part A of an invoice', () => {
  it('takes the parties, values and goods lines with the portal codes', () => {
    const c = buildConsignment(doc({ totalAmount: '59000.40', roundOff: '0.40' }), account, client(), null);
    expect(c).toMatchObject({
      docType: 'INV',
      docDate: '20/11/2026',
      fromPincode: 411001,
      fromPlace: 'Pune',
      fromStateCode: 27,
      toGstin: '27AAACH7409R1ZX',
      toPincode: 411026,
      toStateCode: 27,
      actToStateCode: 27,
      totalValue: 50000,
      cgstValue: 4500,
      sgstValue: 4500,
      igstValue: 0,
      otherValue: 0.4,
      totInvValue: 59000.4,
      mainHsnCode: 72142090,
    });
    expect(c.itemList).toEqual([
      {
        productName: 'Steel rods',
        productDesc: 'Steel rods',
        hsnCode: 72142090,
        quantity: 10,
        qtyUnit: 'KGS',
        taxableAmount: 50000,
        cgstRate: 9,
        sgstRate: 9,
        igstRate: 0,
        cessRate: 0,
        cessNonAdvol: 0,
      },
    ]);
  });

  it('an unregistered client is URP; a bill of supply is BIL; only goods lines are items', () => {
    const c = buildConsignment(
      doc({ type: 'bill_of_supply', productLines: [line(), line({ hsnCode: '998713', description: 'Fitting' })] }),
      account,
      client({ gstin: null, stateCode: '29', address: '5 Church Street, Bengaluru 560001' }),
      null,
    );
    expect(c).toMatchObject({ docType: 'BIL', toGstin: 'URP', toStateCode: 29, actToStateCode: 29 });
    expect(c.itemList.map((i) => i.productName)).toEqual(['Steel rods']);
  });

  it('an export goes to the place of exit: bill-to URP in state 99 (Other Country), sub-supply Export, PIN and state of the port', () => {
    const foreign = client({ gstin: null, stateCode: null, address: '400 Market Street, San Francisco, CA 94105' });
    const exported = doc({ type: 'export', supplyType: 'export_with_payment', productLines: [line({ cgst: '0', sgst: '0', igst: '9000' })] });
    const exit = exitPointOf({ exitPlace: 'Nhava Sheva', exitStateCode: '27', exitPincode: '400707' }, isExportInvoice(exported));
    const c = buildConsignment(exported, account, foreign, exit);
    expect(c).toMatchObject({
      subSupplyType: 3,
      toGstin: 'URP',
      toStateCode: 99,
      actToStateCode: 27,
      toPincode: 400707,
      toPlace: 'Nhava Sheva',
      transactionType: 1,
    });
    expect(c.toTrdName).toBe('Pune Buyer');
    expect(() => exitPointOf({ exitStateCode: '99', exitPincode: '40070' }, true)).toThrow(ValidationFailed);
    expect(fields(() => exitPointOf({ exitStateCode: '96', exitPincode: '40070' }, true))).toEqual(['exitStateCode', 'exitPincode']);
    expect(fields(() => exitPointOf({}, true))).toEqual(['exitStateCode', 'exitPincode']);
    expect(fields(() => exitPointOf({ exitPincode: '400707' }, false))).toEqual(['exitPincode']);
    expect(exitPointOf({}, false)).toBeNull();
  });

  it('a ship-to party makes the bill Bill To - Ship To: its GSTIN, name, address of delivery and state', () => {
    const shipped = doc({ shipToGstin: '29AAACH7409R1ZX', shipToName: 'Karnataka Depot', deliveryAddress: '8 Peenya Industrial Area, Bengaluru 560058' });
    const c = buildConsignment(shipped, account, client(), null);
    expect(c).toMatchObject({ transactionType: 2, shipToGSTIN: '29AAACH7409R1ZX', shipToTradeName: 'Karnataka Depot', toGstin: '27AAACH7409R1ZX' });
    expect(c).toMatchObject({ toStateCode: 27, actToStateCode: 29, toPincode: 560058, toAddr1: '8 Peenya Industrial Area' });
    expect(bulkBill(c, null)).toMatchObject({ transType: 2, shipToGSTIN: '29AAACH7409R1ZX' });
    expect(fields(() => buildConsignment({ ...shipped, deliveryAddress: 'Peenya' }, account, client(), null))).toEqual(['deliveryAddress']);
    expect(buildConsignment(doc(), account, client(), null)).not.toHaveProperty('shipToGSTIN');
  });

  it('refuses what the portal cannot take, by field', () => {
    expect(fields(() => buildConsignment(doc({ status: 'draft' }), account, client(), null))).toContain('status');
    expect(fields(() => buildConsignment(doc({ type: 'export' }), account, client(), null))).toContain('exitPincode');
    expect(fields(() => buildConsignment(doc({ number: 'INV 2026 NUMBER TOO LONG' }), account, client(), null))).toContain('invoiceNumber');
    expect(fields(() => buildConsignment(doc(), { ...account, address: 'Camp, Pune' }, client(), null))).toContain('businessAddress');
    expect(fields(() => buildConsignment(doc(), account, client({ address: null }), null))).toContain('clientAddress');
    expect(fields(() => buildConsignment(doc({ productLines: [line({ hsnCode: '998314' })] }), account, client(), null))).toEqual(['items']);
    expect(fields(() => buildConsignment(doc({ productLines: [line({ hsnCode: '' })] }), account, client(), null))).toEqual(['items.0.hsnCode']);
  });
});

describe('Part B', () => {
  const inv = { date: '2026-11-20', lrNumber: 'LR/552', transportDetails: 'Gati   Ltd' };

  it('by road: the vehicle, or the transporter alone (no validity yet); the invoice gives the LR number and transporter', () => {
    const b = partBOf({ transportMode: 'road', distanceKm: 120, vehicleNumber: 'mh-12 ab 1234' }, inv);
    expect(b).toEqual({
      transportMode: 'road',
      distanceKm: 120,
      cargo: 'regular',
      vehicleNumber: 'MH12AB1234',
      transporterId: null,
      transporterName: 'Gati Ltd',
      transportDocNo: 'LR/552',
      transportDocDate: null,
    });
    expect(partBComplete(b)).toBe(true);
    const partA = partBOf({ transportMode: 'road', distanceKm: 120, transporterId: '27aaach7409r1zx' }, inv);
    expect(partBComplete(partA)).toBe(false);
    expect(fields(() => partBOf({ transportMode: 'road', distanceKm: 120 }, inv))).toEqual(['vehicleNumber']);
  });

  it('distance 1 to 4000 km, whole; rail, air and ship need the document and its date; ODC by road or ship only', () => {
    for (const km of [0, 4001, 10.5, '100'])
      expect(fields(() => partBOf({ transportMode: 'road', distanceKm: km, vehicleNumber: 'KA01AB0001' }, inv))).toEqual(['distanceKm']);
    expect(fields(() => partBOf({ transportMode: 'air', distanceKm: 900 }, { ...inv, lrNumber: null }))).toEqual([
      'transportDocumentNumber',
      'transportDocumentDate',
    ]);
    expect(fields(() => partBOf({ transportMode: 'air', distanceKm: 900, transportDocumentDate: '2026-11-19' }, inv))).toEqual(['transportDocumentDate']);
    expect(
      fields(() => partBOf({ transportMode: 'rail', distanceKm: 900, vehicleType: 'over_dimensional', transportDocumentDate: '2026-11-20' }, inv)),
    ).toEqual(['vehicleType']);
    expect(fields(() => partBOf({ transportMode: 'road', distanceKm: 9, vehicleNumber: 'KA01AB0001' }, { ...inv, lrNumber: 'LR #1' }))).toEqual(['lrNumber']);
  });

  it('names the codes and distance as the API takes them, and as the bulk file does', () => {
    const c = buildConsignment(doc(), account, client(), null);
    const b: PartB = partBOf(
      { transportMode: 'ship', distanceKm: 60, vehicleType: 'over_dimensional', vehicleNumber: 'VESSEL9', transportDocumentDate: '2026-11-21' },
      inv,
    );
    expect(nicGenerateRequest(c, b)).toMatchObject({
      subSupplyType: '1',
      transMode: '4',
      transDistance: '60',
      vehicleType: 'O',
      transDocNo: 'LR/552',
      transDocDate: '21/11/2026',
    });
    const bulk = bulkBill(c, b);
    expect(bulk).toMatchObject({
      subSupplyType: 1,
      transType: 1,
      actualFromStateCode: 27,
      actualToStateCode: 27,
      OthValue: 0,
      TotNonAdvolVal: 0,
      transMode: 4,
      transDistance: 60,
    });
    expect(bulk).not.toHaveProperty('transactionType');
    expect(bulk).not.toHaveProperty('actFromStateCode');
    expect(bulk.itemList[0].itemNo).toBe(1);
    expect(bulkBill(c, null)).toMatchObject({ transDistance: 0 });
    expect(bulkBill(c, null)).not.toHaveProperty('transMode');
  });

  it('an extension: where the goods are, the distance left (at most the bill’s), moving or waiting', () => {
    const bill = partBOf({ transportMode: 'road', distanceKm: 150, vehicleNumber: 'MH12AB1234' }, inv);
    const at = { currentPlace: 'Nashik', currentStateCode: '27', currentPincode: '422001' };
    expect(extensionOf({ ...at, remainingDistanceKm: 90 }, bill, inv.date)).toMatchObject({
      remainingDistanceKm: 90,
      status: 'in_movement',
      vehicleNumber: 'MH12AB1234',
    });
    expect(fields(() => extensionOf({ ...at, remainingDistanceKm: 151 }, bill, inv.date))).toEqual(['remainingDistanceKm']);
    expect(fields(() => extensionOf({ ...at, remainingDistanceKm: 90, consignmentStatus: 'in_transit' }, bill, inv.date))).toEqual([
      'transitType',
      'transitAddress',
    ]);
    expect(
      fields(() => extensionOf({ remainingDistanceKm: 90, currentPlace: 'Nashik', currentStateCode: '99', currentPincode: '42200' }, bill, inv.date)),
    ).toEqual(['currentStateCode', 'currentPincode']);
  });
});
