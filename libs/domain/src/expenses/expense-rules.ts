import { ValidationFailed } from '../shared/domain-error';
import { dateProblem } from '../shared/fiscal-year';
import { isMoneyLike, money2, toDecimal } from '../shared/money';
import { PAYEE_TYPES } from '../tds/tds-section';
import { EXPENSE_CATEGORIES, EXPENSE_STATUSES, ExpenseFields, PAYMENT_METHODS, DEFAULT_EXPENSE_CATEGORY } from './expense';

export interface ExpenseInput {
  expense_description?: string;
  expense_amount?: number | string;
  expense_category?: string | null;
  vendor_name?: string | null;
  vendor_contact?: string | null;
  expense_date?: string | null;
  expense_status?: string | null;
  payment_method?: string | null;
  receipt_url?: string | null;
  notes?: string | null;
  client_id?: number | null;
  tds_section_id?: number | null;
  tds_rate?: number | string | null;
  tds_amount?: number | string | null;
  vendor_pan?: string | null;
  payee_type?: string | null;
}

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** Validates `input` merged over `base` (PATCH); `today` fills a missing expense_date. */
export function buildExpenseFields(input: ExpenseInput, today: string, base?: ExpenseFields): ExpenseFields {
  const errors: Record<string, string> = {};
  const has = (k: keyof ExpenseInput) => input[k] !== undefined;
  const text = (k: keyof ExpenseInput, fallback: string) => (has(k) ? ((input[k] as string | null) ?? '') : fallback);

  const description = text('expense_description', base?.description ?? '');
  if (!description) errors.expense_description = 'is required';

  let amount = base?.amount ?? '';
  if (has('expense_amount') || !base) {
    const raw = input.expense_amount;
    if (raw === undefined || raw === null || (raw as unknown) === '') errors.expense_amount = 'is required';
    else if (!isMoneyLike(raw) || toDecimal(raw).lte(0)) errors.expense_amount = 'must be a positive amount with at most 2 decimals';
    else amount = money2(raw);
  }

  const category = text('expense_category', base?.category ?? DEFAULT_EXPENSE_CATEGORY) || DEFAULT_EXPENSE_CATEGORY;
  const known = EXPENSE_CATEGORIES.find((c) => c.toLowerCase() === category.toLowerCase());
  if (!known) errors.expense_category = 'must be one of GET /v1/expenses/categories';

  const date = text('expense_date', base?.date ?? today) || today;
  const dateError = dateProblem(date);
  if (dateError) errors.expense_date = dateError;

  const status = text('expense_status', base?.status ?? 'paid') || 'paid';
  if (!(EXPENSE_STATUSES as readonly string[]).includes(status)) errors.expense_status = `must be one of ${EXPENSE_STATUSES.join(', ')}`;

  const method = text('payment_method', base?.paymentMethod ?? '');
  if (method && !(PAYMENT_METHODS as readonly string[]).includes(method)) errors.payment_method = `must be one of ${PAYMENT_METHODS.join(', ')}`;

  const receiptUrl = text('receipt_url', base?.receiptUrl ?? '');
  if (receiptUrl && !/^https?:\/\/\S+$/i.test(receiptUrl)) errors.receipt_url = 'must be an http(s) URL';

  const tds = buildExpenseTds(input, amount, base, errors);

  if (Object.keys(errors).length) throw new ValidationFailed(errors);
  return {
    ...tds,
    clientId: has('client_id') ? (input.client_id ?? null) : (base?.clientId ?? null),
    description,
    amount,
    category: known as string,
    vendorName: text('vendor_name', base?.vendorName ?? ''),
    vendorContact: text('vendor_contact', base?.vendorContact ?? ''),
    date,
    status,
    paymentMethod: method,
    receiptUrl,
    notes: text('notes', base?.notes ?? ''),
  };
}

/** The optional payable-TDS fields: rate 0-100, amount at most the expense, vendor PAN format, payee type. */
function buildExpenseTds(input: ExpenseInput, amount: string, base: ExpenseFields | undefined, errors: Record<string, string>) {
  const pick = <K extends keyof ExpenseInput>(k: K, fallback: unknown) => (input[k] !== undefined ? input[k] : fallback);
  const tdsSectionId = (pick('tds_section_id', base?.tdsSectionId ?? null) as number | null) ?? null;
  const decimal = (k: 'tds_rate' | 'tds_amount', fallback: string | null, max: string | null) => {
    const raw = pick(k, fallback);
    if (raw === null || raw === undefined || raw === '') return null;
    const shape = k === 'tds_rate' ? (typeof raw === 'string' || typeof raw === 'number') && /^\d{1,3}(\.\d{1,3})?$/.test(String(raw)) : isMoneyLike(raw);
    if (!shape || toDecimal(raw as string).lt(0) || (max !== null && max !== '' && toDecimal(raw as string).gt(toDecimal(max)))) {
      errors[k] = max === '100' ? 'must be a percentage from 0 to 100' : 'must be an amount from 0 to the expense amount';
      return null;
    }
    return k === 'tds_rate' ? toDecimal(raw as string).toFixed(3) : money2(raw as string);
  };
  const tdsRate = decimal('tds_rate', base?.tdsRate ?? null, '100');
  const tdsAmount = decimal('tds_amount', base?.tdsAmount ?? null, amount || null);
  const pan = ((pick('vendor_pan', base?.vendorPan ?? null) as string | null) ?? '').toUpperCase() || null;
  if (pan && !PAN.test(pan)) errors.vendor_pan = 'must be a PAN: 5 letters, 4 digits and a letter';
  const payeeType = (pick('payee_type', base?.payeeType ?? null) as string | null) || null;
  if (payeeType && !(PAYEE_TYPES as readonly string[]).includes(payeeType)) errors.payee_type = `must be one of ${PAYEE_TYPES.join(', ')}`;
  return { tdsSectionId, tdsRate, tdsAmount, vendorPan: pan, payeeType };
}
