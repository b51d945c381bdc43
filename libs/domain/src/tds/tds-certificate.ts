/**
 * The render-ready quarterly statement of TDS a deductor gives its deductee. It is not the statutory
 * certificate: Form 16A (Form 131 under the Income-tax Act 2025) is the one downloaded from the TRACES
 * portal, and the statement says so.
 */
export interface TdsCertificateForm {
  name: string;
  act: string;
  ruleReference: string;
  /** How the Act of the period names the year: the 1961 Act by assessment year, the 2025 Act by tax year. */
  yearKind: 'assessment_year' | 'tax_year';
  /** The TRACES certificate this statement stands beside (Form No. 16A, Form No. 131). */
  tracesForm: string;
}

export interface TdsCertificateRowView {
  date: string;
  section: string;
  paymentCode: string;
  amountPaid: string;
  rate: string;
  tdsAmount: string;
  challanNumber: string;
  bsrCode: string;
  depositedOn: string;
}

export interface TdsCertificateView {
  form: TdsCertificateForm;
  certificateNumber: string;
  issuedOn: string;
  deductor: { name: string; address: string | null; tan: string; pan: string | null; gstin: string | null };
  deductee: { name: string; pan: string };
  financialYear: string;
  /** 'Assessment year' (1961 Act) or 'Tax year' (2025 Act) and its value. */
  year: { label: string; value: string };
  /** Receipt number (token) of the quarterly TDS statement, when given. */
  statementReceipt: string | null;
  /** The plain notice that the statutory certificate is downloaded from TRACES. */
  tracesNotice: string;
  verification: string;
  quarter: string;
  period: { from: string; to: string };
  rows: TdsCertificateRowView[];
  totals: { amountPaid: string; tdsAmount: string };
  tdsInWords: string;
}

export interface TdsCertificateRecord {
  deducteePan: string;
  deducteeName: string;
  fyStartYear: number;
  quarter: number;
  formName: string;
  deductorTan: string;
  statementReceipt: string | null;
  amountPaid: string;
  tdsAmount: string;
  deductions: number;
}

export abstract class TdsCertificateRenderer {
  abstract render(view: TdsCertificateView): Promise<Uint8Array>;
}

export abstract class TdsCertificateStore {
  /** The certificate form in force on a date. */
  abstract formOn(date: string): Promise<TdsCertificateForm>;
  /** The deductor TAN of the account's latest certificate, null when none. */
  abstract lastTan(accountId: number): Promise<string | null>;
  /** Stores the issued certificate; returns its id. */
  abstract record(accountId: number, record: TdsCertificateRecord): Promise<number>;
}
