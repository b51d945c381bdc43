import type { InvoiceInput } from '../invoices/invoice-rules';
import { InvoiceLock } from '../invoices/invoice-lock';
import { Clock } from '../shared/clock.port';
import { Conflict } from '../shared/domain-error';
import { EwayBill, EwayBills } from './eway-bill.port';
import { istInstant } from './eway-bill-validity';

/**
 * Invoice fields an e-way bill carries (Part A): the goods, quantities and values (lines, discount, currency, exchange
 * rate, round-off), the recipient and where the goods go (client, place of supply, delivery address, ship-to party),
 * the document (type, date, supply type, reverse charge).
 */
export const EWB_LOCKED_FIELDS = [
  'items',
  'clientId',
  'invoiceDate',
  'invoiceType',
  'currency',
  'exchangeRate',
  'discountType',
  'discountValue',
  'roundOff',
  'placeOfSupply',
  'supplyType',
  'reverseCharge',
  'deliveryAddress',
  'shipToGstin',
  'shipToName',
] as const satisfies readonly (keyof InvoiceInput)[];

/** A bill in force: active (not cancelled) and not past its validity; a bill without Part B yet has none to pass. */
export function inForce(bill: EwayBill, now: Date): boolean {
  return bill.status === 'active' && (bill.validUntil === null || istInstant(bill.validUntil).getTime() >= now.getTime());
}

/**
 * Keeps an invoice with an e-way bill in force as the bill describes it: a change of the fields above, cancelling the
 * invoice or deleting it is refused with 409 naming the bill; cancel the e-way bill first (the portal cannot change a
 * bill's Part A). Payment and other fields may still change; an expired or cancelled bill fixes nothing.
 */
export class EwayBillLock implements InvoiceLock {
  constructor(
    private readonly bills: EwayBills,
    private readonly clock: Clock,
  ) {}

  async assertEditable(accountId: number, invoiceId: number, input: InvoiceInput): Promise<void> {
    const fields: string[] = EWB_LOCKED_FIELDS.filter((f) => input[f] !== undefined);
    if (input.status === 'cancelled') fields.push('status');
    if (!fields.length) return;
    const bill = (await this.inForce(accountId, [invoiceId])).get(invoiceId);
    if (!bill) return;
    throw new Conflict(`The invoice has e-way bill ${bill.ewbNo} in force: cancel the e-way bill first (POST /v1/invoices/${invoiceId}/eway-bill/cancel).`, {
      ewb_no: bill.ewbNo,
      ...Object.fromEntries(fields.map((f) => [f, `cannot change while e-way bill ${bill.ewbNo} is in force; cancel the e-way bill first`])),
    });
  }

  async assertDeletable(accountId: number, invoiceId: number): Promise<void> {
    const bill = (await this.inForce(accountId, [invoiceId])).get(invoiceId);
    if (bill) {
      throw new Conflict(`The invoice has e-way bill ${bill.ewbNo} in force: cancel the e-way bill first, then delete the invoice.`, {
        ewb_no: bill.ewbNo,
        id: `cannot delete while e-way bill ${bill.ewbNo} is in force; cancel the e-way bill first`,
      });
    }
  }

  async deletable(accountId: number, ids: number[]): Promise<number[]> {
    const locked = await this.inForce(accountId, ids);
    return ids.filter((id) => !locked.has(id));
  }

  private async inForce(accountId: number, ids: number[]): Promise<Map<number, EwayBill>> {
    const now = this.clock.now();
    const active = await this.bills.activeAmong(accountId, ids);
    return new Map([...active].filter(([, b]) => inForce(b, now)));
  }
}
