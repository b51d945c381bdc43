/** The render-ready quarterly TDS certificate (Form 16A, or the 2025 Act's form from 2026-04-01). */
export interface TdsCertificateForm {
  name: string;
  act: string;
  ruleReference: string;
}

export interface TdsCertificateRowView {
  date: string;
  section: string;
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
  deductor: { name: string; address: string | null; pan: string | null; gstin: string | null };
  deductee: { name: string; pan: string };
  financialYear: string;
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
  /** Stores the issued certificate; returns its id. */
  abstract record(accountId: number, record: TdsCertificateRecord): Promise<number>;
}
