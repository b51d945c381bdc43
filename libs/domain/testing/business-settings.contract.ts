import { BusinessSettingsRepository, DEFAULT_BUSINESS_SETTINGS } from '../src/settings/business-settings';

export interface BusinessSettingsHarness {
  repo(): BusinessSettingsRepository;
  newAccount(): Promise<number>;
}

/**
 * What every BusinessSettingsRepository must do, run against the in-memory fake (unit) and the SQL
 * adapter (test/repository-contracts.e2e-spec.ts, on MariaDB) so the two cannot drift.
 */
export function businessSettingsContract(harness: () => BusinessSettingsHarness): void {
  it('answers the defaults for an account that saved nothing', async () => {
    const h = harness();
    expect(await h.repo().get(await h.newAccount())).toEqual(DEFAULT_BUSINESS_SETTINGS);
  });

  it('saves and reads back the template, signature and every prefix, per account', async () => {
    const h = harness();
    const [account, other] = [await h.newAccount(), await h.newAccount()];
    const settings = {
      invoiceTemplate: 'modern' as const,
      signaturePng: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      prefixes: { invoice: 'KS', quotation: 'KQ', 'proforma-invoice': 'KP', 'debit-note': 'KD', 'credit-note': 'KC' },
    };
    await h.repo().save(account, settings);
    expect(await h.repo().get(account)).toEqual(settings);
    expect(await h.repo().get(other)).toEqual(DEFAULT_BUSINESS_SETTINGS);
  });

  it('a later save replaces the earlier one; absent or empty prefixes fall back to the defaults', async () => {
    const h = harness();
    const account = await h.newAccount();
    await h.repo().save(account, { invoiceTemplate: 'modern', signaturePng: 'AAAA', prefixes: { invoice: 'KS', quotation: 'KQ' } });
    await h.repo().save(account, { invoiceTemplate: 'classic', signaturePng: null, prefixes: { quotation: 'NQ', 'credit-note': '' } });
    expect(await h.repo().get(account)).toEqual({ invoiceTemplate: 'classic', signaturePng: null, prefixes: { quotation: 'NQ' } });
  });
}
