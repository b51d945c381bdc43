import {
  APPROVAL_STATUSES,
  DISCOUNT_TYPES,
  DOCUMENT_STATUSES,
  INVOICE_TYPES,
  PAYMENT_STATUSES,
  QUOTATION_DOCUMENT_KINDS,
} from '@app/domain/documents/document-enums';
import { EXPENSE_STATUSES, PAYMENT_METHODS } from '@app/domain/expenses/expense';
import { SUPPORTED_CURRENCIES } from '@app/domain/shared/currency';
import { SUPPLY_TYPES } from '@app/domain/tax/supply';
import { ECOMMERCE_SECTIONS } from '@app/domain/tax/ecommerce';
import { ALLOCATION_DOCUMENT_TYPES, PAYMENT_MODES, PAYMENT_SOURCES } from '@app/domain/payments/payment';
import { PAYEE_TYPES } from '@app/domain/tds/tds-section';
import { inlineJsonSchema } from './json-schema';
import { arr, bool, date, id, int, money, ndate, nid, nmoney, nnum, noneOf, nstr, num, obj, oneOf, ref, Schema, str, timestamp } from './schema-kit';
import gstr1Schema from '../../../../schemas/gstr1.schema.json';

/** Building blocks of the answer schemas of sales documents, notes, expenses and payments. */
export const currency = str({ description: 'ISO 4217 code', example: 'INR', enum: [...SUPPORTED_CURRENCIES] });
export const count = (description?: string) => int({ minimum: 0, ...(description ? { description } : {}) });
export const total = count('Rows matching the filters, whatever limit and offset say');
export const discountType = noneOf(DISCOUNT_TYPES);

/** GSTR-1's schema with its definitions inlined, whose tables GSTR-1A repeats. */
export const gstr1Inline = inlineJsonSchema(gstr1Schema) as { properties: Record<string, Schema> };
export const gstr1Table = (name: string): Schema => gstr1Inline.properties[name];

/** The GST fields of every sales document's header (list rows and single reads). */
export const gstHeader = {
  place_of_supply: nstr({
    description: 'GST state code the tax follows (96: a foreign country); null only on documents made before it was kept',
    example: '27',
  }),
  supply_type: noneOf(SUPPLY_TYPES, { description: 'null only on documents made before it was kept' }),
  reverse_charge: bool({ description: 'Tax payable by the recipient on reverse charge' }),
  round_off: nmoney('What rounding the total to the rupee added (signed); null when the total is not rounded'),
  exchange_rate: nnum({
    description:
      'Rupees per unit of the currency (up to 4 decimals, CGST Rules rule 34); null on INR documents and on a foreign-currency document without one (warning exchange_rate_missing)',
    example: 83.25,
  }),
  ecommerce_gstin: nstr({
    description: 'GSTIN of the electronic commerce operator the supply was made through; null: made directly',
    example: '27AAACF1234A1ZF',
  }),
  ecommerce_section: noneOf(ECOMMERCE_SECTIONS, {
    description: '52: the operator collects tax at source; 9(5): the operator pays the tax; null when ecommerce_gstin is null',
  }),
};

/** What a single read adds: the supplier as recorded when the document was made, and the tax warnings. */
export const gstDetails = {
  supplier: {
    ...obj(
      { name: nstr(), address: nstr(), gstin: nstr(), pan: nstr(), state_code: nstr() },
      { description: 'The business as it was when the document was made (printed on its PDF); null on documents made before it was kept' },
    ),
    nullable: true,
  },
  tax_warnings: arr(ref('TaxWarning')),
};

/** One line of an invoice, quotation or proforma invoice (`inventory_id` on invoice lines only). */
export function productLine(parentKey: string, withInventory: boolean): Schema {
  return obj({
    item_id: id('line'),
    [parentKey]: id('document'),
    item_description: str(),
    hsn_code: str({ description: 'HSN code of 4, 6 or 8 digits or SAC of 6 digits starting 99 (4 for its heading); may be empty' }),
    quantity: num({ description: 'Up to 3 decimals' }),
    rate: money('Unit rate before tax'),
    tax_rate: num({ description: 'GST rate in percent (one the GSTR-1 format accepts)' }),
    cgst_amount: money(),
    sgst_amount: money(),
    igst_amount: money(),
    total_amount: money('Line total including tax'),
    discount_type: discountType,
    discount_value: nmoney(),
    ...(withInventory ? { inventory_id: nid('inventory item') } : {}),
    unit: nstr({ description: 'Unit quantity code (UQC), e.g. NOS', example: 'NOS' }),
    taxable_value: nmoney(
      "The value the tax is on: quantity x rate less the line discount and less the line's share of the header discount; null on lines stored before it was kept",
    ),
    header_discount: nmoney(
      "The line's share of the header discount, taken off its taxable value before tax (0 without one); null on lines stored before header discounts were shared among the lines (their document took it off the total after tax)",
    ),
    cess_rate: nnum({ description: 'Compensation cess rate in percent (ad valorem); null without one' }),
    cess_amount: money('Compensation cess of the line, part of its total (0 without cess)'),
  });
}

export function noteLine(parentKey: string): Schema {
  return obj({
    item_id: id('line'),
    [parentKey]: id('note'),
    description: str(),
    expense_date: ndate(),
    amount: money('Line total'),
    hsn_code: nstr(),
    quantity: nnum(),
    unit: nstr({ description: 'Unit quantity code (UQC)' }),
    taxable_value: nmoney('With it the line carries GST; null on a plain amount line'),
    tax_rate: nnum(),
    cgst_amount: nmoney(),
    sgst_amount: nmoney(),
    igst_amount: nmoney(),
    cess_rate: nnum({ description: 'Compensation cess rate in percent (ad valorem); null without one' }),
    cess_amount: nmoney('Compensation cess of the line, part of its amount: 0 on a line with a taxable value and no cess, null on a plain amount line'),
  });
}

export const noteCommon = {
  client_id: id('client'),
  currency,
  status: oneOf(DOCUMENT_STATUSES),
  declaration_text: nstr(),
  transport_details: nstr(),
  lr_number: nstr(),
  lut_number: nstr(),
  original_invoice_id: nid('invoice the note refers to'),
  ...gstHeader,
  total_amount: money(),
  fy_start_year: int({ description: 'Financial year (April to March) the note is numbered in' }),
  created_at: timestamp(),
  updated_at: timestamp(),
};

export const salesCommon = {
  lut_number: nstr(),
  declaration_text: nstr(),
  transport_details: nstr(),
  lr_number: nstr(),
};

/** The end of a sales document's header: the header discount, the GST fields, the total and the timestamps. */
export const discountGstAndTotal = {
  discount_type: discountType,
  discount_value: nmoney(),
  ...gstHeader,
  total_amount: money(),
  created_at: timestamp(),
  updated_at: timestamp(),
};

/** Where a quotation or proforma invoice stands: until when it is valid, whether the client approved it, its currency. */
export const offerStatus = {
  validity_date: ndate(),
  approval_status: oneOf(APPROVAL_STATUSES),
  currency,
};

export const invoiceHeader = {
  invoice_id: id('invoice'),
  client_id: id('client'),
  invoice_number: str({
    example: 'INV/25-26/0001',
    description: 'Number of the invoice series, taken when the invoice is issued; a draft carries a provisional number `DRAFT/YY-YY/NNNN` until then',
  }),
  invoice_date: date(),
  payment_due_date: date(),
  payment_status: oneOf(PAYMENT_STATUSES),
  status: oneOf(DOCUMENT_STATUSES),
  currency,
  invoice_type: oneOf(INVOICE_TYPES),
  ...salesCommon,
  paid_amount: money(),
  payment_date: ndate(),
  tds_section_id: nid('TDS section'),
  tds_rate: nnum(),
  tds_amount: nmoney(),
  delivery_address: nstr({ description: 'Address of delivery (export invoices, CGST rule 46 third proviso); null: not given' }),
  destination_country: nstr({ description: 'Country of destination of an export, ISO 3166-1 alpha-2 (e.g. US); null: not given', example: 'US' }),
  ship_to_gstin: nstr({ description: 'GSTIN of a ship-to party other than the recipient (Bill To - Ship To); null: none', example: '29AAACH7409R1ZX' }),
  ship_to_name: nstr({ description: 'Legal name of the ship-to party; null: none' }),
  ...discountGstAndTotal,
};

export const quotationHeader = {
  quotation_id: id('quotation'),
  client_id: id('client'),
  quotation_number: str({ example: 'QT/25-26/0001' }),
  quotation_date: date(),
  ...offerStatus,
  quotation_type: str(),
  document_kind: oneOf(QUOTATION_DOCUMENT_KINDS),
  ...salesCommon,
  ...discountGstAndTotal,
};

export const proformaHeader = {
  proforma_invoice_id: id('proforma invoice'),
  client_id: id('client'),
  proforma_number: str({ example: 'PI/25-26/0001' }),
  proforma_date: date(),
  ...offerStatus,
  ...salesCommon,
  ...discountGstAndTotal,
};

export const creditNoteHeader = {
  credit_note_id: id('credit note'),
  credit_note_number: str({
    example: 'CN/25-26/0001',
    description: 'Number of the credit-note series, taken when the note is issued; a draft carries a provisional number `DRAFT/YY-YY/NNNN` until then',
  }),
  credit_note_date: date(),
  source_invoice_id: nid('invoice the note was pre-filled from'),
  reason: nstr(),
  ...noteCommon,
};

export const debitNoteHeader = {
  debit_note_id: id('debit note'),
  debit_note_number: str({
    example: 'DN/25-26/0001',
    description: 'Number of the debit-note series, taken when the note is issued; a draft carries a provisional number `DRAFT/YY-YY/NNNN` until then',
  }),
  debit_note_date: date(),
  payment_due_date: ndate(),
  payment_status: oneOf(PAYMENT_STATUSES),
  paid_amount: money(),
  payment_date: ndate(),
  ...noteCommon,
};

export const expenseFields = {
  expense_description: str(),
  expense_amount: money(),
  expense_category: str(),
  vendor_name: str(),
  vendor_contact: str(),
  expense_date: date(),
  expense_status: oneOf(EXPENSE_STATUSES),
  payment_method: str({ description: `One of ${PAYMENT_METHODS.join(', ')} (older rows may hold other words)` }),
  receipt_url: str(),
  notes: str(),
  client_id: nid('client'),
  tds_section_id: nid('TDS section'),
  tds_rate: nnum(),
  tds_amount: nmoney(),
  vendor_pan: nstr(),
  payee_type: noneOf(PAYEE_TYPES),
};

export const paymentHeader = {
  payment_id: id('payment'),
  client_id: id('client'),
  amount: money('Money received'),
  tds_amount: money('Income-tax the client deducted at source on this receipt (0 when none)'),
  currency,
  payment_date: date(),
  mode: oneOf(PAYMENT_MODES),
  reference: nstr({ description: 'Bank reference, cheque or UPI transaction number' }),
  notes: nstr(),
  receipt_number: nstr({
    example: 'RV/25-26/0001',
    description:
      'Receipt voucher number of an advance (a receipt not fully allocated when it was recorded), of its own series per financial year; null otherwise',
  }),
  source: oneOf(PAYMENT_SOURCES, {
    description:
      '`receipt`: recorded through /v1/payments; `payment_status`: recorded by the service when a document was set to paid or partial through its payment_status (it follows that field)',
  }),
  source_document_type: noneOf(ALLOCATION_DOCUMENT_TYPES, { description: 'The document whose payment status made the payment (source payment_status)' }),
  source_document_id: nid('document whose payment status made the payment'),
  allocated_amount: money('Sum of the allocations'),
  unallocated_amount: money('What the payment holds unallocated: the client’s credit until it is applied'),
  allocated_tds: money('Part of tds_amount applied to documents'),
  unallocated_tds: money('Part of tds_amount not applied yet (client credit too)'),
  created_at: timestamp(),
  updated_at: timestamp(),
};
