import { ClientStatement } from '@app/domain/payments/client-statement';
import { toNumber2 } from '@app/domain/shared/money';

/**
 * `GET /v1/clients/{id}/statement`: amounts as numbers of 2 decimals. An entry's amounts are canonical 2-decimal text
 * (the reader's DECIMAL text, the statement's paiseText), so each is parsed as it is, without a second check per field.
 */
export function presentClientStatement(s: ClientStatement) {
  return {
    client_id: s.clientId,
    from: s.from,
    to: s.to,
    currency: s.currency,
    opening_balance: toNumber2(s.openingBalance),
    entries: s.entries.map((e) => ({
      date: e.date,
      type: e.type,
      document_id: e.documentId,
      number: e.number,
      debit: Number(e.debit),
      credit: Number(e.credit),
      balance: Number(e.balance),
    })),
    closing_balance: toNumber2(s.closingBalance),
  };
}
