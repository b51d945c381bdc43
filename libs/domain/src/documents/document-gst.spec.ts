import { GstFields, readGstHeader, supplierSnapshotOf } from './document-gst';
import { FieldErrors } from './sales-document-fields';

const business = supplierSnapshotOf({ businessName: 'Acme', address: 'Pune', gstin: '27AAPFU0939F1ZV', pan: 'AAPFU0939F', stateCode: null });
const karnataka = { gstin: '29AAACH7409R1ZX', stateCode: null };
const local = { gstin: null, stateCode: '27' };
const doc = { invoiceType: 'local_sale', lutNumber: null, clientChanged: false, typeChanged: false };

function read(input: Record<string, unknown>, current?: GstFields, client: { gstin: string | null; stateCode: string | null } | null = karnataka, extra = {}) {
  const errors = new FieldErrors();
  const header = readGstHeader(input, current, { client, supplier: business }, { ...doc, ...extra }, errors);
  errors.throwIfAny();
  return header;
}

const stored: GstFields = {
  placeOfSupply: '33',
  supplyType: 'b2b',
  reverseCharge: true,
  roundOff: '0.20',
  supplierSnapshot: { name: 'Old name', address: null, gstin: null, pan: null, state_code: '27' },
  taxWarnings: [],
};

describe('readGstHeader', () => {
  it('on create: defaults from the client and takes the business as it is now', () => {
    expect(read({})).toMatchObject({
      placeOfSupply: '29',
      supplyType: 'b2b',
      reverseCharge: false,
      roundOffWanted: false,
      kind: 'inter',
      supplierSnapshot: business,
    });
    expect(read({}, undefined, local)).toMatchObject({ placeOfSupply: '27', supplyType: 'b2c', kind: 'intra' });
    expect(read({}, undefined, null)).toMatchObject({ placeOfSupply: '27', supplyType: 'b2c', kind: 'intra' });
  });

  it('on PATCH: keeps what is stored (the supplier snapshot above all) unless sent', () => {
    expect(read({}, stored)).toMatchObject({
      placeOfSupply: '33',
      supplyType: 'b2b',
      reverseCharge: true,
      roundOffWanted: true,
      supplierSnapshot: stored.supplierSnapshot,
    });
    expect(read({ place_of_supply: '27', reverse_charge: false, round_off: false }, stored)).toMatchObject({
      placeOfSupply: '27',
      reverseCharge: false,
      roundOffWanted: false,
      kind: 'intra',
    });
  });

  it('works the place of supply and supply type out again when the client changes', () => {
    expect(read({}, stored, local, { clientChanged: true })).toMatchObject({ placeOfSupply: '27', supplyType: 'b2c' });
    expect(read({ supply_type: 'export_with_payment' }, stored)).toMatchObject({ placeOfSupply: '96', kind: 'inter' });
  });

  it('refuses unknown codes keyed by field', () => {
    const errors = new FieldErrors();
    readGstHeader({ place_of_supply: '55', supply_type: 'gift' }, undefined, { client: null, supplier: business }, doc, errors);
    expect(() => errors.throwIfAny()).toThrow(expect.objectContaining({ details: { place_of_supply: expect.any(String), supply_type: expect.any(String) } }));
  });
});
