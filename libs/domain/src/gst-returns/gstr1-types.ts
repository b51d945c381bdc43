/**
 * The shapes of GSTR-1: the documents that go in, and the return in the JSON form the GST portal's offline tool
 * imports (see docs/gst-exports.md and `schemas/gstr1.schema.json`).
 */

/** One line of an invoice or note, with the amounts as stored. */
export interface Gstr1Line {
  hsnCode: string;
  description: string;
  quantity: string;
  /** UQC (NOS, KGS, ...) when the line carries one. */
  unit: string | null;
  taxable: string;
  taxRate: string;
  cgst: string;
  sgst: string;
  igst: string;
  /** Compensation cess of the line (absent or null: none); reported as `csamt`. */
  cess?: string | null;
}

export interface Gstr1Party {
  clientGstin: string | null;
  /** The client's registration type (clients/client.ts; absent or null: not given); GSTR-3B 3.2 reads it, GSTR-1 does not. */
  clientRegistrationType?: string | null;
  clientStateCode: string | null;
  /** The place of supply stored on the document (null: derived, see `placeOfSupply`). */
  placeOfSupply: string | null;
  /** b2b, b2c, sez_with_payment, ... when stored; null: derived from the invoice type and client. */
  supplyType: string | null;
  reverseCharge: boolean;
  /** The document's currency and rupees per unit (absent: INR); see gstr1-rupees.ts. */
  currency?: string;
  exchangeRate?: string | null;
  /**
   * The e-commerce operator the supply was made through and its section, '52' (it collects tax) or '9(5)' (it pays
   * the tax); absent or null: made directly. A note without its own takes those of the invoice it is against.
   */
  ecommerceGstin?: string | null;
  ecommerceSection?: string | null;
}

export interface Gstr1Invoice extends Gstr1Party {
  number: string;
  date: string;
  status: string;
  /** local_sale, interstate_sale, export, sez, bill_of_supply. */
  invoiceType: string;
  total: string;
  lines: Gstr1Line[];
}

export interface Gstr1Note extends Gstr1Party {
  kind: 'credit' | 'debit';
  number: string;
  date: string;
  status: string;
  total: string;
  lines: Gstr1Line[];
  /**
   * The invoice the note is against, when it names one (its currency and rupees per unit absent: INR), with its
   * counted lines (absent or empty: not known), whose HSN codes a note line without one takes in Table 12.
   */
  original: {
    number: string;
    date: string;
    total: string;
    invoiceType: string;
    currency?: string;
    exchangeRate?: string | null;
    lines?: Gstr1Line[];
  } | null;
}

export interface Gstr1Input {
  gstin: string;
  businessStateCode: string | null;
  /** First and last day of the return period ('Y-m-d'). */
  from: string;
  to: string;
  /** Rupees, or null when not set (then the 4-digit HSN rule applies). */
  aggregateTurnover: string | null;
  invoices: Gstr1Invoice[];
  notes: Gstr1Note[];
  /** Tax documents dated in the period that were deleted while holding a tax-series number (Table 13 counts them cancelled). */
  retained?: Gstr1RetainedNumber[];
}

/** The number of a deleted tax document, kept for the tax records. */
export interface Gstr1RetainedNumber {
  kind: 'invoice' | 'debit' | 'credit';
  number: string;
  date: string;
}

type Num = number;
export interface Gstr1ItemDetail {
  txval: Num;
  rt: Num;
  iamt?: Num;
  camt?: Num;
  samt?: Num;
  csamt: Num;
}
export interface Gstr1Item {
  num: number;
  itm_det: Gstr1ItemDetail;
}
export interface Gstr1B2bInvoice {
  inum: string;
  idt: string;
  val: Num;
  pos: string;
  rchrg: 'Y' | 'N';
  inv_typ: 'R' | 'SEWP' | 'SEWOP' | 'DE';
  itms: Gstr1Item[];
}
export interface Gstr1B2clInvoice {
  inum: string;
  idt: string;
  val: Num;
  itms: Gstr1Item[];
}
export interface Gstr1B2cs {
  sply_ty: 'INTRA' | 'INTER';
  pos: string;
  /** 'E': through an operator that collects tax (section 52), named in `etin'; 'OE': the rest. */
  typ: 'OE' | 'E';
  etin?: string;
  rt: Num;
  txval: Num;
  iamt?: Num;
  camt?: Num;
  samt?: Num;
  csamt: Num;
}
export interface Gstr1CdnrNote {
  ntty: 'C' | 'D';
  nt_num: string;
  nt_dt: string;
  val: Num;
  pos: string;
  rchrg: 'Y' | 'N';
  inv_typ: 'R' | 'SEWP' | 'SEWOP' | 'DE';
  itms: Gstr1Item[];
}
export interface Gstr1Cdnur {
  typ: 'B2CL' | 'EXPWP' | 'EXPWOP';
  ntty: 'C' | 'D';
  nt_num: string;
  nt_dt: string;
  val: Num;
  pos?: string;
  itms: Gstr1Item[];
}
export interface Gstr1ExpInvoice {
  inum: string;
  idt: string;
  val: Num;
  itms: Array<{ txval: Num; rt: Num; iamt: Num; csamt: Num }>;
}
/** A row of Table 12 (`hsn_b2b` or `hsn_b2c`): one HSN, UQC and rate. */
export interface Gstr1Hsn {
  num: number;
  hsn_sc: string;
  /** The description of the first line of the row (30 characters at most). */
  desc: string;
  uqc: string;
  qty: Num;
  rt: Num;
  txval: Num;
  iamt: Num;
  camt: Num;
  samt: Num;
  csamt: Num;
}
/** A row of Table 14 (`supeco`): the supplies of the period through one operator, net of notes. */
export interface Gstr1Supeco {
  etin: string;
  suppval: Num;
  igst: Num;
  cgst: Num;
  sgst: Num;
  cess: Num;
  flag: 'N';
}
export interface Gstr1DocIssue {
  doc_num: number;
  doc_typ: string;
  docs: Array<{ num: number; from: string; to: string; totnum: number; cancel: number; net_issue: number }>;
}
export interface Gstr1Nil {
  sply_ty: 'INTRB2B' | 'INTRAB2B' | 'INTRB2C' | 'INTRAB2C';
  expt_amt: Num;
  nil_amt: Num;
  ngsup_amt: Num;
}

export interface Gstr1Return {
  gstin: string;
  /** Return period MMYYYY (a quarter is filed under its last month). */
  fp: string;
  version: string;
  hash: string;
  b2b: Array<{ ctin: string; inv: Gstr1B2bInvoice[] }>;
  b2cl: Array<{ pos: string; inv: Gstr1B2clInvoice[] }>;
  b2cs: Gstr1B2cs[];
  cdnr: Array<{ ctin: string; nt: Gstr1CdnrNote[] }>;
  cdnur: Gstr1Cdnur[];
  exp: Array<{ exp_typ: 'WPAY' | 'WOPAY'; inv: Gstr1ExpInvoice[] }>;
  nil: { inv: Gstr1Nil[] };
  /** Table 12: supplies to registered recipients and their notes (`hsn_b2b`), and the rest (`hsn_b2c`). */
  hsn: { hsn_b2b: Gstr1Hsn[]; hsn_b2c: Gstr1Hsn[] };
  doc_issue: { doc_det: Gstr1DocIssue[] };
  /** Table 14: supplies through operators that collect tax under section 52 (`clttx`, 14(a)) or pay it under 9(5) (`paytx`, 14(b)). */
  supeco: { clttx: Gstr1Supeco[]; paytx: Gstr1Supeco[] };
}
