import { NewAccount } from '../src/accounts/account';
import { AccountRepository } from '../src/accounts/account.repository.port';

/** Every run of the contract shares one database: names, emails, GSTINs and key hashes are unique per run. */
const run = Date.now().toString(36).slice(-5).toUpperCase();
let seq = 0;
const unique = () => `${run}${++seq}`;
/** A GSTIN-shaped value (15 characters) no other run uses; the repository stores it as given. */
const gstinLike = (state: string) => `${state}${unique().padEnd(13, 'Z')}`.slice(0, 15);
const keyHash = () => unique().padStart(64, 'k');

function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  const n = unique();
  return {
    businessName: `Business ${n}`,
    businessEmail: `owner.${n}@example.com`,
    currency: 'INR',
    gstin: null,
    pan: null,
    plan: 'free',
    subscriptionExpiresAt: null,
    ...overrides,
  };
}

/**
 * What every AccountRepository must do, run against the in-memory fake (unit) and the TypeORM adapter
 * (test/repository-contracts.e2e-spec.ts, on MariaDB) so the two cannot drift.
 */
export function accountRepositoryContract(repository: () => AccountRepository): void {
  it('creates an account with its key and reads it back by id and by key hash; the state comes from the GSTIN', async () => {
    const repo = repository();
    const gstin = gstinLike('27');
    const hash = keyHash();
    const input = newAccount({ gstin, pan: 'AAPFU0939F', currency: 'USD', plan: 'pro', subscriptionExpiresAt: '2026-03-31 23:59:59' });
    const id = await repo.create(input, { hash, masked: 'inv_…abcd' });
    const expected = {
      id,
      businessName: input.businessName,
      businessEmail: input.businessEmail,
      currency: 'USD',
      gstin,
      pan: 'AAPFU0939F',
      address: null,
      stateCode: '27',
      phone: null,
      logoUrl: null,
      plan: 'pro',
      subscriptionExpiresAt: '2026-03-31 23:59:59',
      cancelAtPeriodEnd: false,
      suspended: false,
      deleted: false,
      apiKeyMasked: 'inv_…abcd',
      apiKeyCreatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) as string,
    };
    expect(await repo.findById(id)).toEqual(expected);
    expect(await repo.findByApiKeyHash(hash)).toEqual(expected);
    expect(await repo.findById(id + 100000)).toBeNull();
    expect(await repo.findByApiKeyHash(keyHash())).toBeNull();
    const plain = await repo.create(newAccount(), { hash: keyHash(), masked: 'inv_…0000' });
    expect(await repo.findById(plain)).toMatchObject({ gstin: null, stateCode: null, plan: 'free' });
  });

  it('rotating the key retires the old hash', async () => {
    const repo = repository();
    const [oldHash, newHash] = [keyHash(), keyHash()];
    const id = await repo.create(newAccount(), { hash: oldHash, masked: 'inv_…old1' });
    await repo.setApiKey(id, { hash: newHash, masked: 'inv_…new1' });
    expect(await repo.findByApiKeyHash(oldHash)).toBeNull();
    expect(await repo.findByApiKeyHash(newHash)).toMatchObject({ id, apiKeyMasked: 'inv_…new1' });
  });

  it('updates the profile, suspension and plan of one account only', async () => {
    const repo = repository();
    const id = await repo.create(newAccount(), { hash: keyHash(), masked: 'inv_…aaaa' });
    const bystander = await repo.create(newAccount(), { hash: keyHash(), masked: 'inv_…bbbb' });
    const before = await repo.findById(bystander);
    const profile = {
      businessName: 'Kulkarni & Sons',
      businessEmail: `kulkarni.${unique()}@example.com`,
      currency: 'INR',
      gstin: gstinLike('29'),
      pan: 'AAPFU0939F',
      address: '4 Residency Road, Bengaluru',
      stateCode: '29',
      phone: '9845012345',
      logoUrl: 'https://example.com/logo.png',
      timeZone: 'Europe/London',
    };
    await repo.updateProfile(id, profile);
    expect(await repo.findById(id)).toMatchObject(profile);
    await repo.setSuspended(id, true);
    expect((await repo.findById(id))!.suspended).toBe(true);
    await repo.setSuspended(id, false);
    expect((await repo.findById(id))!.suspended).toBe(false);
    await repo.setPlan(id, 'pro', '2027-01-01 00:00:00');
    expect(await repo.findById(id)).toMatchObject({ plan: 'pro', subscriptionExpiresAt: '2027-01-01 00:00:00' });
    await repo.setPlan(id, 'free', null);
    expect(await repo.findById(id)).toMatchObject({ plan: 'free', subscriptionExpiresAt: null });
    expect(await repo.findById(bystander)).toEqual(before);
  });

  it('finds other accounts by GSTIN or business email (both ignoring case), in id order', async () => {
    const repo = repository();
    const gstin = gstinLike('07');
    const email = `Shared.${unique()}@Example.com`;
    const self = await repo.create(newAccount({ gstin }), { hash: keyHash(), masked: 'm' });
    const byGstin = await repo.create(newAccount({ gstin }), { hash: keyHash(), masked: 'm' });
    const byEmail = await repo.create(newAccount({ businessEmail: email }), { hash: keyHash(), masked: 'm' });
    await repo.create(newAccount(), { hash: keyHash(), masked: 'm' });
    const found = await repo.findByGstinsOrEmails(self, [gstin], [email.toLowerCase()]);
    expect(found.map((a) => a.id)).toEqual([byGstin, byEmail]);
    expect(found[0]).toMatchObject({ gstin, plan: 'free', suspended: false, deleted: false, logoUrl: null, subscriptionExpiresAt: null });
    expect((await repo.findByGstinsOrEmails(self, [gstin.toLowerCase()], [])).map((a) => a.id)).toEqual([byGstin]);
    expect(await repo.findByGstinsOrEmails(self, [], [])).toEqual([]);
  });
}
