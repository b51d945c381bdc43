import { ClientStatement } from '../payments/client-statement';
import { toNumber2 } from '../shared/money';

/** `GET /v1/clients/{id}/statement`: amounts as numbers of 2 decimals. */
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
      debit: toNumber2(e.debit),
      credit: toNumber2(e.credit),
      balance: toNumber2(e.balance),
    })),
    closing_balance: toNumber2(s.closingBalance),
  };
}
