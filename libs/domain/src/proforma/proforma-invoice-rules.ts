import { Account } from '../accounts/account';
import { APPROVAL_STATUSES } from '../documents/document-enums';
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
import { ProformaInvoice, ProformaInvoiceFields } from './proforma-invoice';

export interface ProformaInvoiceInput {
  client_id?: number | null;
  proforma_date?: string | null;
  validity_date?: string | null;
  approval_status?: string | null;
  currency?: string | null;
  lut_number?: string | null;
  declaration_text?: string | null;
  transport_details?: string | null;
  lr_number?: string | null;
  discount_type?: string | null;
  discount_value?: MoneyInput | null;
  /** Required on create (an array; lines without a description are dropped); kept on PATCH when absent. */
  items?: unknown[] | null;
}

export interface BuiltProformaInvoice {
  fields: ProformaInvoiceFields;
  lines: ProductLineValues[] | null;
}

/**
 * Validates a proforma invoice (`input` merged over `current` on PATCH). `items` is required on
 * create; `validity_date` defaults to the proforma date and may not precede it.
 */
export function buildProformaInvoice(
  input: ProformaInvoiceInput,
  account: Pick<Account, 'currency'>,
  current?: ProformaInvoice,
): BuiltProformaInvoice {
  const errors = new FieldErrors();
  const m = <K extends keyof ProformaInvoiceInput, T>(key: K, stored: T) => (current ? merged(input, key, stored) : input[key]);

  const clientId = requiredId(m('client_id', current?.clientId), 'client_id', errors);
  const proformaDate = requiredDate(m('proforma_date', current?.proformaDate), 'proforma_date', errors);
  const validityDate = optionalDate(m('validity_date', current?.validityDate), 'validity_date', errors) ?? proformaDate;
  if (proformaDate && validityDate && validityDate < proformaDate) errors.add('validity_date', 'must not be before proforma_date');
  const approvalStatus = enumValue(m('approval_status', current?.approvalStatus), APPROVAL_STATUSES, 'approval_status', errors, current?.approvalStatus ?? 'pending');
  const currency = currencyValue(m('currency', current?.currency), errors, current?.currency ?? account.currency);
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
    errors.add('items', 'is required');
  }
  errors.throwIfAny();

  const totalAmount = documentTotal(lineTotals(lines ?? current?.lines ?? []), discountType, discountValue);
  return {
    fields: {
      clientId, proformaDate, validityDate, approvalStatus, currency, lutNumber, declarationText,
      transportDetails, lrNumber, discountType, discountValue, totalAmount,
    },
    lines,
  };
}
