import Decimal from 'decimal.js';
import { Account } from '../shared/account';
import { ClientRepository } from '../clients/client.repository.port';
import { DocumentSource } from '../document-output/document-source.port';
import { SourceDocument } from '../document-output/source-document';
import { invoiceInRupees } from '../einvoice/irp-rupees';
import { Clock } from '../shared/clock.port';
import { Conflict, DomainError, NotFound, ValidationFailed } from '../shared/domain-error';
import { formatTimestamp } from '../shared/fiscal-year';
import { toDecimal } from '../shared/money';
import { buildConsignment, Consignment, consignmentValue, isExportInvoice, nicDate } from './consignment';
import { addressLines, bulkBill, BulkEwayBill, BULK_VERSION, NicExtension, nicGenerateRequest, TRANSPORT_MODE_CODES } from './eway-bill-payload';
import {
  cancellableUntil,
  daysSinceDate,
  extensionWindow,
  istInstant,
  istTimestamp,
  latestValidity,
  MAX_DOCUMENT_AGE_DAYS,
  SAME_PIN_MAX_KM,
  validityDays,
  validUntil,
} from './eway-bill-validity';
import {
  CANCEL_REASONS,
  EwayBill,
  EwayBillCancelReason,
  EwayBillRegistry,
  EwayBillRejected,
  EwayBills,
  EwayBillSchemaValidator,
  EXTENSION_REASONS,
  ExtensionReason,
} from './eway-bill.port';
import { ExitPoint, ExitPointInput, exitPointOf } from './exit-point';
import { ExtensionInput, extensionOf, PartB, partBComplete, PartBInput, partBOf } from './part-b';

/** Reason codes of the portal's masters (cancellation codes: the adapter). */
const EXTENSION_CODES: Readonly<Record<ExtensionReason, number>> = { natural_calamity: 1, law_and_order: 2, transshipment: 4, accident: 5, other: 99 };
const TRANSIT_CODES = { road: 'R', warehouse: 'W', other: 'O' } as const;
/** The portal's transport mode code of goods waiting in transit (an extension). */
const IN_TRANSIT_MODE = '5';

export interface EwayBillSettings {
  /** Consignment value (rupees) a bill is for: above it (EWAY_BILL_THRESHOLD; rule 138(1): 50,000). */
  threshold: string;
  validator: EwayBillSchemaValidator;
  /** Where a validity the portal answers that differs from the rule's is reported. */
  warn?: (message: string) => void;
}

const rupees = (v: Decimal | string) => `₹${toDecimal(v).toFixed(2)}`;

/** e-way bills of the account's invoices through the NIC e-way bill system, and the offline tool's bulk file. */
export class EwayBillService {
  constructor(
    private readonly source: DocumentSource,
    private readonly clients: ClientRepository,
    private readonly registry: EwayBillRegistry,
    private readonly bills: EwayBills,
    private readonly clock: Clock,
    private readonly settings: EwayBillSettings,
  ) {}

  /**
   * Generates the bill of an invoice with its Part B and stores the number and validity. Refused (400) before the
   * portal is asked when the invoice cannot have one: not issued, no goods, a consignment value not above the
   * threshold, older than 180 days, Part B incomplete; 409 when it has an active bill.
   */
  async generate(account: Account, invoiceId: number, input: PartBInput & ExitPointInput): Promise<EwayBill> {
    const doc = await this.invoice(account, invoiceId);
    const existing = await this.bills.find(account.id, invoiceId);
    if (existing?.status === 'active') {
      throw new Conflict(`The invoice has e-way bill ${existing.ewbNo}; the portal makes one bill per document. Cancel it first.`, {
        ewb_no: existing.ewbNo,
      });
    }
    const partB = partBOf(input, { date: doc.date, lrNumber: doc.lrNumber, transportDetails: doc.transportDetails });
    const consignment = await this.consignment(account, doc, exitPointOf(input, isExportInvoice(doc)));
    this.assertDistanceFits(consignment, partB);
    const now = this.clock.now();
    let answer;
    try {
      answer = await this.registry.generate(account.gstin as string, nicGenerateRequest(consignment, partB));
    } catch (e) {
      if (e instanceof EwayBillRejected) throw portalRefusal(e);
      throw e;
    }
    const days = partBComplete(partB) ? validityDays(partB.distanceKm, partB.cargo) : null;
    const valid = days === null ? null : validUntil(istInstant(answer.ewbDate), days);
    this.compareValidity(answer.ewbNo, valid, answer.validUpto);
    await this.bills.save(account.id, {
      ...partB,
      invoiceId,
      ewbNo: answer.ewbNo,
      ewbDate: answer.ewbDate,
      validUntil: valid,
      validityDays: days,
      createdAt: formatTimestamp(now),
    });
    return (await this.bills.find(account.id, invoiceId)) as EwayBill;
  }

  /** Cancels the active bill within 24 hours of its generation (rule 138(9)); later: 400 saying until when. */
  async cancel(account: Account, invoiceId: number, reason: unknown, remark: unknown): Promise<EwayBill> {
    if (typeof reason !== 'string' || !(CANCEL_REASONS as readonly string[]).includes(reason)) {
      throw ValidationFailed.field('reason', `must be one of ${CANCEL_REASONS.join(', ')}`);
    }
    if (remark !== undefined && remark !== null && (typeof remark !== 'string' || remark.trim().length === 0 || remark.length > 50)) {
      throw ValidationFailed.field('remark', 'must be a string of 1 to 50 characters');
    }
    await this.invoice(account, invoiceId);
    const bill = await this.activeBill(account, invoiceId);
    const deadline = cancellableUntil(bill.ewbDate);
    if (this.clock.now().getTime() > deadline.getTime()) {
      throw ValidationFailed.field(
        'ewbNo',
        `e-way bill ${bill.ewbNo} was generated at ${bill.ewbDate} (IST); it could be cancelled only within 24 hours, until ${istTimestamp(deadline)} (IST) (rule 138(9)).`,
      );
    }
    const text = (typeof remark === 'string' && remark.trim()) || reason.replace(/_/g, ' ');
    try {
      await this.registry.cancel(account.gstin as string, bill.ewbNo, reason as EwayBillCancelReason, text);
    } catch (e) {
      if (e instanceof EwayBillRejected) throw portalRefusal(e);
      throw e;
    }
    await this.bills.markCancelled(account.id, invoiceId, formatTimestamp(this.clock.now()), text);
    return (await this.bills.find(account.id, invoiceId)) as EwayBill;
  }

  /**
   * Extends the validity of the active bill (rule 138(10), proviso): only from 8 hours before to 8 hours after it ends,
   * counted anew from now for the distance left, and to at most 360 days after generation in all.
   */
  async extend(account: Account, invoiceId: number, input: ExtensionInput): Promise<EwayBill> {
    const reason = input.reason;
    if (typeof reason !== 'string' || !(EXTENSION_REASONS as readonly string[]).includes(reason)) {
      throw ValidationFailed.field('reason', `must be one of ${EXTENSION_REASONS.join(', ')}`);
    }
    const doc = await this.invoice(account, invoiceId);
    const bill = await this.activeBill(account, invoiceId);
    if (!bill.validUntil)
      throw ValidationFailed.field('ewbNo', `e-way bill ${bill.ewbNo} has no Part B (vehicle) yet, so no validity to extend (portal code 381)`);
    const now = this.clock.now();
    const window = extensionWindow(bill.validUntil);
    if (now.getTime() < window.opens.getTime() || now.getTime() > window.closes.getTime()) {
      throw ValidationFailed.field(
        'validUntil',
        `e-way bill ${bill.ewbNo} is valid until ${bill.validUntil} (IST); it can be extended only from 8 hours before to 8 hours after that, from ${istTimestamp(window.opens)} to ${istTimestamp(window.closes)} (IST)`,
      );
    }
    const ext = extensionOf(input, bill, doc.date);
    const days = validityDays(ext.remainingDistanceKm, bill.cargo);
    const valid = validUntil(now, days);
    const latest = latestValidity(bill.ewbDate);
    if (valid > latest) {
      throw ValidationFailed.field(
        'remainingDistanceKm',
        `the validity would run to ${valid}; a bill can be valid at most 360 days after its generation in all, until ${latest} (portal code 821)`,
      );
    }
    const request: NicExtension = {
      ewbNo: Number(bill.ewbNo),
      vehicleNo: ext.status === 'in_movement' ? (ext.vehicleNumber ?? '') : '',
      fromPlace: ext.place,
      fromState: Number(ext.stateCode),
      fromPincode: ext.pincode,
      remainingDistance: ext.remainingDistanceKm,
      transDocNo: ext.status === 'in_movement' ? (ext.transportDocNo ?? '') : '',
      transDocDate: ext.status === 'in_movement' && ext.transportDocDate ? nicDate(ext.transportDocDate) : '',
      transMode: ext.status === 'in_transit' ? IN_TRANSIT_MODE : String(TRANSPORT_MODE_CODES[ext.transportMode]),
      extnRsnCode: EXTENSION_CODES[reason as ExtensionReason],
      extnRemarks: ext.remark ?? reason.replace(/_/g, ' '),
      consignmentStatus: ext.status === 'in_transit' ? 'T' : 'M',
      transitType: ext.transitType ? TRANSIT_CODES[ext.transitType] : '',
      ...addressLines(ext.transitAddress),
    };
    let answer;
    try {
      answer = await this.registry.extend(account.gstin as string, request);
    } catch (e) {
      if (e instanceof EwayBillRejected) throw portalRefusal(e);
      throw e;
    }
    this.compareValidity(bill.ewbNo, valid, answer.validUpto);
    await this.bills.markExtended(account.id, invoiceId, {
      validUntil: valid,
      validityDays: days,
      transportMode: ext.transportMode,
      vehicleNumber: ext.status === 'in_movement' ? ext.vehicleNumber : bill.vehicleNumber,
      transportDocNo: ext.transportDocNo,
      transportDocDate: ext.transportDocDate,
    });
    return (await this.bills.find(account.id, invoiceId)) as EwayBill;
  }

  /**
   * The offline tool's bulk file of the invoices `ids` (checked as for generation, each problem keyed `ids.<id>.<field>`),
   * validated against the committed schema. Part B of each bill: the one given (`input`, for every invoice), else that
   * of the invoice's active bill, else none (distance 0: the portal computes it from the PIN codes). The place of exit
   * (`exit`) is that of every export in the file; an invoice that is not an export may not be given one.
   */
  async bulkFile(account: Account, ids: number[], input: PartBInput | null, exit: ExitPointInput = {}): Promise<BulkEwayBill> {
    const unique = [...new Set(ids)];
    const docs: SourceDocument[] = [];
    for (const id of unique) docs.push(await this.invoice(account, id));
    const active = await this.bills.activeAmong(account.id, unique);
    const problems: Record<string, string> = {};
    const billLists = [];
    for (const doc of docs) {
      try {
        const partB = input
          ? partBOf(input, { date: doc.date, lrNumber: doc.lrNumber, transportDetails: doc.transportDetails })
          : partBOfBill(active.get(doc.id));
        const consignment = await this.consignment(account, doc, exitPointOf(exit, isExportInvoice(doc)));
        if (partB) this.assertDistanceFits(consignment, partB);
        billLists.push(bulkBill(consignment, partB));
      } catch (e) {
        if (!(e instanceof ValidationFailed)) throw e;
        for (const [field, problem] of Object.entries(e.details)) problems[`ids.${doc.id}.${field}`] = String(problem);
      }
    }
    if (Object.keys(problems).length) throw new ValidationFailed(problems, 'Some of the invoices cannot go in the e-way bill file.');
    const file: BulkEwayBill = { version: BULK_VERSION, billLists };
    const invalid = this.settings.validator.validate(file);
    if (invalid) throw new ValidationFailed(invalid, 'The e-way bill file does not pass the committed schema.');
    return file;
  }

  private async invoice(account: Account, invoiceId: number): Promise<SourceDocument> {
    const doc = await this.source.load(account.id, 'invoice', invoiceId);
    if (!doc) throw NotFound.of('Invoice', invoiceId);
    return doc;
  }

  private async activeBill(account: Account, invoiceId: number): Promise<EwayBill> {
    const bill = await this.bills.find(account.id, invoiceId);
    if (!bill) throw new NotFound('The invoice has no e-way bill.', { id: invoiceId });
    if (bill.status === 'cancelled') throw ValidationFailed.field('ewbNo', `e-way bill ${bill.ewbNo} was cancelled at ${bill.cancelledAt ?? ''} (UTC)`);
    return bill;
  }

  /**
   * Part A of the invoice in rupees (rule 34) and the checks of rule 138: a consignment value above the threshold, a
   * document not older than 180 days (from 2025-01-01) nor dated after today.
   */
  private async consignment(account: Account, doc: SourceDocument, exit: ExitPoint | null): Promise<Consignment> {
    const client = await this.clients.findById(account.id, doc.clientId);
    const inRupees = invoiceInRupees(doc);
    const consignment = buildConsignment(inRupees, account, client, exit);
    const value = consignmentValue(inRupees);
    const threshold = toDecimal(this.settings.threshold);
    if (!value.gt(threshold)) {
      throw ValidationFailed.field(
        'consignmentValue',
        `${rupees(value)} (goods with the tax charged, in rupees) is not above the e-way bill threshold of ${rupees(threshold)} (rule 138(1); EWAY_BILL_THRESHOLD)`,
      );
    }
    const age = daysSinceDate(doc.date, this.clock.now());
    if (age > MAX_DOCUMENT_AGE_DAYS) {
      throw ValidationFailed.field(
        'invoiceDate',
        `dated ${doc.date}, ${age} days ago: the portal makes e-way bills only for documents up to ${MAX_DOCUMENT_AGE_DAYS} days old (portal code 820)`,
      );
    }
    if (age < 0) throw ValidationFailed.field('invoiceDate', `dated ${doc.date}, after today: the goods move under an issued document`);
    return consignment;
  }

  /** With the same PIN code at both ends the portal takes at most 100 km. */
  private assertDistanceFits(c: Consignment, b: PartB): void {
    if (c.fromPincode === c.toPincode && b.distanceKm > SAME_PIN_MAX_KM) {
      throw ValidationFailed.field('distanceKm', `both ends have PIN code ${c.fromPincode}: the portal takes at most ${SAME_PIN_MAX_KM} km`);
    }
  }

  /** The validity stored is the rule's; a portal that answers another is reported, not followed. */
  private compareValidity(ewbNo: string, ours: string | null, portal: string | null): void {
    if (ours && portal && ours.slice(0, 10) !== portal.slice(0, 10)) {
      this.settings.warn?.(`e-way bill ${ewbNo}: the portal answered validity until ${portal}, rule 138(10) gives ${ours}; ${ours} is stored`);
    }
  }
}

/** The Part B stored with an invoice's active bill. */
function partBOfBill(bill: EwayBill | undefined): PartB | null {
  if (!bill) return null;
  const { transportMode, distanceKm, cargo, vehicleNumber, transporterId, transporterName, transportDocNo, transportDocDate } = bill;
  return { transportMode, distanceKm, cargo, vehicleNumber, transporterId, transporterName, transportDocNo, transportDocDate };
}

function portalRefusal(e: EwayBillRejected): DomainError {
  const details = Object.fromEntries(e.errors.map((x) => [`portal.${x.code}`, x.message]));
  if (e.kind === 'conflict') return new Conflict(`The e-way bill portal refused: ${e.message}`, details);
  return new ValidationFailed(details, `The e-way bill portal refused the request: ${e.message}`);
}
