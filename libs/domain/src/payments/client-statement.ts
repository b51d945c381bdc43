import { Account } from '../shared/account';
import type { Caller } from '../shared/caller';
import { ClientRepository } from '../clients/client.repository.port';
import { requireClient } from '../documents/sales-document-fields';
import { Clock } from '../shared/clock.port';
import { ValidationFailed } from '../shared/domain-error';
import { fiscalYearOf, fiscalYearRange, kolkataDate } from '../shared/fiscal-year';
import { paiseOf, paiseText } from '../shared/money';

export const STATEMENT_ENTRY_TYPES = ['invoice', 'debit_note', 'credit_note', 'payment'] as const;
export type StatementEntryType = (typeof STATEMENT_ENTRY_TYPES)[number];

/** One line of a statement as the reader gives it: a debit or a credit (2-decimal strings), in date order. */
export interface StatementRow {
  date: string;
  type: StatementEntryType;
  documentId: number;
  number: string | null;
  debit: string;
  credit: string;
}

export interface StatementEntry extends StatementRow {
  /** The balance after this entry (debits less credits so far, the opening balance included). */
  balance: string;
}

export interface ClientStatement {
  clientId: number;
  from: string;
  to: string;
  currency: string;
  openingBalance: string;
  entries: StatementEntry[];
  closingBalance: string;
}

/**
 * What a client's statement is made of, in one currency. Debits: issued or archived invoices at their total less the
 * TDS they carry of their own (the TDS receipts recorded on them is not subtracted: it is on the receipt's side), and
 * debit notes at their total. Credits: issued or archived credit notes at their total, and payments at their amount
 * plus the TDS not matched against a document's own TDS (so TDS counts once, as the ledger counts it).
 */
export abstract class StatementReader {
  /** Debits less credits of everything dated before `before` (a 2-decimal string). */
  abstract balanceBefore(accountId: number, clientId: number, currency: string, before: string): Promise<string>;
  /**
   * The entries dated `from`..`to`, by date, then documents (invoice, debit note, credit note) before payments, then id;
   * amounts in canonical 2-decimal text. The rows are the caller's: the statement adds each one's balance to it.
   */
  abstract rows(accountId: number, clientId: number, currency: string, from: string, to: string): Promise<StatementRow[]>;
}

export interface StatementPeriod {
  from?: string;
  to?: string;
  fyStartYear?: number;
}

/**
 * The period of a statement: `fy_start_year` wins; otherwise `from`/`to`, each defaulting to the bound of the Indian
 * financial year of `today`. `from` after `to` is 400 on `from`.
 */
export function statementPeriod(period: StatementPeriod, today: string): { from: string; to: string } {
  if (period.fyStartYear !== undefined) return fiscalYearRange(period.fyStartYear);
  const current = fiscalYearRange(fiscalYearOf(today));
  const from = period.from ?? current.from;
  const to = period.to ?? current.to;
  if (from > to) throw ValidationFailed.field('from', `must not be after to (${to})`);
  return { from, to };
}

/** A client's statement of account: opening balance, entries with running balances, closing balance. */
export class ClientStatementService {
  constructor(
    private readonly reader: StatementReader,
    private readonly clients: ClientRepository,
    private readonly clock: Clock,
  ) {}

  statement(caller: Caller, clientId: number, period: StatementPeriod): Promise<ClientStatement> {
    return this.statementOf(caller.account, clientId, period);
  }

  /** The statement of the account's client (404 for a client of another account), in the account's currency. */
  async statementOf(account: Pick<Account, 'id' | 'currency'>, clientId: number, period: StatementPeriod): Promise<ClientStatement> {
    const accountId = account.id;
    const { from, to } = this.periodOf(period);
    await requireClient(this.clients, accountId, clientId);
    const currency = account.currency;
    const opening = await this.reader.balanceBefore(accountId, clientId, currency, from);
    const rows = await this.reader.rows(accountId, clientId, currency, from, to);
    // One pass in integer paise (exact to the paisa however many entries there are); each row becomes its entry.
    let balance = paiseOf(opening)!;
    const entries = rows as StatementEntry[];
    for (const entry of entries) {
      balance += paiseOf(entry.debit)! - paiseOf(entry.credit)!;
      entry.balance = paiseText(balance);
    }
    return { clientId, from, to, currency, openingBalance: opening, entries, closingBalance: paiseText(balance) };
  }

  /** The period the statement covers (statementPeriod, today in Asia/Kolkata). */
  periodOf(period: StatementPeriod): { from: string; to: string } {
    return statementPeriod(period, kolkataDate(this.clock.now()));
  }
}
