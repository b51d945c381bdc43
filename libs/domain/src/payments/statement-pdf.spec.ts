import { closingNote, statementPrintView } from './statement-pdf';

const party = (name: string) => ({ name, address: null, gstin: null, state: null });

describe('printed statement', () => {
  it('prints the JSON figures: dates DD-MM-YYYY, blank zero cells, the period totals and the closing balance', () => {
    const view = statementPrintView(
      {
        clientId: 7,
        from: '2025-04-01',
        to: '2025-06-30',
        currency: 'INR',
        openingBalance: '100.00',
        entries: [
          { date: '2025-05-05', type: 'invoice', documentId: 1, number: 'INV/25-26/0001', debit: '1180.00', credit: '0.00', balance: '1280.00' },
          { date: '2025-05-25', type: 'payment', documentId: 3, number: null, debit: '0.00', credit: '1000.50', balance: '279.50' },
        ],
        closingBalance: '279.50',
      },
      { business: party('Sharma Steel'), client: party('Kapoor Exports') },
      '2025-07-01',
      null,
    );
    expect(view).toMatchObject({ from: '01-04-2025', to: '30-06-2025', totalDebit: '1180.00', totalCredit: '1000.50', generatedOn: '01-07-2025' });
    expect(view.entries).toEqual([
      { date: '05-05-2025', type: 'Invoice', number: 'INV/25-26/0001', debit: '1180.00', credit: '', balance: '1280.00' },
      { date: '25-05-2025', type: 'Payment received', number: '', debit: '', credit: '1000.50', balance: '279.50' },
    ]);
    expect(view.signatory).toBe('For Sharma Steel');
  });

  it('says what the closing balance means', () => {
    expect(closingNote('279.50')).toBe('Balance due from the client');
    expect(closingNote('-500.10')).toBe("In the client's credit: 500.10");
    expect(closingNote('0.00')).toBe('Settled: nothing is due');
  });
});
