import { ClientsService } from '@app/domain/clients/clients.service';
import { DEFAULT_PLAN_POLICY } from '@app/domain/accounts/plan';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { apiKeyPrincipal } from '@app/domain/shared/principal';
import { ResourceObjectSources } from '@app/domain/webhooks/resource-objects';
import { FakeClock } from '../../../domain/testing/fake-clock';
import { ImmediateTransactionRunner } from '../../../domain/testing/immediate-transaction-runner';
import { InMemoryAccountRepository } from '../../../domain/testing/in-memory-account.repository';
import { InMemoryActivityLog } from '../../../domain/testing/in-memory-activity-log';
import { InMemoryClientDependents, InMemoryClientRepository } from '../../../domain/testing/in-memory-client.repository';
import { InMemoryPaymentRepository } from '../../../domain/testing/in-memory-payments';
import { ApiResourceObjects } from './api-resource-objects';

describe('ApiResourceObjects', () => {
  const clock = new FakeClock('2025-06-01T10:00:00Z');
  const accounts = new InMemoryAccountRepository();
  const clients = new InMemoryClientRepository(clock);
  const sources = { accounts, clients, payments: new InMemoryPaymentRepository(clock) } as unknown as ResourceObjectSources;
  const objects = new ApiResourceObjects(sources, clock);

  it('names a record known only by its id with its id field as the API names it', () => {
    expect(objects.idObject('credit_note', 9)).toEqual({ credit_note_id: 9 });
    expect(objects.idObject('sendout', 4)).toEqual({ queue_id: 4 });
    expect(objects.idObject('proforma_invoice', 2)).toEqual({ proforma_invoice_id: 2 });
  });

  it('handles the resources the API presents and no other entity type', () => {
    for (const type of ['client', 'invoice', 'quotation', 'proforma_invoice', 'debit_note', 'credit_note', 'inventory', 'sendout', 'payment']) {
      expect(objects.handles(type)).toBe(true);
    }
    expect(objects.handles('session')).toBe(false);
    expect(objects.handles('toString')).toBe(false);
  });

  it("presents a client as GET /v1/clients/{id} answers it, and another account's record as null", async () => {
    const own = accounts.add({ businessEmail: 'me@own.example', plan: 'pro' });
    const other = accounts.add({ businessEmail: 'other@own.example', plan: 'pro' });
    const service = new ClientsService(
      clients,
      new InMemoryClientDependents(),
      accounts,
      new ImmediateTransactionRunner(),
      clock,
      DEFAULT_PLAN_POLICY,
      new ActivityRecorder(new InMemoryActivityLog(), clock),
    );
    const { client } = await service.create(
      { principal: apiKeyPrincipal(own.id), account: own },
      { name: 'Sharma Traders', phone: '9876543210', email: 'a@sharma.example' },
    );
    const id = client.client.id;
    expect(await objects.present(own.id, 'client', id)).toMatchObject({ client_id: id, name: 'Sharma Traders', phone: '9876543210', credit_balance: 0 });
    expect(await objects.present(other.id, 'client', id)).toBeNull();
    expect(await objects.present(own.id, 'session', id)).toBeNull();
  });
});
