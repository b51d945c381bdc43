import { FakeClock } from '../../testing/fake-clock';
import { InMemoryAccountRepository, makeAccount } from '../../testing/in-memory-account.repository';
import { Mailer } from '../sendouts/mailer.port';
import { CaSyncDataReader, CaSyncFileWriter, CaSyncRepository } from './ca-sync.port';
import { SendCaSync } from './send-ca-sync.use-case';

describe('SendCaSync.runScheduled', () => {
  it('an account whose send cannot even be claimed or recorded counts as failed and is reported; the other accounts go on', async () => {
    const accounts = new InMemoryAccountRepository();
    for (const id of [1, 2, 3]) accounts.put(makeAccount({ id, plan: 'pro', subscriptionExpiresAt: null }));
    const claimed: number[] = [];
    const repo = {
      enabledAccounts: jest.fn((frequency: string) => Promise.resolve(frequency === 'monthly' ? [1, 2, 3] : [])),
      // Another process already claimed the period of 1 and 3; the database refuses the claim of 2.
      claimScheduled: jest.fn(({ accountId }: { accountId: number }) => {
        claimed.push(accountId);
        return accountId === 2 ? Promise.reject(new Error("Data too long for column 'period_label' at row 1")) : Promise.resolve(null);
      }),
    };
    const send = new SendCaSync(
      repo as unknown as CaSyncRepository,
      {} as CaSyncDataReader,
      {} as CaSyncFileWriter,
      accounts,
      {} as Mailer,
      new FakeClock('2026-11-01T03:00:00Z'),
      { mailFrom: 'Invoicing <no-reply@test>' },
    );
    const isolated: Array<[number, string]> = [];
    expect(await send.runScheduled('2026-11-01', (accountId, error) => isolated.push([accountId, error]))).toEqual({ sent: 0, failed: 1 });
    expect(claimed).toEqual([1, 2, 3]);
    expect(isolated).toEqual([[2, "Data too long for column 'period_label' at row 1"]]);
  });
});
