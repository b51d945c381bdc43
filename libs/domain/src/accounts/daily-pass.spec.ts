import { AccountRepository } from './account.repository.port';
import { AccountDays, batchedPass } from './daily-pass';
import { proAccount } from '../../testing/in-memory-account.repository';

describe('daily pass', () => {
  it('reads every row in batches by key, goes on past a failing row, then fails with the first error', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => i + 1);
    const reads: number[] = [];
    const handled: number[] = [];
    const pass = batchedPass(
      async (after, limit) => (reads.push(after), rows.filter((r) => r > after).slice(0, limit)),
      (r) => r,
      3,
      async (r) => {
        handled.push(r);
        if (r === 2 || r === 5) throw new Error(`row ${r}`);
        return 1;
      },
    );
    await expect(pass).rejects.toThrow('row 2');
    expect(handled).toEqual(rows);
    expect(reads).toEqual([0, 3, 6]);
    expect(
      await batchedPass(
        async (after) => rows.filter((r) => r > after).slice(0, 3),
        (r) => r,
        3,
        async () => 2,
      ),
    ).toBe(14);
  });

  it('reads each account once; none for a deleted or suspended one; today in the account’s zone', async () => {
    const found: number[] = [];
    const accounts = {
      findById: async (id: number) => {
        found.push(id);
        return proAccount(id, { timeZone: id === 1 ? 'Pacific/Auckland' : undefined, suspended: id === 3, deleted: id === 4 });
      },
    } as unknown as AccountRepository;
    const days = new AccountDays(accounts, new Date('2026-01-09T12:00:00Z'));
    expect((await days.of(1))?.today).toBe('2026-01-10');
    expect((await days.of(2))?.today).toBe('2026-01-09');
    expect(await days.of(3)).toBeNull();
    expect(await days.of(4)).toBeNull();
    await days.of(1);
    expect(found).toEqual([1, 2, 3, 4]);
  });
});
