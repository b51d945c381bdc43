import { ActivityRecorder } from '../src/activity/activity-recorder';
import { DocumentOutputService } from '../src/document-output/document-output.service';
import { ShareLinks } from '../src/document-output/share-links';
import { Principal, apiKeyPrincipal } from '../src/shared/principal';
import { NotFound } from '../src/shared/domain-error';
import { DeliverSendout } from '../src/sendouts/deliver-sendout.use-case';
import { SendoutDocuments } from '../src/sendouts/sendout-documents';
import { SendoutsService } from '../src/sendouts/sendouts.service';
import { SweepSendouts } from '../src/sendouts/sweep-sendouts.use-case';
import { FakeClock } from './fake-clock';
import { DirectTransactionRunner, InMemoryAccountRepository, InMemoryActivityLog, TestSecretHasher, testAccount } from './fakes';
import { InMemoryClientRepository } from './in-memory-client.repository';
import { InMemorySendoutRepository } from './in-memory-sendout.repository';
import { FakeMailer, FakePdfRenderer, InMemoryBusinessSettings, InMemoryDocumentSource, NoShareLinks, RecordingSendoutQueue } from './sendout-fakes';

/** Everything the sendout use cases need, in memory, with two accounts (1 and 2) that each have a client. */
export function sendoutKit(options: { maxAttempts?: number } = {}) {
  const clock = new FakeClock('2025-08-10T06:00:00Z');
  const sendouts = new InMemorySendoutRepository();
  const queue = new RecordingSendoutQueue();
  const clients = new InMemoryClientRepository(clock);
  const documents = new InMemoryDocumentSource();
  const settings = new InMemoryBusinessSettings();
  const accounts = new InMemoryAccountRepository();
  const activity = new InMemoryActivityLog();
  const renderer = new FakePdfRenderer();
  const mailer = new FakeMailer();
  const secrets = new TestSecretHasher();
  const a = accounts.put(testAccount({ id: 1, businessName: 'Shree Ganesh Electricals', businessEmail: 'accounts@sge.example' }));
  const b = accounts.put(testAccount({ id: 2, businessName: 'Other Co' }));
  const service = new SendoutsService(
    sendouts,
    queue,
    new SendoutDocuments(clients, documents, documents),
    settings,
    new DirectTransactionRunner(),
    clock,
    new ActivityRecorder(activity, clock),
  );
  const output = new DocumentOutputService(documents, clients, accounts, settings, renderer, new ShareLinks(new NoShareLinks(), secrets, 'http://localhost'));
  const maxAttempts = options.maxAttempts ?? 3;
  /** The waits DeliverSendout asked for between tries of a final mark (none is really made). */
  const waits: number[] = [];
  // Statements are rendered from SQL: the e2e suites mail them; this kit has none.
  const statements = { pdf: () => Promise.reject(new NotFound('Client not found.')) };
  const deliver = new DeliverSendout(sendouts, accounts, { documents: output, statements }, mailer, secrets, clock, {
    mailFrom: 'Invoicing <no-reply@test>',
    maxAttempts,
    recording: { tx: new DirectTransactionRunner(), activity },
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  const sweep = new SweepSendouts(
    sendouts,
    queue,
    clock,
    { sweepAfterMs: 45_000, leaseMs: 600_000, maxAttempts, batchSize: 100 },
    { tx: new DirectTransactionRunner(), activity },
  );
  const callerOf = (account: typeof a, principal: Principal = apiKeyPrincipal(account.id)) => ({ principal, account });
  return { clock, sendouts, queue, clients, documents, settings, accounts, activity, renderer, mailer, service, deliver, sweep, waits, a, b, callerOf };
}

export async function addClient(kit: ReturnType<typeof sendoutKit>, accountId: number, email = 'client@example.com') {
  return kit.clients.insert(accountId, {
    name: 'Karnataka Traders',
    phone: '9876543210',
    countryCode: '+91',
    email,
    address: null,
    gstin: null,
    stateCode: '29',
  });
}
