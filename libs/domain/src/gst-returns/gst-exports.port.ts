import { Gstr1Invoice, Gstr1Note, Gstr1RetainedNumber, Gstr1Return } from './gstr1';

/**
 * The account's invoices and notes dated in a period (drafts may be included; the builder leaves them out), and the
 * numbers of the tax documents of the period that were deleted after they were issued (`retained`).
 */
export abstract class Gstr1DataReader {
  abstract read(
    accountId: number,
    from: string,
    to: string,
    businessState: string | null,
  ): Promise<{ invoices: Gstr1Invoice[]; notes: Gstr1Note[]; retained?: Gstr1RetainedNumber[] }>;
}

export interface Gstr1File {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** Writes a return as a workbook, one sheet per table, as the offline tool's Excel template names them. */
export abstract class Gstr1WorkbookWriter {
  abstract write(ret: Gstr1Return, baseName: string): Promise<Gstr1File>;
}
