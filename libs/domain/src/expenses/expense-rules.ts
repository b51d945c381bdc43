import { ValidationFailed } from '../shared/domain-error';
import { dateProblem } from '../shared/fiscal-year';
import { isMoneyLike, money2, toDecimal } from '../shared/money';
import { PAYEE_TYPES } from '../tds/tds-section';
import { EXPENSE_CATEGORIES, EXPENSE_STATUSES, ExpenseFields, PAYMENT_METHODS, DEFAULT_EXPENSE_CATEGORY } from './expense';

export interface ExpenseInput {
  expenseDescription?: string;
  expenseAmount?: number | string;
  expenseCategory?: string | null;
  vendorName?: string | null;
  vendorContact?: string | null;
  expenseDate?: string | null;
  expenseStatus?: string | null;
  paymentMethod?: string | null;
  receiptUrl?: string | null;
  notes?: string | null;
  clientId?: number | null;
  tdsSectionId?: number | null;
  tdsRate?: number | string | null;
  tdsAmount?: number | string | null;
  vendorPan?: string | null;
  payeeType?: string | null;
}

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** Validates `input` merged over `base` (PATCH); `today` fills a missing expense_date. */
export function buildExpenseFields(input: ExpenseInput, today: string, base?: ExpenseFields): ExpenseFields {
  const errors: Record<string, string> = {};
  const has = (k: keyof ExpenseInput) => input[k] !== undefined;
  const text = (k: keyof ExpenseInput, fallback: string) => (has(k) ? ((input[k] as string | null) ?? '') : fallback);

  const description = text('expenseDescription', base?.description ?? '');
  if (!description) errors.expenseDescription = 'is required';

  let amount = base?.amount ?? '';
  if (has('expenseAmount') || !base) {
    const raw = input.expenseAmount;
    if (raw === undefined || raw === null || (raw as unknown) === '') errors.expenseAmount = 'is required';
    else if (!isMoneyLike(raw) || toDecimal(raw).lte(0)) errors.expenseAmount = 'must be a positive amount with at most 2 decimals';
    else amount = money2(raw);
  }

  const category = text('expenseCategory', base?.category ?? DEFAULT_EXPENSE_CATEGORY) || DEFAULT_EXPENSE_CATEGORY;
  const known = EXPENSE_CATEGORIES.find((c) => c.toLowerCase() === category.toLowerCase());
  if (!known) errors.expenseCategory = 'must be one of GET /v1/expenses/categories';

  const date = text('expenseDate', base?.date ?? today) || today;
  const dateError = dateProblem(date);
  if (dateError) errors.expenseDate = dateError;

  const status = text('expenseStatus', base?.status ?? 'paid') || 'paid';
  if (!(EXPENSE_STATUSES as readonly string[]).includes(status)) errors.expenseStatus = `must be one of ${EXPENSE_STATUSES.join(', ')}`;

  const method = text('paymentMethod', base?.paymentMethod ?? '');
  if (method && !(PAYMENT_METHODS as readonly string[]).includes(method)) errors.paymentMethod = `must be one of ${PAYMENT_METHODS.join(', ')}`;

  const receiptUrl = text('receiptUrl', base?.receiptUrl ?? '');
  if (receiptUrl && !/^https?:\/\/\S+$/i.test(receiptUrl)) errors.receiptUrl = 'must be an http(s) URL';

  const tds = buildExpenseTds(input, amount, base, errors);

  if (Object.keys(errors).length) throw new ValidationFailed(errors);
  return {
    ...tds,
    clientId: has('clientId') ? (input.clientId ?? null) : (base?.clientId ?? null),
    description,
    amount,
    category: known as string,
    vendorName: text('vendorName', base?.vendorName ?? ''),
    vendorContact: text('vendorContact', base?.vendorContact ?? ''),
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
  const tdsSectionId = (pick('tdsSectionId', base?.tdsSectionId ?? null) as number | null) ?? null;
  const decimal = (k: 'tdsRate' | 'tdsAmount', fallback: string | null, max: string | null) => {
    const raw = pick(k, fallback);
    if (raw === null || raw === undefined || raw === '') return null;
    const shape = k === 'tdsRate' ? (typeof raw === 'string' || typeof raw === 'number') && /^\d{1,3}(\.\d{1,3})?$/.test(String(raw)) : isMoneyLike(raw);
    if (!shape || toDecimal(raw as string).lt(0) || (max !== null && max !== '' && toDecimal(raw as string).gt(toDecimal(max)))) {
      errors[k] = max === '100' ? 'must be a percentage from 0 to 100' : 'must be an amount from 0 to the expense amount';
      return null;
    }
    return k === 'tdsRate' ? toDecimal(raw as string).toFixed(3) : money2(raw as string);
  };
  const tdsRate = decimal('tdsRate', base?.tdsRate ?? null, '100');
  const tdsAmount = decimal('tdsAmount', base?.tdsAmount ?? null, amount || null);
  const pan = ((pick('vendorPan', base?.vendorPan ?? null) as string | null) ?? '').toUpperCase() || null;
  if (pan && !PAN.test(pan)) errors.vendorPan = 'must be a PAN: 5 letters, 4 digits and a letter';
  const payeeType = (pick('payeeType', base?.payeeType ?? null) as string | null) || null;
  if (payeeType && !(PAYEE_TYPES as readonly string[]).includes(payeeType)) errors.payeeType = `must be one of ${PAYEE_TYPES.join(', ')}`;
  return { tdsSectionId, tdsRate, tdsAmount, vendorPan: pan, payeeType };
}
