import Decimal from 'decimal.js';
import { Account } from '../accounts/account';
import { Client } from '../clients/client';
import { SourceDocument } from '../document-output/source-document';
import { lineTaxable } from '../document-output/document-view-builder';
import { ValidationFailed } from '../shared/domain-error';
import { money2, toDecimal } from '../shared/money';
import { placeOfSupply, supplierState } from '../gst-returns/place-of-supply';

/**
 * The invoice as the e-invoice registration portal (IRP) takes it: schema version 1.1 (`schemas/
 * einvoice-1.1.schema.json`). Amounts are JSON numbers in rupees; dates dd/mm/yyyy.
 */
export interface IrpParty {
  Gstin: string;
  LglNm: string;
  Addr1: string;
  Loc: string;
  Pin: number;
  Stcd: string;
  Ph?: string;
  Em?: string;
}
export interface IrpItem {
  SlNo: string;
  PrdDesc: string;
  IsServc: 'Y' | 'N';
  HsnCd: string;
  Qty: number;
  Unit?: string;
  UnitPrice: number;
  TotAmt: number;
  Discount: number;
  AssAmt: number;
  GstRt: number;
  IgstAmt: number;
  CgstAmt: number;
  SgstAmt: number;
  CesRt: number;
  CesAmt: number;
  CesNonAdvlAmt: number;
  StateCesRt: number;
  StateCesAmt: number;
  StateCesNonAdvlAmt: number;
  OthChrg: number;
  TotItemVal: number;
}
export interface IrpInvoice {
  Version: '1.1';
  TranDtls: { TaxSch: 'GST'; SupTyp: 'B2B' | 'SEZWP' | 'SEZWOP' | 'EXPWP' | 'EXPWOP' | 'DEXP'; RegRev: 'Y' | 'N'; IgstOnIntra: 'Y' | 'N' };
  DocDtls: { Typ: 'INV' | 'CRN' | 'DBN'; No: string; Dt: string };
  SellerDtls: IrpParty;
  BuyerDtls: IrpParty & { Pos: string };
  ItemList: IrpItem[];
  ValDtls: {
    AssVal: number;
    CgstVal: number;
    SgstVal: number;
    IgstVal: number;
    CesVal: number;
    StCesVal: number;
    Discount: number;
    OthChrg: number;
    RndOffAmt: number;
    TotInvVal: number;
  };
  ExpDtls?: { CntCode?: string; ForCur?: string; RefClm: 'Y' | 'N' };
}

/** Unregistered buyer of an export, its place of supply and state (96, Other Countries), and PIN. */
const URP = { Gstin: 'URP', Pos: '96', Stcd: '96', Pin: 999999 };

const n = (v: Decimal | string) => Number(money2(v));
/** 'Y-m-d' -> 'dd/mm/yyyy'. */
export const irpDate = (date: string) => date.split('-').reverse().join('/');

/**
 * Address lines of a free-text address for the IRP: the first part as `Addr1`, the part before the
 * 6-digit PIN (or the last part) as `Loc`, and the PIN. Null PIN when the address has none.
 */
export function splitAddress(address: string | null): { addr1: string; loc: string; pin: number | null } {
  const text = (address ?? '').replace(/\s+/g, ' ').trim();
  const pinMatch = /(?:^|\D)([1-9]\d{2}\s?\d{3})(?!\d)/.exec(text);
  const pin = pinMatch ? Number(pinMatch[1].replace(/\s/g, '')) : null;
  const parts = text
    .replace(pinMatch ? pinMatch[1] : '\u0000', '')
    .split(/[,\n]/)
    .map((p) => p.replace(/[-\s]+$/, '').trim())
    .filter((p) => p.length > 0);
  const addr1 = (parts[0] ?? '').slice(0, 100);
  const loc = (parts.length > 1 ? parts[parts.length - 1] : (parts[0] ?? '')).slice(0, 50);
  return { addr1, loc, pin };
}

/** The IRP supply type of an invoice: export and SEZ with or without payment (tax on it or not), else B2B. */
export function irpSupplyType(invoiceType: string | null, withTax: boolean): IrpInvoice['TranDtls']['SupTyp'] {
  if (invoiceType === 'export') return withTax ? 'EXPWP' : 'EXPWOP';
  if (invoiceType === 'sez') return withTax ? 'SEZWP' : 'SEZWOP';
  return 'B2B';
}

/**
 * Builds the IRP JSON of a stored invoice. Refuses (400, by field) what the portal cannot take: a
 * business without a GSTIN or a PIN in its address, a bill of supply, a recipient without a GSTIN
 * (other than an export), a client address without a PIN. Lines keep their stored tax amounts; the
 * difference between the stored total and the sum of the items is the round-off.
 */
export function buildIrpPayload(doc: SourceDocument, account: Account, client: Client | null): IrpInvoice {
  const errors: Record<string, string> = {};
  if (doc.kind !== 'invoice') errors.document = 'only invoices are e-invoiced here';
  if (doc.status === 'draft') errors.status = 'a draft cannot be e-invoiced; issue it first';
  if (doc.status === 'cancelled') errors.status = 'a cancelled invoice cannot be e-invoiced';
  if (doc.type === 'bill_of_supply') errors.invoice_type = 'a bill of supply is not e-invoiced';
  if (!account.gstin) errors.business_gstin = 'is required for e-invoicing';
  const seller = splitAddress(account.address);
  if (!seller.pin || seller.addr1.length === 0) errors.business_address = 'must hold the street and a 6-digit PIN code for e-invoicing';
  if (!doc.productLines.length) errors.items = 'an e-invoice needs at least one line';
  const withTax = doc.productLines.some((l) => toDecimal(l.igst).plus(toDecimal(l.cgst)).plus(toDecimal(l.sgst)).gt(0));
  const supTyp = irpSupplyType(doc.type, withTax);
  const isExport = supTyp === 'EXPWP' || supTyp === 'EXPWOP';
  const buyerAddress = splitAddress(client?.address ?? null);
  if (!isExport) {
    if (!client?.gstin) errors.client_id = 'the client has no GSTIN: e-invoices are for registered recipients and exports';
    if (!buyerAddress.pin || buyerAddress.addr1.length === 0) errors.client_address = "the client's address must hold the street and a 6-digit PIN code";
  }
  doc.productLines.forEach((l, i) => {
    if (!/^\d{4,8}$/.test(l.hsnCode.trim())) errors[`items.${i}.hsn_code`] = 'an e-invoice line needs an HSN or SAC code of 4 to 8 digits';
  });
  if (Object.keys(errors).length) throw new ValidationFailed(errors, 'The invoice cannot be e-invoiced.');

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
    const isService = l.hsnCode.trim().startsWith('99');
    return {
      SlNo: String(i + 1),
      PrdDesc: l.description.slice(0, 300),
      IsServc: isService ? 'Y' : 'N',
      HsnCd: l.hsnCode.trim(),
      Qty: Number(toDecimal(l.quantity).toDecimalPlaces(3).toFixed()),
      ...(isService ? {} : { Unit: 'OTH' }),
      UnitPrice: Number(toDecimal(l.rate).toDecimalPlaces(3).toFixed()),
      TotAmt: n(gross),
      Discount: n(discount),
      AssAmt: n(gross.minus(discount)),
      GstRt: Number(toDecimal(l.taxRate).toFixed()),
      IgstAmt: n(igst),
      CgstAmt: n(cgst),
      SgstAmt: n(sgst),
      CesRt: 0,
      CesAmt: 0,
      CesNonAdvlAmt: 0,
      StateCesRt: 0,
      StateCesAmt: 0,
      StateCesNonAdvlAmt: 0,
      OthChrg: 0,
      TotItemVal: n(gross.minus(discount).plus(cgst).plus(sgst).plus(igst)),
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
  const total = toDecimal(doc.totalAmount);
  const party = (p: {
    gstin: string;
    name: string;
    addr1: string;
    loc: string;
    pin: number;
    stcd: string;
    phone?: string | null;
    email?: string | null;
  }): IrpParty => ({
    Gstin: p.gstin,
    LglNm: p.name.slice(0, 100),
    Addr1: p.addr1,
    Loc: p.loc.length >= 3 ? p.loc : `${p.loc}   `.slice(0, 3),
    Pin: p.pin,
    Stcd: p.stcd,
    ...(p.phone && /^\d{6,12}$/.test(p.phone) ? { Ph: p.phone } : {}),
    ...(p.email && p.email.length <= 100 ? { Em: p.email } : {}),
  });
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: supTyp, RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: 'INV', No: doc.number, Dt: irpDate(doc.date) },
    SellerDtls: party({
      gstin,
      name: account.businessName ?? gstin,
      addr1: seller.addr1,
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
              loc: buyerAddress.loc,
              pin: buyerAddress.pin as number,
              stcd: client!.gstin!.slice(0, 2),
              phone: client!.phone,
              email: client!.email,
            },
      ),
      Pos: pos,
    },
    ItemList: items,
    ValDtls: {
      AssVal: n(sumOf('AssAmt')),
      CgstVal: n(sumOf('CgstAmt')),
      SgstVal: n(sumOf('SgstAmt')),
      IgstVal: n(sumOf('IgstAmt')),
      CesVal: 0,
      StCesVal: 0,
      Discount: n(headerDiscount),
      OthChrg: 0,
      RndOffAmt: n(total.minus(itemsTotal.minus(headerDiscount))),
      TotInvVal: n(total),
    },
    ...(isExport ? { ExpDtls: { RefClm: supTyp === 'EXPWP' ? 'Y' : 'N' } } : {}),
  };
}
