import { Account } from '../shared/account';
import { ClientRepository } from '../clients/client.repository.port';
import { requireClient } from '../documents/sales-document-fields';
import { pdfFileName, PdfOptions, RenderedPdf } from '../document-output/document-output.service';
import { BusinessSettingsRepository } from '../settings/business-settings';
import { Clock } from '../shared/clock.port';
import { SignatureRequired } from '../shared/domain-error';
import { kolkataDate } from '../shared/fiscal-year';
import { paiseOf, paiseText, sumMoney } from '../shared/money';
import { ClientStatement, ClientStatementService, StatementEntryType, StatementPeriod } from './client-statement';
import { businessParty, clientParty, printedDate, ReceivablesPrinter, StatementPrintView } from './receivables-print';

const ENTRY_LABELS: Record<StatementEntryType, string> = {
  invoice: 'Invoice',
  debit_note: 'Debit note',
  credit_note: 'Credit note',
  payment: 'Payment received',
};

/** A zero amount prints as a blank cell, as ledgers print it. */
const cell = (amount: string) => (paiseOf(amount) === 0 ? '' : amount);

/** What a closing balance means for the client. */
export function closingNote(balance: string): string {
  const paise = paiseOf(balance)!;
  if (paise > 0) return 'Balance due from the client';
  return paise < 0 ? `In the client's credit: ${paiseText(-paise)}` : 'Settled: nothing is due';
}

/** The printed form of a statement (entries as the JSON gives them, dates DD-MM-YYYY, totals of the period). */
export function statementPrintView(
  statement: ClientStatement,
  parties: Pick<StatementPrintView, 'business' | 'client'>,
  generatedOn: string,
  signaturePng: string | null,
): StatementPrintView {
  return {
    ...parties,
    currency: statement.currency,
    from: printedDate(statement.from),
    to: printedDate(statement.to),
    openingBalance: statement.openingBalance,
    entries: statement.entries.map((e) => ({
      date: printedDate(e.date),
      type: ENTRY_LABELS[e.type],
      number: e.number ?? '',
      debit: cell(e.debit),
      credit: cell(e.credit),
      balance: e.balance,
    })),
    totalDebit: sumMoney(statement.entries.map((e) => e.debit)),
    totalCredit: sumMoney(statement.entries.map((e) => e.credit)),
    closingBalance: statement.closingBalance,
    closingNote: closingNote(statement.closingBalance),
    generatedOn: printedDate(generatedOn),
    signaturePng,
    signatory: `For ${parties.business.name}`,
  };
}

/**
 * A client's statement of account as a PDF (`GET /v1/clients/{id}/statement?format=pdf`, and the attachment of a
 * statement sendout): the same figures as the JSON, with the business and the client, through the PDF renderer.
 */
export class StatementPdfService {
  constructor(
    private readonly statements: ClientStatementService,
    private readonly clients: ClientRepository,
    private readonly settings: BusinessSettingsRepository,
    private readonly printer: ReceivablesPrinter,
    private readonly clock: Clock,
  ) {}

  async pdf(account: Account, clientId: number, period: StatementPeriod, options: Omit<PdfOptions, 'copy'> = {}): Promise<RenderedPdf> {
    const statement = await this.statements.statementOf(account, clientId, period);
    const [client, settings] = await Promise.all([requireClient(this.clients, account.id, clientId), this.settings.get(account.id)]);
    const signature = options.signature ?? settings.signaturePng ?? null;
    if (options.requireSignature && !signature) throw new SignatureRequired('The business has no signature and none was sent.');
    const view = statementPrintView(statement, { business: businessParty(account), client: clientParty(client) }, kolkataDate(this.clock.now()), signature);
    const bytes = await this.printer.statement(view, account.id);
    return { filename: pdfFileName(`Statement-${client.name}-${statement.from}-${statement.to}`, `statement-${clientId}`), bytes, signature };
  }
}
