import { Account } from '../shared/account';
import { MoneyInput } from '../shared/money';
import { APPROVAL_STATUSES } from './document-enums';
import { applyGstToDocument, GstContext, gstFieldsOf, GstHeaderInput, gstinOnlySupplier, readGstHeader } from './document-gst';
import { OfferDocument, OfferDocumentFields, OfferDocumentHeader, OwnOfferFields } from './offer-document';
import { checkDiscount, ProductLineValues, sentLines } from './product-lines';
import { currencyValue, documentTexts, enumValue, FieldErrors, merged, optionalDate, requiredDate, requiredId } from './sales-document-fields';
import { withDocumentWarnings } from '../tax/tax-checks';

/** The fields of a quotation or proforma invoice as a caller sends them; undefined means "not sent". */
export interface OfferDocumentInput extends GstHeaderInput {
  clientId?: number | null;
  validityDate?: string | null;
  approvalStatus?: string | null;
  currency?: string | null;
  lutNumber?: string | null;
  declarationText?: string | null;
  transportDetails?: string | null;
  lrNumber?: string | null;
  discountType?: string | null;
  discountValue?: MoneyInput | null;
  /** Replaces the lines when sent (lines without a description are dropped); kept on PATCH when absent or null. */
  items?: unknown[] | null;
}

/** An input field: as sent on create; on PATCH as sent when sent (even null), else the stored value. */
export type FieldReader<I> = <K extends keyof I, T>(key: K, stored: T) => I[K] | T;

export type OfferAccount = Pick<Account, 'currency' | 'gstin'>;

/** How one kind of offer document reads its input. */
export interface OfferDocumentRules<H extends OfferDocumentHeader, I extends OfferDocumentInput> {
  /** The command field of the document date ('quotationDate', 'proformaDate'). */
  dateField: keyof I & string;
  /** The date as messages name it ('quotation_date'). */
  dateName: string;
  /** A create without `items`: invalid when true, no lines when false. */
  itemsRequired: boolean;
  /** The kind's own fields, checked after the currency. */
  ownFields(read: FieldReader<I>, errors: FieldErrors, account: OfferAccount, current?: OfferDocument<H>): OwnOfferFields<H>;
  /** The invoice type the document's own fields name (a quotation's type), for the tax rule; none by default. */
  invoiceTypeOf?(own: OwnOfferFields<H>): string | null;
}

export interface BuiltOfferDocument<H extends OfferDocumentHeader> {
  fields: OfferDocumentFields<H>;
  /** The lines to write; null when a PATCH keeps the stored ones. */
  lines: ProductLineValues[] | null;
}

/**
 * Validates an offer document (`input` merged over `current` on PATCH): `validityDate` defaults to the
 * document date and may not precede it; approval pending and the account's currency by default; the
 * lines and total as applyGstToDocument gives them (the header discount shared among the lines before tax).
 * Lines carry no inventory link.
 */
export function buildOfferDocument<H extends OfferDocumentHeader, I extends OfferDocumentInput>(
  rules: OfferDocumentRules<H, I>,
  input: I,
  account: OfferAccount,
  current?: OfferDocument<H>,
  gstContext?: GstContext,
): BuiltOfferDocument<H> {
  const errors = new FieldErrors();
  const m: FieldReader<I> = (key, stored) => (current ? merged(input, key, stored) : input[key]);
  const { dateField } = rules;

  const clientId = requiredId(m('clientId', current?.clientId), 'clientId', errors);
  const date = requiredDate(m(dateField, current?.date), dateField, errors);
  // On PATCH, a new document date without validity_date keeps the stored validity date.
  const validityDate = optionalDate(m('validityDate', current?.validityDate), 'validityDate', errors) ?? date;
  if (date && validityDate && validityDate < date) errors.add('validityDate', `must not be before ${rules.dateName}`);
  const approvalStatus = enumValue(
    m('approvalStatus', current?.approvalStatus),
    APPROVAL_STATUSES,
    'approvalStatus',
    errors,
    current?.approvalStatus ?? 'pending',
  );
  const currency = currencyValue(m('currency', current?.currency), errors, current?.currency ?? account.currency);
  const own = rules.ownFields(m, errors, account, current);
  const texts = documentTexts(m, current, errors);
  const { discountType, discountValue } = checkDiscount(m('discountType', current?.discountType), m('discountValue', current?.discountValue), errors);
  const omitted: boolean[] = [];
  const sent = sentLines(input.items, errors, { inventory: false, creating: !current, required: rules.itemsRequired, omitted });
  const invoiceType = rules.invoiceTypeOf?.(own) ?? null;
  const gst = readGstHeader(
    input,
    current,
    gstContext ?? { client: null, supplier: gstinOnlySupplier(account.gstin) },
    { invoiceType, lutNumber: texts.lutNumber, clientChanged: !!current && clientId !== current.clientId, typeChanged: false, currency },
    errors,
  );
  errors.throwIfAny();

  const applied = applyGstToDocument({ sent, omitted, current, discount: { discountType, discountValue }, header: gst });
  const lines = applied.write;
  const { totalAmount, roundOff } = applied;
  return {
    fields: {
      clientId,
      date,
      validityDate,
      approvalStatus,
      currency,
      ...own,
      ...texts,
      discountType,
      discountValue,
      totalAmount,
      ...gstFieldsOf(gst, roundOff, withDocumentWarnings(applied.warnings, { date, placeOfSupply: gst.placeOfSupply, kind: gst.kind, lines: applied.lines })),
    },
    lines,
  };
}
