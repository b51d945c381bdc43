import { Account } from '../shared/account';
import { Client } from '../clients/client';
import { displayDate } from '../document-output/document-view-builder';
import { stateOf } from '../tax/supply';
import { stateName } from '../tax/states';

/** A party as a printed receivables form shows it: name, address, GSTIN and state ("Maharashtra (27)"). */
export interface PrintedParty {
  name: string;
  address: string | null;
  gstin: string | null;
  /** State name and code, or null when not known. */
  state: string | null;
}

/** One line of a printed statement: dates as DD-MM-YYYY, amounts as 2-decimal strings ('' for no amount). */
export interface StatementPrintEntry {
  date: string;
  type: string;
  number: string;
  debit: string;
  credit: string;
  balance: string;
}

export interface StatementPrintView {
  business: PrintedParty;
  client: PrintedParty;
  currency: string;
  from: string;
  to: string;
  openingBalance: string;
  entries: StatementPrintEntry[];
  totalDebit: string;
  totalCredit: string;
  closingBalance: string;
  /** What the closing balance means: 'due from the client', 'in the client's credit' or 'settled'. */
  closingNote: string;
  generatedOn: string;
  signaturePng: string | null;
  signatory: string;
}

/** One tax of a receipt voucher (CGST, SGST or IGST) with its rate and amount. */
export interface VoucherTax {
  name: string;
  rate: string;
  amount: string;
}

/** The particulars of CGST rule 50 (a) to (k) as the receipt voucher of an advance prints them. */
export interface ReceiptVoucherPrintView {
  supplier: PrintedParty;
  number: string;
  date: string;
  recipient: PrintedParty;
  description: string;
  currency: string;
  amount: string;
  amountInWords: string;
  /** `goods` or `services`, and why the voucher holds that nature. */
  supply: string;
  supplyBasis: string;
  /** False: no tax due on the advance (goods, notification 66/2017-Central Tax), the tax block says so. */
  taxable: boolean;
  taxRate: string | null;
  taxableValue: string | null;
  taxes: VoucherTax[];
  totalTax: string | null;
  noTaxNote: string | null;
  placeOfSupply: string;
  reverseCharge: string;
  mode: string;
  reference: string | null;
  signaturePng: string | null;
  signatory: string;
}

/** Port: prints the receivables forms (statement of account, receipt voucher) as PDF bytes, for an account. */
export abstract class ReceivablesPrinter {
  abstract statement(view: StatementPrintView, accountId: number): Promise<Uint8Array>;
  abstract receiptVoucher(view: ReceiptVoucherPrintView, accountId: number): Promise<Uint8Array>;
}

/** '27' -> 'Maharashtra (27)'; null for no or an unknown code. */
export function stateLabel(code: string | null): string | null {
  const name = stateName(code);
  return code && name ? `${name} (${code})` : null;
}

/** The business as its profile gives it now. */
export function businessParty(account: Account): PrintedParty {
  return {
    name: account.businessName?.trim() || 'Business',
    address: account.address,
    gstin: account.gstin,
    state: stateLabel(stateOf({ gstin: account.gstin, stateCode: account.stateCode })),
  };
}

export function clientParty(client: Client): PrintedParty {
  return { name: client.name, address: client.address, gstin: client.gstin, state: stateLabel(stateOf(client)) };
}

/** 2025-08-05 -> 05-08-2025. */
export const printedDate = (date: string): string => displayDate(date) as string;
