import { currencyValue, enumValue, FieldErrors, optionalDate, optionalText, requiredDate, requiredId } from '../documents/sales-document-fields';
import { isMoneyLike, money2, paiseOf, paiseText } from '../shared/money';
import { ALLOCATION_DOCUMENT_TYPES, AllocationDocumentType, Payment, PAYMENT_MODES, PaymentFields, PaymentMode } from './payment';
import { AllocationRequest } from './payment-ledger';

/** At most this many allocations in one request. */
export const MAX_ALLOCATIONS = 200;

/** One allocation as a caller sends it. */
export interface AllocationInput {
  documentType?: unknown;
  documentId?: unknown;
  amount?: unknown;
  tdsAmount?: unknown;
}

/** `POST /v1/payments` as sent (strings trimmed at the edge). */
export interface PaymentInput {
  clientId?: unknown;
  amount?: unknown;
  paymentDate?: unknown;
  mode?: unknown;
  currency?: unknown;
  reference?: unknown;
  notes?: unknown;
  tdsAmount?: unknown;
  allocations?: AllocationInput[] | null;
}

/** `PATCH /v1/payments/{id}`: the texts only (amounts and allocations change through allocations). */
export interface PaymentTextsInput {
  reference?: string | null;
  notes?: string | null;
}

/** `POST /v1/payments/{id}/allocations`. */
export interface AllocateInput {
  allocations?: AllocationInput[] | null;
  /** Defaults to today (Asia/Kolkata); not before the payment's date. */
  allocationDate?: string | null;
}

/** A money amount of at most 2 decimals: more than 0 (`positive`), or at least 0 when absent is 0. */
function amountOf(value: unknown, field: string, errors: FieldErrors, positive: boolean): string {
  if (value === undefined || value === null || value === '') {
    if (positive) errors.add(field, 'is required');
    return '0.00';
  }
  if (!isMoneyLike(value) || paiseOf(money2(value as string)) === null) {
    errors.add(field, 'must be a number with at most 2 decimals');
    return '0.00';
  }
  const amount = money2(value as string);
  const p = paiseOf(amount)!;
  if (p < 0 || (positive && p === 0)) errors.add(field, positive ? 'must be more than 0' : 'must not be negative');
  return amount;
}

/** The allocations of a request, checked one by one (fields `allocations.<i>.<field>`); the same document twice is refused. */
export function allocationRequests(items: unknown, errors: FieldErrors, required: boolean): AllocationRequest[] {
  if (items === undefined || items === null) {
    if (required) errors.add('allocations', 'is required');
    return [];
  }
  if (!Array.isArray(items)) {
    errors.add('allocations', 'must be an array');
    return [];
  }
  if (required && !items.length) errors.add('allocations', 'must hold at least one allocation');
  if (items.length > MAX_ALLOCATIONS) errors.add('allocations', `must hold at most ${MAX_ALLOCATIONS} allocations`);
  const seen = new Map<string, number>();
  return items.map((item: AllocationInput, index) => {
    const at = (field: string) => `allocations.${index}.${field}`;
    if (!item || typeof item !== 'object') {
      errors.add(`allocations.${index}`, 'must be an object');
      return { type: 'invoice', id: 0, amount: '0.00', tdsAmount: '0.00', index };
    }
    const type = enumValue<AllocationDocumentType>(item.documentType, ALLOCATION_DOCUMENT_TYPES, at('documentType'), errors, 'invoice');
    if (item.documentType === undefined || item.documentType === null) errors.add(at('documentType'), 'is required');
    const id = requiredId(item.documentId, at('documentId'), errors);
    const first = seen.get(`${type}:${id}`);
    if (id && first !== undefined) errors.add(at('documentId'), `names the same document as allocations.${first}; send one allocation per document`);
    seen.set(`${type}:${id}`, index);
    return {
      type,
      id,
      amount: amountOf(item.amount, at('amount'), errors, true),
      tdsAmount: amountOf(item.tdsAmount, at('tdsAmount'), errors, false),
      index,
    };
  });
}

/** The payment and its allocations from `POST /v1/payments`. */
export function buildPayment(input: PaymentInput, accountCurrency: string): { fields: PaymentFields; allocations: AllocationRequest[] } {
  const errors = new FieldErrors();
  const fields: PaymentFields = {
    clientId: requiredId(input.clientId, 'clientId', errors),
    amount: amountOf(input.amount, 'amount', errors, true),
    tdsAmount: amountOf(input.tdsAmount, 'tdsAmount', errors, false),
    currency: currencyValue(input.currency, errors, accountCurrency),
    paymentDate: requiredDate(input.paymentDate, 'paymentDate', errors),
    mode: enumValue<PaymentMode>(input.mode, PAYMENT_MODES, 'mode', errors, 'other'),
    reference: optionalText(input.reference, 'reference', errors, 100),
    notes: optionalText(input.notes, 'notes', errors, 1000),
    source: 'receipt',
    sourceDocument: null,
  };
  if (input.mode === undefined || input.mode === null || input.mode === '') errors.add('mode', `is required (one of ${PAYMENT_MODES.join(', ')})`);
  const allocations = allocationRequests(input.allocations, errors, false);
  errors.throwIfAny();
  assertWithinPayment({ ...fields, allocatedAmount: '0.00', allocatedTds: '0.00' }, allocations);
  return { fields, allocations };
}

/** The texts of a PATCH merged over the payment's. */
export function buildTexts(input: PaymentTextsInput, current: Pick<Payment, 'reference' | 'notes'>): { reference: string | null; notes: string | null } {
  const errors = new FieldErrors();
  const texts = {
    reference: input.reference === undefined ? current.reference : optionalText(input.reference, 'reference', errors, 100),
    notes: input.notes === undefined ? current.notes : optionalText(input.notes, 'notes', errors, 1000),
  };
  errors.throwIfAny();
  return texts;
}

/** The allocations and their date from `POST /v1/payments/{id}/allocations`. */
export function buildAllocate(input: AllocateInput, paymentDate: string, today: string): { allocations: AllocationRequest[]; date: string } {
  const errors = new FieldErrors();
  const allocations = allocationRequests(input.allocations, errors, true);
  const date = optionalDate(input.allocationDate, 'allocationDate', errors) ?? (today < paymentDate ? paymentDate : today);
  if (date && date < paymentDate) errors.add('allocationDate', `must not be before the payment's date ${paymentDate}`);
  errors.throwIfAny();
  return { allocations, date };
}

/** The allocations may not take more than the payment holds unallocated: its amount, and its TDS apart. */
export function assertWithinPayment(payment: Pick<Payment, 'amount' | 'tdsAmount' | 'allocatedAmount' | 'allocatedTds'>, requests: AllocationRequest[]): void {
  const errors = new FieldErrors();
  const free = paiseOf(payment.amount)! - paiseOf(payment.allocatedAmount)!;
  const freeTds = paiseOf(payment.tdsAmount)! - paiseOf(payment.allocatedTds)!;
  const asked = requests.reduce((s, r) => s + paiseOf(r.amount)!, 0);
  const askedTds = requests.reduce((s, r) => s + paiseOf(r.tdsAmount)!, 0);
  if (asked > free) {
    errors.add('allocations', `allocate ${paiseText(asked)}, more than the ${paiseText(free)} of the payment's amount left to allocate`);
  }
  if (askedTds > freeTds) {
    errors.add('allocations', `apply ${paiseText(askedTds)} of TDS, more than the ${paiseText(freeTds)} of the payment's tds_amount left to apply`);
  }
  errors.throwIfAny();
}
