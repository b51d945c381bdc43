import { Account } from '../shared/account';
import { defaultInvoiceType, DOCUMENT_STATUSES, INVOICE_TYPES, PAYMENT_STATUSES } from '../documents/document-enums';
import { receivableAmount } from '../documents/document-totals';
import { applyGstToDocument, GstContext, gstFieldsOf, GstHeaderInput, gstinOnlySupplier, readGstHeader } from '../documents/document-gst';
import { applyPaymentRules } from '../documents/payment-rules';
import { checkDiscount, decimalText, linesAsInput, ProductLineInput, ProductLineValues, sentLines } from '../documents/product-lines';
import {
  currencyValue,
  documentTexts,
  enumValue,
  FieldErrors,
  merged,
  optionalDate,
  optionalText,
  requiredDate,
  requiredId,
} from '../documents/sales-document-fields';
import { ValidationFailed } from '../shared/domain-error';
import { isValidDate } from '../shared/fiscal-year';
import { toDecimal, MoneyInput } from '../shared/money';
import { Invoice, InvoiceFields } from './invoice';
import { sortedWarnings, withDocumentWarnings } from '../tax/tax-checks';
import { destinationCountryValue } from '../tax/countries';
import { exportParticularsWarnings } from '../tax/export-particulars';
import { shipToValues } from '../tax/ship-to';

/** Invoice fields as a caller sends them (strings trimmed at the edge); undefined means "not sent". */
export interface InvoiceInput extends GstHeaderInput {
  clientId?: number | null;
  invoiceDate?: string | null;
  paymentDueDate?: string | null;
  paymentStatus?: string | null;
  status?: string | null;
  currency?: string | null;
  invoiceType?: string | null;
  lutNumber?: string | null;
  declarationText?: string | null;
  paidAmount?: MoneyInput | null;
  paymentDate?: string | null;
  transportDetails?: string | null;
  lrNumber?: string | null;
  discountType?: string | null;
  discountValue?: MoneyInput | null;
  tdsSectionId?: number | null;
  tdsRate?: MoneyInput | null;
  tdsAmount?: MoneyInput | null;
  /** Address of delivery (export invoices, CGST rule 46 third proviso). */
  deliveryAddress?: string | null;
  /** Country of destination of an export, ISO 3166-1 alpha-2. */
  destinationCountry?: string | null;
  /** GSTIN and legal name of a ship-to party other than the recipient (with a delivery_address holding its PIN). */
  shipToGstin?: string | null;
  shipToName?: string | null;
  /** Replaces the lines when sent (an empty array leaves none); kept on PATCH when absent or null. */
  items?: unknown[] | null;
}

export interface InvoiceContext {
  account: Pick<Account, 'currency' | 'gstin'>;
  /** Business date today in Asia/Kolkata. */
  today: string;
  /** Now as 'Y-m-d H:i:s' UTC. */
  now: string;
  /** The client and the business as the tax rules see them; without it, an unknown client and a business known by its GSTIN only. */
  gst?: GstContext;
}

export interface BuiltInvoice {
  fields: InvoiceFields;
  /** The lines to write; null when a PATCH keeps the stored ones. */
  lines: ProductLineValues[] | null;
}

function optionalAmount(value: unknown, field: string, errors: FieldErrors, max?: number): string | null {
  if (value === undefined || value === null || value === '') return null;
  const text = typeof value === 'number' || typeof value === 'string' ? decimalText(value) : null;
  if (text === null || toDecimal(text).isNeg()) {
    errors.add(field, 'must be a non-negative number');
    return null;
  }
  if (max !== undefined && toDecimal(text).gt(max)) errors.add(field, `must be at most ${max}`);
  return text;
}

function optionalId(value: unknown, field: string, errors: FieldErrors): number | null {
  if (value === undefined || value === null) return null;
  return requiredId(value, field, errors) || null;
}

/**
 * Validates an invoice (`input` merged over `current` on PATCH) and returns what to store: defaults
 * (status issued, payment pending, the account's currency, invoice type by GSTIN), the lines with the
 * header discount shared among them before tax and the total (applyGstToDocument), and the payment rules
 * applied to the amount receivable.
 */
export function buildInvoice(input: InvoiceInput, ctx: InvoiceContext, current?: Invoice): BuiltInvoice {
  const errors = new FieldErrors();
  const m = <K extends keyof InvoiceInput, T>(key: K, stored: T) => (current ? merged(input, key, stored) : input[key]);

  const clientId = requiredId(m('clientId', current?.clientId), 'clientId', errors);
  const invoiceDate = requiredDate(m('invoiceDate', current?.invoiceDate), 'invoiceDate', errors);
  const paymentDueDate = requiredDate(m('paymentDueDate', current?.paymentDueDate), 'paymentDueDate', errors);
  if (invoiceDate && paymentDueDate && paymentDueDate < invoiceDate) {
    errors.add('paymentDueDate', 'must not be before invoice_date');
  }
  const status = enumValue(m('status', current?.status), DOCUMENT_STATUSES, 'status', errors, current?.status ?? 'issued');
  const paymentStatus = enumValue(m('paymentStatus', current?.paymentStatus), PAYMENT_STATUSES, 'paymentStatus', errors, current?.paymentStatus ?? 'pending');
  const currency = currencyValue(m('currency', current?.currency), errors, current?.currency ?? ctx.account.currency);
  const invoiceType = enumValue<string>(
    m('invoiceType', current?.invoiceType),
    INVOICE_TYPES,
    'invoiceType',
    errors,
    current?.invoiceType ?? defaultInvoiceType(!!ctx.account.gstin),
  );
  const texts = documentTexts(m, current, errors);
  const { discountType, discountValue } = checkDiscount(m('discountType', current?.discountType), m('discountValue', current?.discountValue), errors);
  const tdsSectionId = optionalId(m('tdsSectionId', current?.tdsSectionId), 'tdsSectionId', errors);
  const tdsRate = optionalAmount(m('tdsRate', current?.tdsRate), 'tdsRate', errors, 100);
  const tdsAmount = optionalAmount(m('tdsAmount', current?.tdsAmount), 'tdsAmount', errors);
  const paidSent = optionalAmount(m('paidAmount', current?.paidAmount), 'paidAmount', errors);
  const paymentDate = optionalDate(m('paymentDate', current?.paymentDate), 'paymentDate', errors);
  const deliveryAddress = optionalText(m('deliveryAddress', current?.deliveryAddress), 'deliveryAddress', errors, 500);
  const destination = destinationCountryValue(m('destinationCountry', current?.destinationCountry));
  if (destination.problem) errors.add('destinationCountry', destination.problem);
  const shipTo = shipToValues(m('shipToGstin', current?.shipToGstin), m('shipToName', current?.shipToName), deliveryAddress, errors);

  const omitted: boolean[] = [];
  const sent = sentLines(input.items, errors, { inventory: true, creating: !current, omitted });
  const gst = readGstHeader(
    input,
    current,
    ctx.gst ?? { client: null, supplier: gstinOnlySupplier(ctx.account.gstin) },
    {
      invoiceType,
      lutNumber: texts.lutNumber,
      clientChanged: !!current && clientId !== current.clientId,
      typeChanged: !!current && invoiceType !== current.invoiceType,
      currency,
    },
    errors,
  );
  errors.throwIfAny();

  const applied = applyGstToDocument({ sent, omitted, current, discount: { discountType, discountValue }, header: gst });
  const lines = applied.write;
  const { totalAmount, roundOff } = applied;
  if (tdsAmount !== null && toDecimal(tdsAmount).gt(totalAmount)) {
    throw ValidationFailed.field('tdsAmount', `must not exceed the invoice total ${totalAmount}`);
  }
  const payment = applyPaymentRules({
    paymentStatus,
    paidAmount: paidSent,
    paymentDate,
    receivable: receivableAmount(totalAmount, tdsAmount),
    today: ctx.today,
    previousPaidAt: current?.paymentStatus === 'paid' ? current.paidAt : null,
    nowTimestamp: ctx.now,
  });

  return {
    fields: {
      clientId,
      invoiceDate,
      paymentDueDate,
      status,
      currency,
      invoiceType,
      ...texts,
      discountType,
      discountValue,
      tdsSectionId,
      tdsRate,
      tdsAmount,
      deliveryAddress,
      destinationCountry: destination.code,
      shipToGstin: shipTo.gstin,
      shipToName: shipTo.name,
      totalAmount,
      paymentStatus: payment.paymentStatus,
      paidAmount: payment.paidAmount,
      paymentDate: payment.paymentDate,
      paidAt: payment.paidAt,
      ...gstFieldsOf(
        gst,
        roundOff,
        sortedWarnings([
          ...withDocumentWarnings(applied.warnings, {
            date: invoiceDate,
            placeOfSupply: gst.placeOfSupply,
            kind: gst.kind,
            lines: applied.lines,
            supplier: gst.supplierSnapshot,
          }),
          ...exportParticularsWarnings(gst.supplyType, destination.code),
        ]),
      ),
    },
    lines,
  };
}

/** The invoice fields of a new invoice made from a quotation or proforma invoice. */
export interface InvoiceSource {
  clientId: number;
  currency: string;
  /** Null: the default for the account. */
  invoiceType: string | null;
  lutNumber: string | null;
  declarationText: string | null;
  transportDetails: string | null;
  lrNumber: string | null;
  discountType: string | null;
  discountValue: string | null;
  placeOfSupply: string | null;
  supplyType: string | null;
  reverseCharge: boolean;
  /** Rupees per unit of a foreign currency; null or absent: none. */
  exchangeRate?: string | null;
  /** The e-commerce operator the supply is made through (tax/ecommerce.ts); null or absent: none. */
  ecommerceGstin?: string | null;
  ecommerceSection?: string | null;
  lines: ProductLineValues[];
}

export interface ConversionInput {
  invoiceDate?: string | null;
  paymentDueDate?: string | null;
}

/** The invoice input for a conversion: the source's client, currency and lines; dated today unless told. */
export function invoiceInputFromSource(source: InvoiceSource, input: ConversionInput, today: string): InvoiceInput & { items: ProductLineInput[] } {
  const invoiceDate = input.invoiceDate || today;
  return {
    clientId: source.clientId,
    invoiceDate: invoiceDate,
    paymentDueDate: input.paymentDueDate || (isValidDate(invoiceDate) ? invoiceDate : today),
    currency: source.currency,
    invoiceType: source.invoiceType,
    lutNumber: source.lutNumber,
    declarationText: source.declarationText,
    transportDetails: source.transportDetails,
    lrNumber: source.lrNumber,
    discountType: source.discountType,
    discountValue: source.discountValue,
    placeOfSupply: source.placeOfSupply,
    supplyType: source.supplyType,
    reverseCharge: source.reverseCharge,
    exchangeRate: source.exchangeRate ?? null,
    ecommerceGstin: source.ecommerceGstin ?? null,
    ecommerceSection: source.ecommerceSection ?? null,
    items: linesAsInput(source.lines, source),
  };
}
