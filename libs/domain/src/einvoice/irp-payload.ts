import Decimal from 'decimal.js';
import { Account } from '../shared/account';
import { Client } from '../clients/client';
import { SourceDocument } from '../document-output/source-document';
import { lineTaxable } from '../document-output/document-view-builder';
import { ValidationFailed } from '../shared/domain-error';
import { money2, toDecimal } from '../shared/money';
import { placeOfSupply, supplierState } from '../gst-returns/place-of-supply';
import { irpUnit } from './irp-units';

import { splitAddress } from './irp-address';
import { IrpInvoice, IrpItem, IrpParty } from './irp-invoice';

export { splitAddress } from './irp-address';
export type { IrpInvoice, IrpItem, IrpParty } from './irp-invoice';
const URP = { Gstin: 'URP', Pos: '96', Stcd: '96', Pin: 999999 };

const n = (v: Decimal | string) => Number(money2(v));
/** 'Y-m-d' -> 'dd/mm/yyyy'. */
export const irpDate = (date: string) => date.split('-').reverse().join('/');

/** The IRP supply type of an invoice: export and SEZ with or without payment (tax on it or not), else B2B. */
export function irpSupplyType(invoiceType: string | null, withTax: boolean): IrpInvoice['TranDtls']['SupTyp'] {
  if (invoiceType === 'export') return withTax ? 'EXPWP' : 'EXPWOP';
  if (invoiceType === 'sez') return withTax ? 'SEZWP' : 'SEZWOP';
  return 'B2B';
}

/** The IRP document type of each kind that is e-invoiced: invoices, credit notes and debit notes. */
export const IRP_DOCUMENT_TYPES = { invoice: 'INV', 'credit-note': 'CRN', 'debit-note': 'DBN' } as const;
export type EInvoicedKind = keyof typeof IRP_DOCUMENT_TYPES;

/** The invoice type as `irpSupplyType` reads it: a note's from its supply type (notes have no invoice type). */
function invoiceTypeOf(doc: SourceDocument): string | null {
  if (doc.kind === 'invoice') return doc.type;
  if (doc.supplyType?.startsWith('export')) return 'export';
  if (doc.supplyType?.startsWith('sez')) return 'sez';
  return null;
}

/** A debit or credit note's lines as invoice lines: one unit at the taxable value unless the line gives a quantity. */
function noteProductLines(doc: SourceDocument, errors: Record<string, string>): SourceDocument['productLines'] {
  return doc.noteLines.map((l, i) => {
    if (l.taxableValue === null || l.taxableValue === undefined || l.taxRate === null || l.taxRate === undefined) {
      errors[`items.${i}.taxable_value`] = 'an e-invoiced note line needs its GST details (taxable value and tax rate)';
    }
    const taxable = toDecimal(l.taxableValue ?? l.amount);
    const quantity = l.quantity && toDecimal(l.quantity).gt(0) ? toDecimal(l.quantity) : new Decimal(1);
    return {
      description: l.description,
      hsnCode: l.hsnCode ?? '',
      quantity: quantity.toFixed(),
      rate: taxable.div(quantity).toFixed(),
      taxRate: l.taxRate ?? '0',
      cgst: l.cgstAmount ?? '0',
      sgst: l.sgstAmount ?? '0',
      igst: l.igstAmount ?? '0',
      total: l.amount,
      discountType: null,
      discountValue: null,
      unit: l.unit ?? null,
      taxableValue: taxable.toFixed(),
      headerDiscount: '0',
      cessRate: l.cessRate ?? null,
      cessAmount: l.cessAmount ?? null,
    };
  });
}

/**
 * Builds the IRP JSON of a stored invoice, credit note (`CRN`) or debit note (`DBN`). Refuses (400, by field) what
 * the portal cannot take: a business without a GSTIN or a PIN in its address, a bill of supply, a recipient without
 * a GSTIN (other than an export), a client address without a PIN, a note line without GST details. Lines keep their
 * stored tax amounts; the difference between the stored total and the sum of the items is the round-off. Under
 * reverse charge (`RegRev: 'Y'`) the items still carry the tax the recipient pays, and the invoice value is the
 * document's total plus that tax, so that `TotInvVal` is the sum of `TotItemVal` as for any other invoice.
 */
export function buildIrpPayload(source: SourceDocument, account: Account, client: Client | null): IrpInvoice {
  const errors: Record<string, string> = {};
  const isNote = source.kind === 'credit-note' || source.kind === 'debit-note';
  if (source.kind !== 'invoice' && !isNote) errors.document = 'only invoices, credit notes and debit notes are e-invoiced';
  const doc: SourceDocument = isNote ? { ...source, type: invoiceTypeOf(source), productLines: noteProductLines(source, errors) } : source;
  const what = isNote ? 'note' : 'invoice';
  if (doc.status === 'draft') errors.status = 'a draft cannot be e-invoiced; issue it first';
  if (doc.status === 'cancelled') errors.status = `a cancelled ${what} cannot be e-invoiced`;
  if (doc.type === 'bill_of_supply') errors.invoice_type = 'a bill of supply is not e-invoiced';
  if (!account.gstin) errors.business_gstin = 'is required for e-invoicing';
  const seller = splitAddress(account.address);
  if (!seller.pin || seller.addr1.length === 0) errors.business_address = 'must hold the street and a 6-digit PIN code for e-invoicing';
  if (!doc.productLines.length) errors.items = 'an e-invoice needs at least one line';
  const withTax = doc.productLines.some((l) => toDecimal(l.igst).plus(toDecimal(l.cgst)).plus(toDecimal(l.sgst)).gt(0));
  const supTyp = irpSupplyType(doc.type, withTax);
  const isExport = supTyp === 'EXPWP' || supTyp === 'EXPWOP';
  const buyerAddress = splitAddress(client?.address ?? null);
  const shipAddress = splitAddress(doc.deliveryAddress ?? null);
  if (!isExport) {
    if (!client?.gstin) errors.client_id = 'the client has no GSTIN: e-invoices are for registered recipients and exports';
    if (!buyerAddress.pin || buyerAddress.addr1.length === 0) errors.client_address = "the client's address must hold the street and a 6-digit PIN code";
  }
  doc.productLines.forEach((l, i) => {
    if (!/^\d{4,8}$/.test(l.hsnCode.trim())) errors[`items.${i}.hsn_code`] = 'an e-invoice line needs an HSN or SAC code of 4 to 8 digits';
  });
  if (Object.keys(errors).length) throw new ValidationFailed(errors, `The ${what} cannot be e-invoiced.`);

  const gstin = account.gstin as string;
  const sellerState = supplierState(gstin, account.stateCode) as string;
  const pos = isExport
    ? URP.Pos
    : (placeOfSupply({ clientGstin: client?.gstin ?? null, clientStateCode: client?.stateCode ?? null, businessStateCode: sellerState }) ?? sellerState);

  // The header discount is in the lines (before tax) when they carry their shares of it; documents stored before
  // took it off the total after tax, which is the invoice-level discount of ValDtls.
  const sharedAmongLines = doc.productLines.every((l) => l.headerDiscount !== null && l.headerDiscount !== undefined);
  const items: IrpItem[] = doc.productLines.map((l, i) => {
    const lineValue = lineTaxable(l);
    const gross = toDecimal(money2(lineValue.gross));
    // The assessable value is the taxable value the tax was computed on; the item discount is what separates it
    // from quantity x rate (the line discount and the line's share of the header discount), so AssAmt = TotAmt - Discount.
    const taxable = toDecimal(money2(l.taxableValue ?? lineValue.taxable));
    const discount = Decimal.max(gross.minus(taxable), 0);
    const [cgst, sgst, igst] = [toDecimal(money2(l.cgst)), toDecimal(money2(l.sgst)), toDecimal(money2(l.igst))];
    const cess = toDecimal(money2(l.cessAmount ?? '0'));
    const isService = l.hsnCode.trim().startsWith('99');
    const unit = irpUnit(l.unit, isService);
    return {
      SlNo: String(i + 1),
      PrdDesc: l.description.slice(0, 300),
      IsServc: isService ? 'Y' : 'N',
      HsnCd: l.hsnCode.trim(),
      Qty: Number(toDecimal(l.quantity).toDecimalPlaces(3).toFixed()),
      ...(unit ? { Unit: unit } : {}),
      UnitPrice: Number(toDecimal(l.rate).toDecimalPlaces(3).toFixed()),
      TotAmt: n(gross),
      Discount: n(discount),
      AssAmt: n(gross.minus(discount)),
      GstRt: Number(toDecimal(l.taxRate).toFixed()),
      IgstAmt: n(igst),
      CgstAmt: n(cgst),
      SgstAmt: n(sgst),
      CesRt: Number(toDecimal(l.cessRate ?? '0').toFixed()),
      CesAmt: n(cess),
      CesNonAdvlAmt: 0,
      StateCesRt: 0,
      StateCesAmt: 0,
      StateCesNonAdvlAmt: 0,
      OthChrg: 0,
      TotItemVal: n(gross.minus(discount).plus(cgst).plus(sgst).plus(igst).plus(cess)),
    };
  });
  const sumOf = (k: keyof IrpItem) => items.reduce((s, it) => s.plus(it[k] as number), new Decimal(0));
  const itemsTotal = sumOf('TotItemVal');
  const headerDiscount = sharedAmongLines
    ? new Decimal(0)
    : doc.discountType === 'percentage' && doc.discountValue
      ? toDecimal(money2(itemsTotal.mul(toDecimal(doc.discountValue)).div(100)))
      : doc.discountType === 'fixed' && doc.discountValue
        ? toDecimal(money2(doc.discountValue))
        : new Decimal(0);
  // Under reverse charge the stored total leaves out the tax the recipient pays; the IRP's invoice value holds it.
  const reverseCharge = doc.reverseCharge === true;
  const recipientTax = reverseCharge ? sumOf('CgstAmt').plus(sumOf('SgstAmt')).plus(sumOf('IgstAmt')).plus(sumOf('CesAmt')) : new Decimal(0);
  const total = toDecimal(doc.totalAmount).plus(recipientTax);
  const party = (p: {
    gstin: string;
    name: string;
    addr1: string;
    addr2?: string;
    loc: string;
    pin: number;
    stcd: string;
    phone?: string | null;
    email?: string | null;
  }): IrpParty => ({
    Gstin: p.gstin,
    LglNm: p.name.slice(0, 100),
    Addr1: p.addr1,
    ...(p.addr2 ? { Addr2: p.addr2 } : {}),
    Loc: p.loc.length >= 3 ? p.loc : `${p.loc}   `.slice(0, 3),
    Pin: p.pin,
    Stcd: p.stcd,
    ...(p.phone && /^\d{6,12}$/.test(p.phone) ? { Ph: p.phone } : {}),
    ...(p.email && p.email.length <= 100 ? { Em: p.email } : {}),
  });
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: supTyp, RegRev: reverseCharge ? 'Y' : 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: IRP_DOCUMENT_TYPES[doc.kind as EInvoicedKind] ?? 'INV', No: doc.number, Dt: irpDate(doc.date) },
    SellerDtls: party({
      gstin,
      name: account.businessName ?? gstin,
      addr1: seller.addr1,
      addr2: seller.addr2,
      loc: seller.loc,
      pin: seller.pin as number,
      stcd: sellerState,
      phone: account.phone,
      email: account.businessEmail,
    }),
    BuyerDtls: {
      ...party(
        isExport
          ? {
              gstin: URP.Gstin,
              name: client?.name ?? 'Overseas buyer',
              addr1: buyerAddress.addr1 || 'Overseas',
              loc: buyerAddress.loc || 'Overseas',
              pin: URP.Pin,
              stcd: URP.Stcd,
            }
          : {
              gstin: client!.gstin as string,
              name: client!.name,
              addr1: buyerAddress.addr1,
              addr2: buyerAddress.addr2,
              loc: buyerAddress.loc,
              pin: buyerAddress.pin as number,
              stcd: client!.gstin!.slice(0, 2),
              phone: client!.phone,
              email: client!.email,
            },
      ),
      Pos: pos,
    },
    // A ship-to party other than the buyer: its GSTIN, legal name and the address of delivery (its state from the GSTIN).
    ...(doc.shipToGstin
      ? {
          ShipDtls: party({
            ...shipAddress,
            pin: shipAddress.pin as number,
            gstin: doc.shipToGstin,
            name: doc.shipToName ?? doc.shipToGstin,
            stcd: doc.shipToGstin.slice(0, 2),
          }),
        }
      : {}),
    ItemList: items,
    ValDtls: {
      AssVal: n(sumOf('AssAmt')),
      CgstVal: n(sumOf('CgstAmt')),
      SgstVal: n(sumOf('SgstAmt')),
      IgstVal: n(sumOf('IgstAmt')),
      CesVal: n(sumOf('CesAmt')),
      StCesVal: 0,
      Discount: n(headerDiscount),
      OthChrg: 0,
      RndOffAmt: n(total.minus(itemsTotal.minus(headerDiscount))),
      TotInvVal: n(total),
    },
    // The country of destination (CGST rule 46, third proviso) when the invoice names it, as its ISO 3166-1 code.
    ...(isExport ? { ExpDtls: { ...(doc.destinationCountry ? { CntCode: doc.destinationCountry } : {}), RefClm: supTyp === 'EXPWP' ? 'Y' : 'N' } } : {}),
  };
}
