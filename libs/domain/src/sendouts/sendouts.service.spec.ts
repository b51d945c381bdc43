import { NotFound, SignatureRequired, ValidationFailed } from '../shared/domain-error';
import { TINY_PNG } from '../../testing/sendout-fakes';
import { addClient, sendoutKit } from '../../testing/sendout-test-kit';

async function setup() {
  const kit = sendoutKit();
  const clientId = await addClient(kit, 1);
  const otherClient = await addClient(kit, 1, 'other@example.com');
  const doc = kit.documents.add(1, 'invoice', clientId, { number: 'INV/25-26/0001' });
  kit.settings.setSignature(1, TINY_PNG);
  const caller = kit.callerOf(kit.a);
  const body = { clientId: clientId, documentType: 'invoice', documentId: doc.id, subject: 'Your invoice', message: 'Please pay.' };
  return { kit, clientId, otherClient, doc, caller, body };
}

describe('SendoutsService.create', () => {
  it('commits a queued row addressed to the client, then enqueues it by row id', async () => {
    const { kit, caller, body, clientId } = await setup();
    const res = await kit.service.create(caller, { ...body, ccEmails: 'cc@example.com', bccEmails: 'audit@example.com' });
    expect(res.enqueued).toBe(true);
    const row = kit.sendouts.row(res.queueId);
    expect(row).toMatchObject({
      accountId: 1,
      clientId,
      toEmail: 'client@example.com',
      ccEmails: ['cc@example.com'],
      bccEmails: ['audit@example.com'],
      status: 'queued',
      attempts: 0,
      signatureOverride: null,
    });
    expect(kit.queue.jobs).toEqual([{ sendoutId: res.queueId, accountId: 1 }]);
    expect(kit.activity.events.map((e) => [e.action, e.entityType])).toEqual([['created', 'sendout']]);
  });

  it('an explicit to_email wins over the client email', async () => {
    const { kit, caller, body } = await setup();
    const res = await kit.service.create(caller, { ...body, toEmail: 'ap@example.com' });
    expect(kit.sendouts.row(res.queueId).toEmail).toBe('ap@example.com');
  });

  it('still answers (row committed, not enqueued) when the queue is down', async () => {
    const { kit, caller, body } = await setup();
    kit.queue.down = true;
    const res = await kit.service.create(caller, body);
    expect(res.enqueued).toBe(false);
    expect(kit.sendouts.row(res.queueId).status).toBe('queued');
  });

  it('client of another account or unknown: 404', async () => {
    const { kit, body } = await setup();
    const bClient = await addClient(kit, 2);
    await expect(kit.service.create(kit.callerOf(kit.b), { ...body, clientId: bClient })).rejects.toBeInstanceOf(NotFound);
    await expect(kit.service.create(kit.callerOf(kit.a), { ...body, clientId: 999 })).rejects.toMatchObject({
      code: 'not_found',
      details: { client_id: 999 },
    });
  });

  it('document of another account, of another kind or unknown: 404', async () => {
    const { kit, caller, body, clientId } = await setup();
    const bClient = await addClient(kit, 2);
    const theirs = kit.documents.add(2, 'invoice', bClient);
    await expect(kit.service.create(caller, { ...body, documentId: theirs.id })).rejects.toBeInstanceOf(NotFound);
    await expect(kit.service.create(caller, { ...body, documentType: 'quotation' })).rejects.toBeInstanceOf(NotFound);
    // B cannot send A's document even naming A's ids.
    await expect(kit.service.create(kit.callerOf(kit.b), { ...body, clientId: clientId })).rejects.toBeInstanceOf(NotFound);
    expect(kit.sendouts.rows.size).toBe(0);
  });

  it('document of another client of the same account: 400 on document_id', async () => {
    const { kit, caller, body, otherClient } = await setup();
    await expect(kit.service.create(caller, { ...body, clientId: otherClient })).rejects.toMatchObject({
      code: 'validation_error',
      details: { document_id: 'belongs to another client' },
    });
  });

  it('needs a recipient: to_email or a client email', async () => {
    const { kit, caller, body, clientId } = await setup();
    kit.clients.patch(clientId, { email: '' });
    await expect(kit.service.create(caller, body)).rejects.toMatchObject({ code: 'validation_error', details: { toEmail: expect.any(String) } });
    const res = await kit.service.create(caller, { ...body, toEmail: 'someone@example.com' });
    expect(kit.sendouts.row(res.queueId).toEmail).toBe('someone@example.com');
  });

  it('field rules come first, all at once', async () => {
    const { kit, caller } = await setup();
    await expect(kit.service.create(caller, { subject: 'x'.repeat(501) })).rejects.toBeInstanceOf(ValidationFailed);
  });

  it('no stored signature and no override: signature_required', async () => {
    const { kit, caller, body } = await setup();
    kit.settings.setSignature(1, null);
    await expect(kit.service.create(caller, body)).rejects.toBeInstanceOf(SignatureRequired);
    expect(kit.sendouts.rows.size).toBe(0);
  });

  it('an override that decodes to PNG is stored in canonical base64 (raw or data URL)', async () => {
    const { kit, caller, body } = await setup();
    kit.settings.setSignature(1, null);
    const raw = await kit.service.create(caller, { ...body, signatureOverride: TINY_PNG });
    const url = await kit.service.create(caller, { ...body, signatureOverride: `data:image/png;base64,${TINY_PNG}` });
    expect(kit.sendouts.row(raw.queueId).signatureOverride).toBe(TINY_PNG);
    expect(kit.sendouts.row(url.queueId).signatureOverride).toBe(TINY_PNG);
  });

  it('an override that is not PNG is signature_required, even with a stored signature', async () => {
    const { kit, caller, body } = await setup();
    for (const bad of ['aGVsbG8=', 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==', '%%%']) {
      await expect(kit.service.create(caller, { ...body, signatureOverride: bad })).rejects.toMatchObject({
        code: 'signature_required',
        details: { signatureOverride: expect.any(String) },
      });
    }
  });
});

describe('SendoutsService history, delete, template, documents', () => {
  it('history is newest first, limited, scoped by account', async () => {
    const { kit, caller, body } = await setup();
    const first = await kit.service.create(caller, body);
    kit.clock.advance(5);
    const second = await kit.service.create(caller, body);
    expect((await kit.service.history(caller, { limit: 50, offset: 0 }).then((p) => p.rows)).map((r) => r.id)).toEqual([second.queueId, first.queueId]);
    expect(await kit.service.history(caller, { limit: 1, offset: 0 }).then((p) => p.rows)).toHaveLength(1);
    expect(await kit.service.history(kit.callerOf(kit.b), { limit: 50, offset: 0 }).then((p) => p.rows)).toEqual([]);
  });

  it('delete cancels a queued row (never claimable) and hides it; other accounts get 404', async () => {
    const { kit, caller, body } = await setup();
    const { queueId } = await kit.service.create(caller, body);
    await expect(kit.service.delete(kit.callerOf(kit.b), queueId)).rejects.toBeInstanceOf(NotFound);
    await kit.service.delete(caller, queueId);
    expect(kit.sendouts.row(queueId).status).toBe('cancelled');
    expect(await kit.service.history(caller, { limit: 50, offset: 0 }).then((p) => p.rows)).toEqual([]);
    expect(await kit.deliver.execute({ sendoutId: queueId, accountId: 1 })).toEqual({ outcome: 'skipped' });
    expect(kit.mailer.sent).toHaveLength(0);
    await expect(kit.service.delete(caller, queueId)).rejects.toBeInstanceOf(NotFound);
  });

  it('delete of a sent row only removes it from the history', async () => {
    const { kit, caller, body } = await setup();
    const { queueId } = await kit.service.create(caller, body);
    await kit.deliver.execute({ sendoutId: queueId, accountId: 1 });
    await kit.service.delete(caller, queueId);
    expect(kit.sendouts.row(queueId).status).toBe('sent');
    expect(await kit.service.history(caller, { limit: 50, offset: 0 }).then((p) => p.rows)).toEqual([]);
  });

  it('template checks ownership like create and fills from the document', async () => {
    const { kit, caller, clientId, otherClient, doc } = await setup();
    const t = await kit.service.template(caller, 'invoice', clientId, doc.id);
    expect(t.subject).toBe('Invoice INV/25-26/0001 from Shree Ganesh Electricals');
    await expect(kit.service.template(caller, 'invoice', otherClient, doc.id)).rejects.toBeInstanceOf(ValidationFailed);
    await expect(kit.service.template(kit.callerOf(kit.b), 'invoice', clientId, doc.id)).rejects.toBeInstanceOf(NotFound);
  });

  it("documents lists the client's documents of the kind, newest first", async () => {
    const { kit, caller, clientId, otherClient, doc } = await setup();
    const newer = kit.documents.add(1, 'invoice', clientId, { number: 'INV/25-26/0002', date: '2025-09-01', totalAmount: '100' });
    kit.documents.add(1, 'invoice', otherClient);
    kit.documents.add(1, 'quotation', clientId);
    expect(await kit.service.documentChoices(caller, 'invoice', clientId)).toEqual([
      { documentId: newer.id, label: 'INV/25-26/0002 · 01-09-2025 · ₹100.00' },
      { documentId: doc.id, label: 'INV/25-26/0001 · 05-08-2025 · ₹12,390.00' },
    ]);
    await expect(kit.service.documentChoices(kit.callerOf(kit.b), 'invoice', clientId)).rejects.toBeInstanceOf(NotFound);
  });
});
