import { displayDate } from '../document-output/document-view-builder';
import { formatMoney } from '../sendouts/sendout-template';

/** What the email of a profile's invoice may name: `{{invoice_number}}` and the rest. */
export interface RecurringEmailValues {
  invoice_number: string;
  invoice_date: string;
  due_date: string;
  amount: string;
  client_name: string;
  business_name: string;
}

export const EMAIL_PLACEHOLDERS: readonly (keyof RecurringEmailValues)[] = [
  'invoice_number',
  'invoice_date',
  'due_date',
  'amount',
  'client_name',
  'business_name',
];

export const DEFAULT_RECURRING_SUBJECT = 'Invoice {{invoice_number}} from {{business_name}}';
export const DEFAULT_RECURRING_MESSAGE =
  'Dear {{client_name}},\n\nPlease find attached invoice {{invoice_number}} dated {{invoice_date}} for {{amount}}, payable by {{due_date}}.\n\nThank you for your business.\n\nRegards,\n{{business_name}}';

/**
 * Fills `{{name}}` placeholders with the invoice's values; unknown names stay as written. A fixed set of
 * names with no logic, so a regular expression does it (a template engine would let a profile's text
 * reach helpers and partials).
 */
export function fillEmail(template: string, values: RecurringEmailValues): string {
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) =>
    (EMAIL_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as keyof RecurringEmailValues] : whole,
  );
}

/** The values of an invoice for its email. */
export function emailValues(invoice: {
  number: string;
  invoiceDate: string;
  dueDate: string;
  totalAmount: string;
  currency: string;
  clientName: string;
  businessName: string | null;
}): RecurringEmailValues {
  return {
    invoice_number: invoice.number,
    invoice_date: displayDate(invoice.invoiceDate) ?? '',
    due_date: displayDate(invoice.dueDate) ?? '',
    amount: formatMoney(invoice.totalAmount, invoice.currency),
    client_name: invoice.clientName.trim() || 'Customer',
    business_name: invoice.businessName?.trim() || 'us',
  };
}
