/** One counted invoice of the period (issued or archived; drafts and cancelled ones are left out). */
export interface CaSyncInvoice {
  id: number;
  number: string;
  date: string;
  clientName: string;
  clientGstin: string | null;
  /** State code of the place of supply (the client's state), or null when unknown. */
  placeOfSupply: string | null;
  invoiceType: string;
  status: string;
  /** The invoice value as stored (its lines after the header discount). */
  total: string;
}

/** One line of a counted invoice, with its stored tax split. */
export interface CaSyncInvoiceLine {
  invoiceId: number;
  hsnCode: string;
  taxRate: string;
  /** Line total including tax. */
  lineTotal: string;
  cgst: string;
  sgst: string;
  igst: string;
}

export interface CaSyncNote {
  kind: 'credit' | 'debit';
  number: string;
  date: string;
  clientName: string;
  clientGstin: string | null;
  againstInvoice: string | null;
  status: string;
  amount: string;
}

export interface CaSyncExpense {
  date: string;
  description: string;
  category: string;
  vendorName: string;
  vendorPan: string | null;
  paymentMethod: string;
  status: string;
  amount: string;
  tdsSection: string | null;
  tdsAmount: string | null;
}

export interface CaSyncTds {
  /** receivable: a client deducted it from what it paid us; payable: we deducted it from a vendor. */
  direction: 'receivable' | 'payable';
  date: string;
  reference: string;
  party: string;
  pan: string | null;
  section: string | null;
  rate: string | null;
  amount: string;
  challanNumber: string | null;
  depositedOn: string | null;
}

/** What the reader gives for one account and period; every list belongs to that account only. */
export interface CaSyncData {
  invoices: CaSyncInvoice[];
  lines: CaSyncInvoiceLine[];
  notes: CaSyncNote[];
  expenses: CaSyncExpense[];
  tds: CaSyncTds[];
}
