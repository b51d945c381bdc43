import type { Page, PageRequest } from '../shared/pagination';
import type { Caller } from '../shared/caller';
import { ActivityRecorder } from '../activity/activity-recorder';
import { DocumentKind } from '../documents/document-kinds';
import { BusinessSettingsRepository } from '../settings/business-settings';
import { normalizePngBase64 } from '../settings/signature';
import { statementPeriod } from '../payments/client-statement';
import { Clock } from '../shared/clock.port';
import { kolkataDate } from '../shared/fiscal-year';
import { NotFound, SignatureRequired, ValidationFailed } from '../shared/domain-error';
import { isValidEmail } from '../shared/email';
import { TransactionRunner } from '../shared/transaction.port';
import { Sendout } from './sendout';
import { SendoutDocuments } from './sendout-documents';
import { SendoutQueue } from './sendout-queue.port';
import { SendoutRepository } from './sendout.repository.port';
import { checkSendoutInput, SendoutInput } from './sendout-rules';
import { pickLabel, sendoutTemplate, SendoutTemplate } from './sendout-template';

export interface QueuedSendout {
  queueId: number;
  /** False when the queue could not be reached: the row is committed and the sweeper enqueues it. */
  enqueued: boolean;
}

export const PICK_LIST_LIMIT = 200;

/**
 * The API side of sendouts: checks a request against the stored client, document and signature,
 * commits the queue row (the outbox), then offers it to the queue. Sending happens in the worker.
 */
export class SendoutsService {
  constructor(
    private readonly sendouts: SendoutRepository,
    private readonly queue: SendoutQueue,
    private readonly named: SendoutDocuments,
    private readonly settings: BusinessSettingsRepository,
    private readonly tx: TransactionRunner,
    private readonly clock: Clock,
    private readonly activity: ActivityRecorder,
  ) {}

  /**
   * Rules, in order: field rules (400, all at once); the client must be the account's (404); the
   * document must be the account's (404) and issued to that client (400 on document_id); a recipient
   * must exist (400 on to_email); the signature, an override if sent, else the stored one, must be PNG
   * (422 signature_required).
   */
  async create(caller: Caller, input: SendoutInput): Promise<QueuedSendout> {
    const accountId = caller.account.id;
    const req = checkSendoutInput(input);
    // A statement names the client and a period (resolved now, so the email holds the period asked for today).
    const period = req.period ? statementPeriod(req.period, kolkataDate(this.clock.now())) : null;
    const client =
      req.documentId === null
        ? await this.named.client(accountId, req.clientId)
        : (await this.named.clientAndDocument(accountId, req.documentType as DocumentKind, req.clientId, req.documentId)).client;
    const toEmail = req.toEmail ?? (client.email && isValidEmail(client.email) ? client.email : null);
    if (!toEmail) throw new ValidationFailed({ toEmail: 'is required: the client has no email address' });

    let signatureOverride: string | null = null;
    if (req.signatureOverride !== null) {
      signatureOverride = normalizePngBase64(req.signatureOverride);
      if (!signatureOverride) {
        throw new SignatureRequired('signature_override is not a PNG image (base64 or a data:image/png;base64 URL, at most 1 MB).', {
          signatureOverride: 'must be a PNG image in base64 or a data:image/png;base64 URL, at most 1 MB',
        });
      }
    } else if (!(await this.settings.get(accountId)).signaturePng) {
      throw new SignatureRequired('The business has no stored signature: store one in the business settings or send signature_override.');
    }

    const queueId = await this.tx.run(async () => {
      const id = await this.sendouts.insert(
        accountId,
        {
          clientId: req.clientId,
          documentType: req.documentType,
          documentId: req.documentId,
          toEmail,
          ccEmails: req.ccEmails,
          bccEmails: req.bccEmails,
          subject: req.subject,
          message: req.message,
          signatureOverride,
          period,
        },
        this.clock.now(),
      );
      await this.activity.created(caller.principal, 'sendout', id, req.subject.slice(0, 200), {
        after: { document_type: req.documentType, document_id: req.documentId, ...(period ? { period_from: period.from, period_to: period.to } : {}) },
      });
      return id;
    });
    // The row is committed: from here a queue failure only delays the email (the sweeper re-offers it).
    const enqueued = await this.queue.enqueue({ sendoutId: queueId, accountId }).then(
      () => true,
      () => false,
    );
    return { queueId, enqueued };
  }

  history(caller: Caller, page: PageRequest): Promise<Page<Sendout>> {
    return this.sendouts.history(caller.account.id, page);
  }

  /** A queued row is cancelled (never sent); any row leaves the history. */
  async delete(caller: Caller, id: number): Promise<void> {
    await this.tx.run(async () => {
      if (!(await this.sendouts.delete(caller.account.id, id, this.clock.now()))) throw NotFound.of('Sendout', id);
      await this.activity.deleted(caller.principal, 'sendout', id, null);
    });
  }

  /** Subject and message prefilled from the document, the client and the business. */
  async template(caller: Caller, kind: DocumentKind, clientId: number, documentId: number): Promise<SendoutTemplate> {
    const { client, doc } = await this.named.clientAndDocument(caller.account.id, kind, clientId, documentId);
    return sendoutTemplate(doc, client, caller.account);
  }

  /** The client's documents of one kind, newest first, labelled with number, date and amount. */
  async documentChoices(caller: Caller, kind: DocumentKind, clientId: number): Promise<Array<{ documentId: number; label: string }>> {
    const picks = await this.named.choices(caller.account.id, kind, clientId, PICK_LIST_LIMIT);
    return picks.map((p) => ({ documentId: p.id, label: pickLabel(p) }));
  }
}
