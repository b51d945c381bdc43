import { businessSettingsContract } from '../../testing/business-settings.contract';
import { InMemoryBusinessSettings } from '../../testing/sendout-fakes';

/** The BusinessSettingsRepository contract on the in-memory fake (test/repository-contracts.e2e-spec.ts runs it on MariaDB). */
describe('BusinessSettingsRepository contract: in-memory fake', () => {
  const repo = new InMemoryBusinessSettings();
  let accounts = 0;
  businessSettingsContract(() => ({ repo: () => repo, newAccount: async () => ++accounts }));
});
