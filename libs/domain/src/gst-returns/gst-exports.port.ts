import { Gstr1Invoice, Gstr1Note, Gstr1RetainedNumber, Gstr1Return } from './gstr1';
import { Gstr1FiledSnapshot } from './gstr1a';
import { Gstr3bRemark, Gstr3bReturn } from './gstr3b';

/** GSTR-3B as the API answers it: the return in the portal's field names, and what the service says of its tables. */
export interface Gstr3bAnswer {
  return: Gstr3bReturn;
  remarks: Gstr3bRemark[];
}

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

/** Writes GSTR-3B as a workbook: a sheet per table and one of remarks. */
export abstract class Gstr3bWorkbookWriter {
  abstract write(answer: Gstr3bAnswer, baseName: string): Promise<Gstr1File>;
}

/** The marking of a period's GSTR-1 as filed, with what it reported then. */
export interface Gstr1Filing {
  /** 'YYYY-MM'. */
  period: string;
  /** 'Y-m-d H:i:s' (UTC). */
  filedAt: string;
  snapshot: Gstr1FiledSnapshot;
}

/** The periods an account marked filed; one marking per account and period. */
export abstract class Gstr1FilingRepository {
  abstract find(accountId: number, period: string): Promise<Gstr1Filing | null>;
  /** Records the marking; false (nothing stored) when the period is already marked. */
  abstract insert(accountId: number, filing: Gstr1Filing): Promise<boolean>;
}
