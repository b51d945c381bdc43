import { Account } from '../shared/account';
import { ClientRepository } from '../clients/client.repository.port';
import { pdfFileName, RenderedPdf } from '../document-output/document-output.service';
import { requireClient } from '../documents/sales-document-fields';
import { BusinessSettingsRepository } from '../settings/business-settings';
import { found, NotFound } from '../shared/domain-error';
import { paiseOf, paiseText, toDecimal } from '../shared/money';
import { amountInWords } from '../tax/amount-in-words';
import { stateOf } from '../tax/supply';
import { normalizeStateCode } from '../tax/states';
import { AdvanceFacts, advanceNature, AdvanceSupply, advanceTax } from './advance-tax';
import { Payment } from './payment';
import { PaymentRepository } from './payment.repository.port';
import { businessParty, clientParty, printedDate, ReceiptVoucherPrintView, ReceivablesPrinter, stateLabel, VoucherTax } from './receivables-print';

/** What the account's records say of an advance (one reader of its allocations, invoices and inventory). */
export abstract class AdvanceFactsReader {
  abstract facts(accountId: number, payment: Pick<Payment, 'id' | 'clientId' | 'paymentDate' | 'currency'>): Promise<AdvanceFacts>;
}

export interface VoucherRequest {
  supply?: AdvanceSupply;
  /** A GST rate (percent) as a decimal string. */
  taxRate?: string;
}

const MODE_LABELS: Record<string, string> = {
  upi: 'UPI',
  neft: 'NEFT',
  rtgs: 'RTGS',
  imps: 'IMPS',
  cash: 'Cash',
  cheque: 'Cheque',
  card: 'Card',
  other: 'Other',
};

/**
 * The receipt voucher of an advance (CGST Act section 31(3)(d), CGST rule 50) as a PDF: only a payment that took a
 * voucher number (`RV/YY-YY/NNNN`, an advance) has one; any other is 404. The amount of the advance is what the
 * receipt did not settle of bills dated on or before its date. Tax: see advanceNature (goods: none, notification
 * 66/2017-Central Tax; services: included in the advance, advanceTax).
 */
export class ReceiptVoucherService {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly clients: ClientRepository,
    private readonly settings: BusinessSettingsRepository,
    private readonly facts: AdvanceFactsReader,
    private readonly printer: ReceivablesPrinter,
  ) {}

  async pdf(account: Account, paymentId: number, request: VoucherRequest = {}): Promise<RenderedPdf> {
    const payment = found(await this.payments.findById(account.id, paymentId), 'Payment', paymentId);
    if (!payment.receiptNumber) {
      throw new NotFound('This payment is no advance: it settled bills in full when it was recorded and has no receipt voucher.', {
        payment_id: paymentId,
        receipt_number: null,
      });
    }
    const [client, settings, facts] = await Promise.all([
      requireClient(this.clients, account.id, payment.clientId),
      this.settings.get(account.id),
      this.facts.facts(account.id, payment),
    ]);
    const view = voucherView(account, payment, clientParty(client), stateOf(client), facts, request, settings.signaturePng ?? null);
    return {
      filename: pdfFileName(payment.receiptNumber, `receipt-voucher-${paymentId}`),
      bytes: await this.printer.receiptVoucher(view, account.id),
      signature: view.signaturePng,
    };
  }
}

/** The voucher's view: the advance, its nature and rate, the tax in it (services) or none (goods), place of supply. */
export function voucherView(
  account: Account,
  payment: Payment,
  recipient: ReceiptVoucherPrintView['recipient'],
  recipientState: string | null,
  facts: AdvanceFacts,
  request: VoucherRequest,
  signaturePng: string | null,
): ReceiptVoucherPrintView {
  const supplier = businessParty(account);
  const advancePaise = Math.max(0, paiseOf(payment.amount)! - paiseOf(facts.settledBills)!);
  const amount = paiseText(advancePaise);
  const nature = advanceNature(facts, request);
  const supplierState = stateOf({ gstin: account.gstin, stateCode: account.stateCode });
  // Rule 50, proviso (ii): a place of supply not determinable is taken as inter-State.
  const place = normalizeStateCode(recipientState);
  const intra = place !== null && place === supplierState;
  const placeOfSupply = stateLabel(place) ?? 'Not determinable: treated as an inter-State supply (CGST rule 50, proviso)';
  const services = nature.supply === 'services';
  const tax = services ? advanceTax(amount, nature.rate, intra) : null;
  const taxes: VoucherTax[] = !tax
    ? []
    : intra
      ? [
          { name: 'CGST', rate: halfRate(nature.rate), amount: tax.cgst },
          { name: 'SGST/UTGST', rate: halfRate(nature.rate), amount: tax.sgst },
        ]
      : [{ name: 'IGST', rate: `${nature.rate}%`, amount: tax.igst }];
  return {
    supplier,
    number: payment.receiptNumber as string,
    date: printedDate(payment.paymentDate),
    recipient,
    description: payment.notes?.trim() || `Advance received for the supply of ${nature.supply}`,
    currency: payment.currency,
    amount,
    amountInWords: amountInWords(amount, payment.currency),
    supply: nature.supply === 'services' ? 'Services' : 'Goods',
    supplyBasis: nature.basis,
    taxable: services,
    taxRate: services ? `${nature.rate}%` : null,
    taxableValue: tax?.taxableValue ?? null,
    taxes,
    totalTax: tax?.totalTax ?? null,
    noTaxNote: services ? null : 'No GST is payable on an advance received for the supply of goods (notification 66/2017-Central Tax).',
    placeOfSupply,
    reverseCharge: 'No',
    mode: MODE_LABELS[payment.mode] ?? payment.mode,
    reference: payment.reference,
    signaturePng,
    signatory: `For ${supplier.name}`,
  };
}

/** Half of a rate for CGST and SGST, e.g. '18' -> '9%', '0.25' -> '0.125%'. */
const halfRate = (rate: string) => `${toDecimal(rate).div(2).toString()}%`;
