import { Account } from '../accounts/account';
import { APPROVAL_STATUSES, defaultInvoiceType, INVOICE_TYPES, QUOTATION_DOCUMENT_KINDS } from '../documents/document-enums';
import { documentTotal } from '../documents/document-totals';
import { buildProductLines, checkDiscount, lineTotals, ProductLineValues } from '../documents/product-lines';
import {
  currencyValue,
  enumValue,
  FieldErrors,
  merged,
  optionalDate,
  optionalText,
  requiredDate,
  requiredId,
} from '../documents/sales-document-fields';
import { MoneyInput } from '../shared/money';
import { Quotation, QuotationFields } from './quotation';

export interface QuotationInput {
  client_id?: number | null;
  quotation_date?: string | null;
  validity_date?: string | null;
  approval_status?: string | null;
  currency?: string | null;
  quotation_type?: string | null;
  document_kind?: string | null;
  lut_number?: string | null;
  declaration_text?: string | null;
  transport_details?: string | null;
  lr_number?: string | null;
  discount_type?: string | null;
  discount_value?: MoneyInput | null;
  items?: unknown[] | null;
}

export interface BuiltQuotation {
  fields: QuotationFields;
  lines: ProductLineValues[] | null;
}

/**
 * Validates a quotation (`input` merged over `current` on PATCH): `validity_date` defaults to the
 * quotation date and may not precede it; approval pending, the account's currency and the type by
 * GSTIN by default.
 */
export function buildQuotation(input: QuotationInput, account: Pick<Account, 'currency' | 'gstin'>, current?: Quotation): BuiltQuotation {
  const errors = new FieldErrors();
  const m = <K extends keyof QuotationInput, T>(key: K, stored: T) => (current ? merged(input, key, stored) : input[key]);

  const clientId = requiredId(m('client_id', current?.clientId), 'client_id', errors);
  const quotationDate = requiredDate(m('quotation_date', current?.quotationDate), 'quotation_date', errors);
  // On PATCH, a new quotation_date without validity_date keeps the stored validity date.
  const validityDate = optionalDate(m('validity_date', current?.validityDate), 'validity_date', errors) ?? quotationDate;
  if (quotationDate && validityDate && validityDate < quotationDate) errors.add('validity_date', 'must not be before quotation_date');
  const approvalStatus = enumValue(m('approval_status', current?.approvalStatus), APPROVAL_STATUSES, 'approval_status', errors, current?.approvalStatus ?? 'pending');
  const currency = currencyValue(m('currency', current?.currency), errors, current?.currency ?? account.currency);
  const quotationType = enumValue<string>(m('quotation_type', current?.quotationType), INVOICE_TYPES, 'quotation_type', errors, current?.quotationType ?? defaultInvoiceType(!!account.gstin));
  const documentKind = enumValue(m('document_kind', current?.documentKind), QUOTATION_DOCUMENT_KINDS, 'document_kind', errors, current?.documentKind ?? 'quotation');
  const lutNumber = optionalText(m('lut_number', current?.lutNumber), 'lut_number', errors, 50);
  const declarationText = optionalText(m('declaration_text', current?.declarationText), 'declaration_text', errors, 65535);
  const transportDetails = optionalText(m('transport_details', current?.transportDetails), 'transport_details', errors, 500);
  const lrNumber = optionalText(m('lr_number', current?.lrNumber), 'lr_number', errors, 50);
  const { discountType, discountValue } = checkDiscount(m('discount_type', current?.discountType), m('discount_value', current?.discountValue), errors);

  let lines: ProductLineValues[] | null = null;
  if (input.items !== undefined && input.items !== null) {
    if (Array.isArray(input.items)) lines = buildProductLines(input.items, errors, { inventory: false });
    else errors.add('items', 'must be an array of line items');
  } else if (!current) {
    lines = [];
  }
  errors.throwIfAny();

  const totalAmount = documentTotal(lineTotals(lines ?? current?.lines ?? []), discountType, discountValue);
  return {
    fields: {
      clientId, quotationDate, validityDate, approvalStatus, currency, quotationType, documentKind, lutNumber,
      declarationText, transportDetails, lrNumber, discountType, discountValue, totalAmount,
    },
    lines,
  };
}
