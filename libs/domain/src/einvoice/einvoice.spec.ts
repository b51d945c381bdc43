import { Account } from '../accounts/account';
import { DocumentSource } from '../document-output/document-source.port';
import { SourceDocument } from '../document-output/source-document';
import { Clock } from '../shared/clock.port';
import { EInvoiceRegistration, EInvoiceRegistrations, EInvoiceRegistry } from './einvoice.port';
import { EInvoiceService, istInstant } from './einvoice.service';
import { irpDate, irpSupplyType, splitAddress } from './irp-payload';

describe('IRP payload parts', () => {
  it('splits an address into street, location and PIN', () => {
    expect(splitAddress('12 MG Road, Camp, Pune 411001')).toEqual({ addr1: '12 MG Road', loc: 'Pune', pin: 411001 });
    expect(splitAddress('48/1 Hosur Main Road, Bengaluru - 560 068')).toEqual({ addr1: '48/1 Hosur Main Road', loc: 'Bengaluru', pin: 560068 });
    expect(splitAddress('Shop 4, Market Yard').pin).toBeNull();
    expect(splitAddress(null)).toEqual({ addr1: '', loc: '', pin: null });
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
  });
  const service = (now: string, ackDate: string) => {
    const cancel = jest.fn().mockResolvedValue({ cancelledAt: now });
    const registrations = {
      find: jest.fn().mockResolvedValue(reg(ackDate)),
      markCancelled: jest.fn().mockResolvedValue(undefined),
    } as unknown as EInvoiceRegistrations;
    const source = { load: jest.fn().mockResolvedValue({ id: 1 } as SourceDocument) } as unknown as DocumentSource;
    const clock: Clock = { now: () => new Date(now) };
    const s = new EInvoiceService(source, null as never, null as never, { cancel } as unknown as EInvoiceRegistry, registrations, null as never, clock);
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
