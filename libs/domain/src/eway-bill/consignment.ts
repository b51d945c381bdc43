import Decimal from 'decimal.js';
import { Account } from '../shared/account';
import { Client } from '../clients/client';
import { lineTaxable } from '../document-output/document-view-builder';
import { SourceDocument, SourceProductLine } from '../document-output/source-document';
import { splitAddress } from '../einvoice/irp-payload';
import { irpUnit } from '../einvoice/irp-units';
import { placeOfSupply, supplierState } from '../gst-returns/place-of-supply';
import { ValidationFailed } from '../shared/domain-error';
import { money2, toDecimal } from '../shared/money';
import { isSupplyType, isZeroRated, stateOf } from '../tax/supply';
import { destination, ExitPoint, OTHER_COUNTRY_STATE, SUB_SUPPLY } from './exit-point';

/**
 * Part A of an e-way bill: the consignment of an invoice as the NIC e-way bill system takes it. Field names and codes
 * of the e-way bill API v1.03 ("Generate E-way Bill", docs.ewaybillgst.gov.in); amounts in rupees, dates dd/mm/yyyy
 * (docs/gst-exports.md, "E-way bill"). The requests built from it (generate, bulk file, extension): eway-bill-payload.ts.
 */
export interface EwbItem {
  productName: string;
  productDesc: string;
  hsnCode: number;
  quantity: number;
  qtyUnit: string;
  taxableAmount: number;
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
  cessRate: number;
  cessNonAdvol: number;
}

/** Part A, with the API's field names. */
export interface Consignment {
  userGstin: string;
  supplyType: 'O';
  /** 1: Supply; 3: Export. */
  subSupplyType: number;
  subSupplyDesc: string;
  docType: 'INV' | 'BIL';
  docNo: string;
  docDate: string;
  fromGstin: string;
  fromTrdName: string;
  fromAddr1: string;
  fromAddr2: string;
  fromPlace: string;
  fromPincode: number;
  fromStateCode: number;
  actFromStateCode: number;
  toGstin: string;
  toTrdName: string;
  toAddr1: string;
  toAddr2: string;
  toPlace: string;
  toPincode: number;
  toStateCode: number;
  actToStateCode: number;
  /** 1: Regular (bill-from is dispatch-from, bill-to is ship-to); 2: Bill To - Ship To. */
  transactionType: number;
  /** Bill To - Ship To: the registered ship-to party the goods go to (the to-address is its address). */
  shipToGSTIN?: string;
  shipToTradeName?: string;
  totalValue: number;
  cgstValue: number;
  sgstValue: number;
  igstValue: number;
  cessValue: number;
  cessNonAdvolValue: number;
  otherValue: number;
  totInvValue: number;
  mainHsnCode: number;
  itemList: EwbItem[];
}

/** The most items the portal takes on one bill. */
export const MAX_ITEMS = 250;

const n2 = (v: Decimal | string) => Number(money2(v));
/** 'Y-m-d' -> 'dd/mm/yyyy'. */
export const nicDate = (date: string) => date.split('-').reverse().join('/');
const clip = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max).trim();
/** A goods line: an HSN code, not a services accounting code (SAC, chapter 99). */
const isGoods = (l: SourceProductLine) => !l.hsnCode.trim().startsWith('99');

/** A line's value as the bill takes it, in rupees: taxable value and the tax charged (none under reverse charge). */
function lineValue(l: SourceProductLine, reverseCharge: boolean) {
  const taxable = toDecimal(money2(l.taxableValue ?? lineTaxable(l).taxable));
  const [cgst, sgst, igst, cess] = reverseCharge
    ? [new Decimal(0), new Decimal(0), new Decimal(0), new Decimal(0)]
    : [l.cgst, l.sgst, l.igst, l.cessAmount ?? '0'].map((v) => toDecimal(money2(v)));
  return { taxable, cgst, sgst, igst, cess, total: taxable.plus(cgst).plus(sgst).plus(igst).plus(cess) };
}

/**
 * The consignment value of rule 138(1), Explanation 2: the value of the goods (section 15) declared in the invoice with
 * the central, State or Union territory, integrated tax and cess charged in it, leaving out exempt goods where the
 * invoice has both exempt and taxable goods. Lines are in rupees already. A goods line at a 0 % rate is exempt unless
 * the supply is zero-rated (an export or to an SEZ); tax not charged by the supplier (reverse charge) is not in it.
 */
export function consignmentValue(doc: Pick<SourceDocument, 'productLines' | 'reverseCharge' | 'supplyType'>): Decimal {
  const goods = doc.productLines.filter(isGoods);
  const zeroRated = isSupplyType(doc.supplyType) && isZeroRated(doc.supplyType);
  const exempt = (l: SourceProductLine) => !zeroRated && toDecimal(l.taxRate).isZero();
  const mixed = goods.some(exempt) && goods.some((l) => !exempt(l));
  return goods.filter((l) => !(mixed && exempt(l))).reduce((s, l) => s.plus(lineValue(l, doc.reverseCharge === true).total), new Decimal(0));
}

/** An export: its bill goes to the place of exit (eway-bill/exit-point.ts). */
export const isExportInvoice = (doc: Pick<SourceDocument, 'type' | 'supplyType'>) => doc.type === 'export' || !!doc.supplyType?.startsWith('export');

/**
 * Part A of the bill of an invoice already in rupees (`invoiceInRupees`). Refuses (400, by field) what the portal
 * cannot take: a draft or cancelled invoice, an export without its place of exit (`exit`), no goods line, a line
 * without an HSN/SAC code, a business without a GSTIN or a PIN in its address, a destination address without a PIN,
 * an invoice number the portal does not take, more than 250 goods lines. An export goes to the place of exit (bill-to
 * URP in state 99, sub-supply type Export); an invoice with a ship-to party is Bill To - Ship To (transaction type 2)
 * with the ship-to GSTIN, its address of delivery and state.
 */
export function buildConsignment(doc: SourceDocument, account: Account, client: Client | null, exit: ExitPoint | null): Consignment {
  const errors: Record<string, string> = {};
  if (doc.kind !== 'invoice') errors.document = 'only invoices get an e-way bill here';
  if (doc.status === 'draft') errors.status = 'a draft cannot get an e-way bill; issue it first';
  if (doc.status === 'cancelled') errors.status = 'a cancelled invoice cannot get an e-way bill';
  if (isExportInvoice(doc) && !exit) errors.exitPincode = "an export's e-way bill goes to the place of exit: give exit_state_code and exit_pincode";
  if (!/^[A-Za-z0-9/-]{1,16}$/.test(doc.number)) errors.invoiceNumber = 'the portal takes document numbers of 1 to 16 letters, digits, / and -';
  if (!account.gstin) errors.businessGstin = 'is required for an e-way bill';
  const from = splitAddress(account.address);
  if (!from.pin || !from.addr1) errors.businessAddress = 'must hold the street and a 6-digit PIN code for an e-way bill';
  const to = destination(doc, client, exit, errors);
  doc.productLines.forEach((l, i) => {
    if (!/^\d{4,8}$/.test(l.hsnCode.trim())) errors[`items.${i}.hsnCode`] = 'an e-way bill tells goods from services by the HSN or SAC code: 4 to 8 digits';
  });
  const goods = doc.productLines.filter((l) => /^\d{4,8}$/.test(l.hsnCode.trim()) && isGoods(l));
  if (!doc.productLines.length) errors.items = 'an e-way bill needs at least one line of goods';
  else if (!goods.length && !Object.keys(errors).some((k) => k.startsWith('items.'))) {
    errors.items = 'every line is a service (SAC starting 99): an e-way bill is for the movement of goods';
  }
  if (goods.length > MAX_ITEMS) errors.items = `the portal takes at most ${MAX_ITEMS} lines of goods on one bill`;
  if (Object.keys(errors).length) throw new ValidationFailed(errors, 'The invoice cannot get an e-way bill.');

  const gstin = account.gstin as string;
  const reverseCharge = doc.reverseCharge === true;
  const fromState = supplierState(gstin, account.stateCode) as string;
  const pos = placeOfSupply({
    placeOfSupply: doc.placeOfSupply,
    clientGstin: client?.gstin ?? null,
    clientStateCode: client?.stateCode ?? null,
    businessStateCode: fromState,
  }) as string;
  const shipTo = to.state ?? stateOf(client) ?? pos;
  const shipToParty = !exit && doc.shipToGstin ? { shipToGSTIN: doc.shipToGstin, shipToTradeName: clip(doc.shipToName ?? '', 100) } : null;
  const items: EwbItem[] = goods.map((l) => {
    const v = lineValue(l, reverseCharge);
    const rate = Number(toDecimal(l.taxRate).toFixed());
    return {
      productName: clip(l.description, 100),
      productDesc: clip(l.description, 100),
      hsnCode: Number(l.hsnCode.trim()),
      quantity: Number(toDecimal(l.quantity).toDecimalPlaces(3).toFixed()),
      qtyUnit: irpUnit(l.unit, false) as string,
      taxableAmount: n2(v.taxable),
      cgstRate: v.cgst.gt(0) ? rate / 2 : 0,
      sgstRate: v.sgst.gt(0) ? rate / 2 : 0,
      igstRate: v.igst.gt(0) ? rate : 0,
      cessRate: v.cess.gt(0) ? Number(toDecimal(l.cessRate ?? '0').toFixed()) : 0,
      cessNonAdvol: 0,
    };
  });
  const sum = (lines: SourceProductLine[], k: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'cess' | 'total') =>
    lines.reduce((s, l) => s.plus(lineValue(l, reverseCharge)[k]), new Decimal(0));
  const total = toDecimal(money2(doc.totalAmount));
  return {
    userGstin: gstin,
    supplyType: 'O',
    subSupplyType: exit ? SUB_SUPPLY.export : SUB_SUPPLY.supply,
    subSupplyDesc: '',
    docType: doc.type === 'bill_of_supply' ? 'BIL' : 'INV',
    docNo: doc.number,
    docDate: nicDate(doc.date),
    fromGstin: gstin,
    fromTrdName: clip(account.businessName ?? gstin, 100),
    fromAddr1: from.addr1,
    fromAddr2: from.addr2,
    fromPlace: from.loc,
    fromPincode: from.pin as number,
    fromStateCode: Number(fromState),
    actFromStateCode: Number(fromState),
    toGstin: exit ? 'URP' : (client?.gstin ?? 'URP'),
    toTrdName: clip(client?.name ?? '', 100),
    toAddr1: to.addr1,
    toAddr2: to.addr2,
    toPlace: to.loc,
    toPincode: to.pin as number,
    toStateCode: exit ? OTHER_COUNTRY_STATE : Number(pos),
    actToStateCode: Number(shipTo),
    transactionType: shipToParty ? 2 : 1,
    ...shipToParty,
    totalValue: n2(sum(goods, 'taxable')),
    cgstValue: n2(sum(goods, 'cgst')),
    sgstValue: n2(sum(goods, 'sgst')),
    igstValue: n2(sum(goods, 'igst')),
    cessValue: n2(sum(goods, 'cess')),
    cessNonAdvolValue: 0,
    // What the document's total holds beyond its lines (the round-off; a header discount taken after tax on invoices
    // stored before discounts were shared among the lines); service lines are in neither.
    otherValue: n2(total.minus(sum(doc.productLines, 'total'))),
    totInvValue: n2(total),
    mainHsnCode: Number(goods[0].hsnCode.trim()),
    itemList: items,
  };
}
