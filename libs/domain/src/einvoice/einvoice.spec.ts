import { Account } from '../shared/account';
import { DocumentSource } from '../document-output/document-source.port';
import { SourceDocument } from '../document-output/source-document';
import { Clock } from '../shared/clock.port';
import { EInvoiceRegistration, EInvoiceRegistrations, EInvoiceRegistry } from './einvoice.port';
import { daysSince, EInvoiceService, irnInput, istInstant } from './einvoice.service';
import { irpUnit } from './irp-units';
import { irpDate, irpSupplyType, splitAddress } from './irp-payload';

describe('IRP payload parts', () => {
  it('splits an address into street, location and PIN', () => {
    expect(splitAddress('12 MG Road, Camp, Pune 411001')).toEqual({ addr1: '12 MG Road', addr2: 'Camp', loc: 'Pune', pin: 411001 });
    expect(splitAddress('48/1 Hosur Main Road, Bengaluru - 560 068')).toEqual({ addr1: '48/1 Hosur Main Road', addr2: '', loc: 'Bengaluru', pin: 560068 });
    expect(splitAddress('Shop 4, Market Yard').pin).toBeNull();
    expect(splitAddress(null)).toEqual({ addr1: '', addr2: '', loc: '', pin: null });
  });

  it('keeps the whole address: street lines in Addr1 and Addr2, the town (never the state) as the location', () => {
    expect(splitAddress('Plot 5, Sector 17, Vashi, Navi Mumbai, Maharashtra 400703, India')).toEqual({
      addr1: 'Plot 5',
      addr2: 'Sector 17, Vashi',
      loc: 'Navi Mumbai',
      pin: 400703,
    });
    expect(splitAddress('Unit 9\nIndustrial Estate\nPune - 411 019\nMaharashtra')).toEqual({
      addr1: 'Unit 9',
      addr2: 'Industrial Estate',
      loc: 'Pune',
      pin: 411019,
    });
    const long = splitAddress(`${'A'.repeat(60)}, ${'B'.repeat(60)}, ${'C'.repeat(60)}, Chennai 600001`);
    expect(long.addr1.length).toBeLessThanOrEqual(100);
    expect(long.addr2.length).toBeLessThanOrEqual(100);
    expect(long).toMatchObject({ addr1: 'A'.repeat(60), loc: 'Chennai', pin: 600001 });
    expect(long.addr2.startsWith(`${'B'.repeat(60)}, C`)).toBe(true);
  });

  it("takes the line's unit quantity code, a word naming one, else OTH (none for a service without a unit)", () => {
    expect(irpUnit('KGS', false)).toBe('KGS');
    expect(irpUnit('ltr', false)).toBe('LTR');
    expect(irpUnit('Pieces', false)).toBe('PCS');
    expect(irpUnit('furlongs', false)).toBe('OTH');
    expect(irpUnit(null, false)).toBe('OTH');
    expect(irpUnit(null, true)).toBeUndefined();
    expect(irpUnit('NOS', true)).toBe('NOS');
  });

  it('hashes the IRN input as the portal defines it, and counts the days of the reporting limit in Indian time', () => {
    expect(irnInput('01AAAAA9999A19N', '2020-01-03', 'INV', 'ABC01234')).toBe('01AAAAA9999A19N2019-20INVABC01234');
    expect(irnInput('29AAFCC9980M1ZR', '2026-04-01', 'CRN', 'CN/1')).toBe('29AAFCC9980M1ZR2026-27CRNCN/1');
    expect(daysSince('2026-10-21', new Date('2026-11-20T19:00:00Z'))).toBe(31);
    expect(daysSince('2026-10-21', new Date('2026-11-20T18:00:00Z'))).toBe(30);
  });

  it('maps supply types and dates', () => {
    expect(irpSupplyType('export', false)).toBe('EXPWOP');
    expect(irpSupplyType('export', true)).toBe('EXPWP');
    expect(irpSupplyType('sez', true)).toBe('SEZWP');
    expect(irpSupplyType('interstate_sale', true)).toBe('B2B');
    expect(irpDate('2026-11-05')).toBe('05/11/2026');
  });
});

describe('IRN cancellation window', () => {
  const reg = (ackDate: string): EInvoiceRegistration => ({
    invoiceId: 1,
    irn: 'a'.repeat(64),
    ackNo: '1',
    ackDate,
    signedQrCode: 'x.y.z',
    signedInvoice: null,
    status: 'active',
    cancelledAt: null,
    cancelReason: null,
    createdAt: '2026-11-20 00:00:00',
    kind: 'invoice',
  });
  const service = (now: string, ackDate: string) => {
    const cancel = jest.fn().mockResolvedValue({ cancelledAt: now });
    const registrations = {
      find: jest.fn().mockResolvedValue(reg(ackDate)),
      markCancelled: jest.fn().mockResolvedValue(undefined),
    } as unknown as EInvoiceRegistrations;
    const source = { load: jest.fn().mockResolvedValue({ id: 1 } as SourceDocument) } as unknown as DocumentSource;
    const clock: Clock = { now: () => new Date(now) };
    const s = new EInvoiceService(source, null as never, null as never, { cancel } as unknown as EInvoiceRegistry, registrations, clock, null as never);
    return { s, cancel };
  };
  const account = { id: 7, gstin: '27AAPFU0939F1ZV' } as Account;

  it('reads acknowledgement dates as Indian time', () => {
    expect(istInstant('2026-11-20 10:00:00').toISOString()).toBe('2026-11-20T04:30:00.000Z');
  });

  it('cancels up to 24 hours after the acknowledgement, refuses a second later without asking the portal', async () => {
    const inside = service('2026-11-21T04:30:00.000Z', '2026-11-20 10:00:00');
    await inside.s.cancel(account, 1, 'other', undefined);
    expect(inside.cancel).toHaveBeenCalledWith('27AAPFU0939F1ZV', 'a'.repeat(64), 'other', 'other');
    const outside = service('2026-11-21T04:30:01.000Z', '2026-11-20 10:00:00');
    await expect(outside.s.cancel(account, 1, 'other', undefined)).rejects.toMatchObject({
      details: { irn: expect.stringContaining('until 2026-11-21 10:00:00 (IST)') },
    });
    expect(outside.cancel).not.toHaveBeenCalled();
  });
});
