import { ActivityEvent } from '../activity/activity-log.port';
import { PermanentMailError } from './mailer.port';
import { SIGNATURE_CID } from './sendout-mail';
import { TINY_PNG } from '../../testing/sendout-fakes';
import { addClient, sendoutKit } from '../../testing/sendout-test-kit';

async function queued(maxAttempts = 3, override?: string) {
  const kit = sendoutKit({ maxAttempts });
  const clientId = await addClient(kit, 1);
  const doc = kit.documents.add(1, 'invoice', clientId, { number: 'INV/25-26/0007' });
  kit.settings.setSignature(1, TINY_PNG);
  const { queueId } = await kit.service.create(kit.callerOf(kit.a), {
    clientId: clientId,
    documentType: 'invoice',
    documentId: doc.id,
    subject: 'Invoice INV/25-26/0007',
    message: 'Dear client,\n\nPlease <pay>.',
    ccEmails: 'cc@example.com',
    bccEmails: 'bcc@example.com',
    signatureOverride: override,
  });
  return { kit, queueId, job: { sendoutId: queueId, accountId: 1 } };
}

/** Makes the activity log refuse the events `refused` picks, as the database refuses a value too long for its column. */
function refuseEvents(kit: ReturnType<typeof sendoutKit>, refused: (event: ActivityEvent) => boolean): void {
  const append = kit.activity.append.bind(kit.activity);
  jest.spyOn(kit.activity, 'append').mockImplementation((event) => {
    if (event.entityType === 'sendout' && refused(event)) return Promise.reject(new Error("Data too long for column 'label' at row 1"));
    return append(event);
  });
}

describe('DeliverSendout', () => {
  it('sends one email with the PDF attached and the signature inline, then marks the row sent', async () => {
    const { kit, queueId, job } = await queued();
    const result = await kit.deliver.execute(job);
    expect(result).toMatchObject({ outcome: 'sent', attempts: 1 });
    expect(kit.mailer.sent).toHaveLength(1);
    const mail = kit.mailer.sent[0];
    expect(mail).toMatchObject({
      to: ['client@example.com'],
      cc: ['cc@example.com'],
      bcc: ['bcc@example.com'],
      subject: 'Invoice INV/25-26/0007',
      from: 'Invoicing <no-reply@test>',
      replyTo: 'accounts@sge.example',
    });
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.cid])).toEqual([
      ['INV-25-26-0007.pdf', 'application/pdf', undefined],
      ['signature.png', 'image/png', SIGNATURE_CID],
    ]);
    expect(mail.html).toContain(`src="cid:${SIGNATURE_CID}"`);
    expect(mail.html).toContain('Please &lt;pay&gt;.');
    expect(mail.text).toContain('Please <pay>.');
    expect(kit.renderer.views[0].signaturePngBase64).toBe(TINY_PNG);
    expect(kit.sendouts.row(queueId)).toMatchObject({
      status: 'sent',
      attempts: 1,
      sentAt: '2025-08-10 06:00:00',
      messageId: '<fake-1@test>',
      lastError: null,
    });
  });

  it('a job run twice sends once (the claim guard)', async () => {
    const { kit, job } = await queued();
    const [one, two] = await Promise.all([kit.deliver.execute(job), kit.deliver.execute(job)]);
    expect([one.outcome, two.outcome].sort()).toEqual(['sent', 'skipped']);
    expect(await kit.deliver.execute(job)).toEqual({ outcome: 'skipped' });
    expect(kit.mailer.sent).toHaveLength(1);
  });

  it('a job of another account finds nothing to claim', async () => {
    const { kit, queueId } = await queued();
    expect(await kit.deliver.execute({ sendoutId: queueId, accountId: 2 })).toEqual({ outcome: 'skipped' });
    expect(kit.mailer.sent).toHaveLength(0);
  });

  it('transient failures go back to queued until the attempts are used up', async () => {
    const { kit, queueId, job } = await queued(3);
    kit.mailer.script = [new Error('421 try again later'), new Error('connect ECONNREFUSED')];
    expect(await kit.deliver.execute(job)).toMatchObject({ outcome: 'retry', attempts: 1, error: '421 try again later' });
    expect(kit.sendouts.row(queueId)).toMatchObject({ status: 'queued', attempts: 1, lastError: '421 try again later' });
    expect(await kit.deliver.execute(job)).toMatchObject({ outcome: 'retry', attempts: 2 });
    expect(await kit.deliver.execute(job)).toMatchObject({ outcome: 'sent', attempts: 3 });
    expect(kit.sendouts.row(queueId)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(kit.mailer.sent).toHaveLength(1);
  });

  it('the last attempt turns a transient failure into failed', async () => {
    const { kit, queueId, job } = await queued(2);
    kit.mailer.script = [new Error('timeout'), new Error('timeout again')];
    await kit.deliver.execute(job);
    expect(await kit.deliver.execute(job)).toMatchObject({ outcome: 'failed', attempts: 2, error: 'timeout again' });
    expect(kit.sendouts.row(queueId)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'timeout again' });
    expect(await kit.deliver.execute(job)).toEqual({ outcome: 'skipped' });
  });

  it('a permanent SMTP rejection fails at once', async () => {
    const { kit, queueId, job } = await queued(5);
    kit.mailer.script = [new PermanentMailError('550 mailbox unavailable', 550)];
    expect(await kit.deliver.execute(job)).toMatchObject({ outcome: 'failed', attempts: 1 });
    expect(kit.sendouts.row(queueId)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'PermanentMailError: 550 mailbox unavailable' });
  });

  it('records the final outcome (sent, failed) as a system activity event of the row; a retry records nothing', async () => {
    const sent = await queued();
    await sent.kit.deliver.execute(sent.job);
    expect(sent.kit.activity.of('sendout', sent.queueId).map((e) => [e.action, e.actorKind, e.after?.status])).toEqual([
      ['created', 'api_key', undefined],
      ['sent', 'system', 'sent'],
    ]);
    const failed = await queued(2);
    failed.kit.mailer.script = [new Error('421 try later'), new Error('421 try later')];
    expect((await failed.kit.deliver.execute(failed.job)).outcome).toBe('retry');
    expect(failed.kit.activity.of('sendout', failed.queueId).map((e) => e.action)).toEqual(['created']);
    expect((await failed.kit.deliver.execute(failed.job)).outcome).toBe('failed');
    expect(failed.kit.activity.of('sendout', failed.queueId).map((e) => [e.action, e.after?.last_error])).toEqual([
      ['created', undefined],
      ['failed', '421 try later'],
    ]);
  });

  it('a render failure is transient', async () => {
    const { kit, queueId, job } = await queued();
    kit.renderer.failWith = new Error('browser crashed');
    expect((await kit.deliver.execute(job)).outcome).toBe('retry');
    kit.renderer.failWith = null;
    expect((await kit.deliver.execute(job)).outcome).toBe('sent');
    expect(kit.sendouts.row(queueId).attempts).toBe(2);
  });

  it('a document deleted meanwhile or a suspended account fails at once', async () => {
    const { kit, queueId, job } = await queued();
    kit.documents.docs.length = 0;
    expect(await kit.deliver.execute(job)).toMatchObject({ outcome: 'failed', error: 'The document no longer exists.' });
    const second = await queued();
    await second.kit.accounts.setSuspended(1, true);
    expect(await second.kit.deliver.execute(second.job)).toMatchObject({ outcome: 'failed', error: 'The account is suspended.' });
    expect(kit.sendouts.row(queueId).status).toBe('failed');
  });

  it('the override signature is printed and shown instead of the stored one', async () => {
    const override = `data:image/png;base64,${TINY_PNG}`;
    const { kit, job } = await queued(3, override);
    kit.settings.setSignature(1, null); // removed after the POST: the override still applies
    expect((await kit.deliver.execute(job)).outcome).toBe('sent');
    expect(kit.renderer.views[0].signaturePngBase64).toBe(TINY_PNG);
  });

  it('a signature removed after the POST (no override) fails the row', async () => {
    const { kit, job } = await queued();
    kit.settings.setSignature(1, null);
    expect(await kit.deliver.execute(job)).toMatchObject({ outcome: 'failed', error: expect.stringContaining('signature_required') });
  });
});

describe('DeliverSendout: the bookkeeping after a send', () => {
  it('an outcome event that cannot be written leaves the email sent, not in sending: no lease sends it again', async () => {
    const { kit, queueId, job } = await queued(3);
    refuseEvents(kit, (e) => e.action === 'sent');
    expect(await kit.deliver.execute(job)).toMatchObject({ outcome: 'sent', attempts: 1, unrecorded: "Data too long for column 'label' at row 1" });
    expect(kit.sendouts.row(queueId)).toMatchObject({ status: 'sent', messageId: '<fake-1@test>' });
    kit.clock.advance(601); // past the lease
    await kit.sweep.execute();
    for (const again of kit.queue.take()) await kit.deliver.execute(again);
    expect(await kit.deliver.execute(job)).toEqual({ outcome: 'skipped' });
    expect(kit.mailer.sent).toHaveLength(1);
    expect(kit.sendouts.row(queueId).status).toBe('sent');
  });

  it('the same for a final failure: the row is failed without its event', async () => {
    const { kit, queueId, job } = await queued(3);
    refuseEvents(kit, (e) => e.action === 'failed');
    kit.mailer.script = [new PermanentMailError('550 mailbox unavailable', 550)];
    expect(await kit.deliver.execute(job)).toMatchObject({ outcome: 'failed', attempts: 1, unrecorded: expect.stringContaining('Data too long') });
    expect(kit.sendouts.row(queueId).status).toBe('failed');
  });

  it('a mark the database refuses is tried again after a wait, until it takes', async () => {
    const { kit, queueId, job } = await queued(3);
    const markSent = kit.sendouts.markSent.bind(kit.sendouts);
    let refusals = 2; // the mark with its event, then the first mark alone
    jest.spyOn(kit.sendouts, 'markSent').mockImplementation((...args) => {
      if (refusals-- > 0) return Promise.reject(new Error('Connection lost: The server closed the connection.'));
      return markSent(...args);
    });
    expect(await kit.deliver.execute(job)).toMatchObject({ outcome: 'sent', unrecorded: 'Connection lost: The server closed the connection.' });
    expect(kit.waits).toEqual([500]);
    expect(kit.sendouts.row(queueId).status).toBe('sent');
    expect(kit.mailer.sent).toHaveLength(1);
  });

  it('a mark that never takes gives up after the last wait (the row is left to its lease)', async () => {
    const { kit, job } = await queued(3);
    jest.spyOn(kit.sendouts, 'markSent').mockRejectedValue(new Error('connect ECONNREFUSED'));
    await expect(kit.deliver.execute(job)).rejects.toThrow('ECONNREFUSED');
    expect(kit.waits).toEqual([500, 1000, 2000, 4000, 8000]);
  });
});

describe('SweepSendouts', () => {
  it('re-offers queued rows older than the threshold; offering a held job is a no-op', async () => {
    const { kit, job } = await queued();
    kit.queue.take(); // the POST's job is lost (Redis restarted)
    expect(await kit.sweep.execute()).toEqual({ recovered: 0, enqueued: 0, queueDown: false, isolated: [] });
    kit.clock.advance(46);
    expect(await kit.sweep.execute()).toEqual({ recovered: 0, enqueued: 1, queueDown: false, isolated: [] });
    await kit.sweep.execute();
    expect(kit.queue.jobs).toEqual([job]);
  });

  it('stops at the first queue failure and tries again next time', async () => {
    const { kit } = await queued();
    kit.queue.take();
    kit.queue.down = true;
    kit.clock.advance(60);
    expect(await kit.sweep.execute()).toEqual({ recovered: 0, enqueued: 0, queueDown: true, isolated: [] });
  });

  it('recovers rows whose worker died while sending', async () => {
    const { kit, queueId, job } = await queued(3);
    await kit.sendouts.claim(1, queueId, 'dead-worker', kit.clock.now());
    kit.clock.advance(601);
    expect(await kit.sweep.execute()).toMatchObject({ recovered: 1 });
    expect(kit.sendouts.row(queueId)).toMatchObject({ status: 'queued', attempts: 1 });
    // The dead worker's token no longer holds the row.
    await kit.sendouts.markSent(1, queueId, 'dead-worker', 'x', kit.clock.now());
    expect(kit.sendouts.row(queueId).status).toBe('queued');
    expect((await kit.deliver.execute(job)).outcome).toBe('sent');
  });

  it('a row whose last attempt died with its worker fails in the sweep, with its failed outcome event', async () => {
    const { kit, queueId } = await queued(1);
    await kit.sendouts.claim(1, queueId, 'dead-worker', kit.clock.now());
    kit.clock.advance(601);
    expect(await kit.sweep.execute()).toMatchObject({ recovered: 1 });
    expect(kit.sendouts.row(queueId)).toMatchObject({ status: 'failed', lastError: 'The worker stopped during delivery.' });
    expect(kit.activity.of('sendout', queueId).map((e) => [e.action, e.actorKind, e.after?.last_error])).toEqual([
      ['created', 'api_key', undefined],
      ['failed', 'system', 'The worker stopped during delivery.'],
    ]);
    expect(await kit.sweep.execute()).toMatchObject({ recovered: 0 });
    expect(kit.activity.of('sendout', queueId)).toHaveLength(2);
  });

  it('a row whose outcome event cannot be written fails alone: the rows of other accounts are failed, recovered and offered', async () => {
    const { kit, queueId: poisoned } = await queued(1);
    const clientB = await addClient(kit, 2, 'b@example.com');
    const docB = kit.documents.add(2, 'invoice', clientB, { number: 'INV/25-26/0001' });
    kit.settings.setSignature(2, TINY_PNG);
    const post = async (subject: string) =>
      (await kit.service.create(kit.callerOf(kit.b), { clientId: clientB, documentType: 'invoice', documentId: docB.id, subject, message: 'Hello' })).queueId;
    const spent = await post('spent');
    const lost = await post('lost');
    await kit.sendouts.claim(1, poisoned, 'dead-worker', kit.clock.now());
    await kit.sendouts.claim(2, spent, 'dead-worker', kit.clock.now());
    kit.queue.take(); // Redis lost every job
    refuseEvents(kit, (e) => e.entityId === poisoned && e.action === 'failed');
    kit.clock.advance(601);
    const result = await kit.sweep.execute();
    expect(result).toEqual({
      recovered: expect.any(Number), // 2 on a database, where the refused transaction is rolled back
      enqueued: 1,
      queueDown: false,
      isolated: [{ sendoutId: poisoned, accountId: 1, error: "Data too long for column 'label' at row 1" }],
    });
    expect(kit.sendouts.row(poisoned)).toMatchObject({ status: 'failed', lastError: 'The worker stopped during delivery.' });
    expect(kit.sendouts.row(spent).status).toBe('failed');
    expect(kit.activity.of('sendout', spent).map((e) => e.action)).toEqual(['created', 'failed']);
    expect(kit.queue.jobs).toEqual([{ sendoutId: lost, accountId: 2 }]);
    // The next sweep finds nothing of it any more.
    expect(await kit.sweep.execute()).toMatchObject({ recovered: 0, isolated: [] });
  });
});
