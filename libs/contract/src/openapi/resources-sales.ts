import type { Schema } from './schema-kit';
import { INVOICE_TEMPLATES } from '@app/domain/documents/pdf-renderer.port';
import { INVENTORY_TYPES } from '@app/domain/inventory/inventory-item';
import { SENDOUT_STATUSES } from '@app/domain/sendouts/sendout';
import { TAX_WARNING_CODES } from '@app/domain/tax/tax-engine';
import { STATEMENT_ENTRY_TYPES } from '@app/domain/payments/client-statement';
import { SENDOUT_TYPES } from '@app/domain/sendouts/sendout-rules';
import { ALLOCATION_DOCUMENT_TYPES } from '@app/domain/payments/payment';
import { arr, bool, date, id, int, money, ndate, nid, nint, nmoney, noneOf, nstr, ntimestamp, num, obj, oneOf, ref, str, timestamp } from './schema-kit';
import {
  currency,
  count,
  discountType,
  gstDetails,
  productLine,
  noteLine,
  invoiceHeader,
  quotationHeader,
  proformaHeader,
  creditNoteHeader,
  debitNoteHeader,
  expenseFields,
  paymentHeader,
} from './resources-documents-parts';
import { plan, tokens, user, permissions, subUser, prefixes, clientFields, recurringInvoice, recurringRun } from './resources-account-parts';

/** Answer schemas of clients, payments, recurring invoices and sales documents, by name (part of RESOURCE_SCHEMAS). */
export const SALES_SCHEMAS: Record<string, Schema> = {
  ReminderSettings: obj({
    enabled: bool(),
    enabled_on: ndate({ description: 'The day reminders were turned on: no step dated before it is sent' }),
    steps: arr(
      obj({
        days_offset: int({ minimum: -60, maximum: 365, description: 'Days after the due date (negative: before)' }),
        subject: str(),
        message: str(),
        enabled: bool(),
      }),
      { maxItems: 5 },
    ),
  }),
  RecurringInvoice: obj(recurringInvoice),
  RecurringInvoiceRun: recurringRun,
  RecurringInvoiceWithRuns: obj({ ...recurringInvoice, runs: arr(ref('RecurringInvoiceRun'), { description: 'The runs, newest first (at most 200)' }) }),
  Client: obj(clientFields),
  ClientDetail: obj(
    {
      ...clientFields,
      credit_balance: money(
        "The client's credit in the account's currency: what its payments hold unallocated (advances, and TDS not applied yet), ready to be allocated to its invoices",
      ),
    },
    { description: 'A single client with its credit' },
  ),
  ClientStatement: obj(
    {
      client_id: id('client'),
      from: date(),
      to: date(),
      currency,
      opening_balance: money('Debits less credits dated before `from` (negative: the client is in credit)'),
      entries: arr(
        obj({
          date: date(),
          type: oneOf(STATEMENT_ENTRY_TYPES),
          document_id: id('invoice, debit note, credit note or payment'),
          number: nstr({ example: 'INV/25-26/0042', description: "The document's number; a payment's receipt voucher number (null when it has none)" }),
          debit: money('What the entry adds to what the client owes'),
          credit: money('What the entry takes off it'),
          balance: money('The balance after this entry'),
        }),
      ),
      closing_balance: money('opening_balance + debits - credits'),
    },
    { description: "A client's statement of account for a period" },
  ),
  PaymentHeader: obj(paymentHeader, { description: 'A list row: the payment without its allocations' }),
  Payment: obj({ ...paymentHeader, allocations: arr(ref('PaymentAllocation')) }, { description: 'A payment with its allocations, oldest first' }),
  PaymentAllocation: obj({
    allocation_id: id('allocation'),
    payment_id: id('payment'),
    document_type: oneOf(ALLOCATION_DOCUMENT_TYPES),
    document_id: id('invoice or debit note settled'),
    document_number: nstr({ example: 'INV/25-26/0042' }),
    amount: money('Part of the payment settling the document'),
    tds_amount: money("Part of the payment's TDS applied to the document"),
    tds_recorded: bool({
      description:
        'true: that TDS was recorded on the document (it carried none of its own: its tds_amount grew by it); false: it matches the TDS the document carries and is not counted again',
    }),
    allocation_date: date({ description: "When the payment was applied to the document (the payment's date, or a later date for an advance applied later)" }),
    created_at: timestamp(),
  }),
  InvoiceLine: productLine('invoice_id', true),
  QuotationLine: productLine('quotation_id', false),
  ProformaInvoiceLine: productLine('proforma_invoice_id', false),
  CreditNoteLine: noteLine('credit_note_id'),
  DebitNoteLine: noteLine('debit_note_id'),
  InvoiceHeader: obj(invoiceHeader, { description: 'A list row: header columns only' }),
  TaxWarning: obj(
    {
      line: nint({ minimum: 1, description: 'Position of the line (1 = the first stored line, as printed); null: the document as a whole' }),
      code: oneOf(TAX_WARNING_CODES, {
        description:
          'wrong_tax_kind: IGST on an intra-state supply, CGST/SGST on an inter-state one, or tax where none is due; ' +
          'tax_amount: more than 0.01 from rate x taxable value; total_amount: not taxable value plus tax; ' +
          'cgst_sgst_unequal: CGST and SGST of an intra-state line differ (each is half the tax); ' +
          "rate_not_in_force: a GST rate that is not in force on the document's date (a note that refers to an invoice: that invoice's date), by the dated rate table; " +
          'place_of_supply_merged: place of supply 25 (Daman and Diu, merged into 26) on a document from 2020-08-01 (line null); ' +
          "credit_note_time_barred: a credit note dated after the CGST Act section 34(2) deadline of its invoice's financial year, 30 November after it ends (line null); " +
          'exchange_rate_missing: a document in a currency other than INR without exchange_rate; GSTR-1 and the e-invoice refuse it until it is set (line null); ' +
          'supplier_address_missing: an invoice or note whose supplier (the business profile when it was made) has no address or no state, which CGST rules 46(a) and 53(1A)(a) ask it to show (line null); ' +
          "cess_not_applicable: compensation cess on a line where none applies on the document's date (a note that refers to an invoice: that invoice's date), by the dated rate table; " +
          'destination_country_missing: an export invoice without destination_country, the country of destination CGST rule 46 (third proviso) asks it to name (line null)',
      }),
      field: str({ description: 'The field concerned', example: 'igst_amount' }),
      expected: nmoney('What the tax rule gives (for cgst_sgst_unequal, the CGST sent); null where the warning is not about an amount'),
      sent: nmoney('What the document carries (stored as sent): an amount, or the rate for rate_not_in_force; null where the warning is not about one'),
      message: str(),
    },
    { description: 'Where a document, stored as sent, disagrees with the tax rules' },
  ),
  Invoice: obj({ ...invoiceHeader, ...gstDetails, items: arr(ref('InvoiceLine')) }, { description: 'A single invoice with its lines in item_id order' }),
  RecentPayment: obj({ ...invoiceHeader, paid_at: ntimestamp() }),
  QuotationHeader: obj(quotationHeader),
  Quotation: obj({ ...quotationHeader, ...gstDetails, items: arr(ref('QuotationLine')) }),
  ProformaInvoiceHeader: obj(proformaHeader),
  ProformaInvoice: obj({ ...proformaHeader, ...gstDetails, items: arr(ref('ProformaInvoiceLine')) }),
  CreditNoteHeader: obj(creditNoteHeader),
  CreditNote: obj({ ...creditNoteHeader, ...gstDetails, items: arr(ref('CreditNoteLine')) }),
  DebitNoteHeader: obj(debitNoteHeader),
  DebitNote: obj({ ...debitNoteHeader, ...gstDetails, items: arr(ref('DebitNoteLine')) }),
  InventoryItem: obj({
    inventory_id: id('inventory item'),
    name: str(),
    sku: str(),
    barcode_type: str(),
    type: oneOf(INVENTORY_TYPES),
    description: str(),
    quantity: int({ description: 'Units in stock (may be negative after sales)' }),
    rate: money(),
    discount_type: discountType,
    discount_value: money(),
    tax_rate: num(),
    hsn_code: str(),
    low_stock_threshold: nint({
      description: 'A stock movement taking the quantity from above this to it or below raises `inventory.low_stock`; null: no alert',
    }),
    created_at: timestamp(),
    updated_at: timestamp(),
  }),
  StockMovement: obj({
    movement_id: id('movement'),
    inventory_id: id('inventory item'),
    quantity_delta: int(),
    quantity_after: int(),
    source_type: str({ description: 'opening, adjustment, invoice, ...' }),
    source_id: nint(),
    source_label: str(),
    note: str(),
    created_at: timestamp(),
  }),
  ExpenseDraft: obj(expenseFields, { description: 'An expense prefilled for a new entry (no id)' }),
  Expense: obj({ expense_id: id('expense'), ...expenseFields, created_at: timestamp(), updated_at: timestamp() }),
  Sendout: obj({
    queue_id: id('queue row'),
    client_id: id('client'),
    document_type: oneOf(SENDOUT_TYPES, { description: "A document kind, or statement: a client's statement of account" }),
    document_id: nid('document (null for a statement)'),
    period_from: ndate({ description: "A statement's first day; null for a document" }),
    period_to: ndate({ description: "A statement's last day; null for a document" }),
    to_email: str(),
    cc_emails: nstr({ description: 'Comma-separated' }),
    bcc_emails: nstr({ description: 'Comma-separated' }),
    subject: str(),
    message: str(),
    status: oneOf(SENDOUT_STATUSES),
    attempts: count(),
    last_error: nstr(),
    sent_at: ntimestamp(),
    message_id: nstr(),
    created_at: timestamp(),
    updated_at: timestamp(),
  }),
  Plan: plan,
  Account: obj({
    account_id: id('account'),
    business_name: nstr(),
    business_email: nstr(),
    currency,
    business_gstin: nstr(),
    business_pan: nstr(),
    subscription_expires_at: ntimestamp(),
    plan: ref('Plan'),
  }),
  Tokens: obj(tokens),
  Login: obj({ ...tokens, user: obj(user), permissions, business_name: nstr(), password_upgrade_required: bool() }),
  CurrentUser: obj({ ...user, business_name: nstr(), permissions }),
  Session: obj({
    session_id: id('session'),
    device_name: nstr(),
    platform: nstr(),
    user_agent: nstr(),
    created_at: timestamp(),
    last_used_at: timestamp(),
    expires_at: timestamp(),
    current: bool({ description: 'The session of the calling token' }),
  }),
  SubUser: subUser,
  BusinessProfile: obj({
    account_id: id('account'),
    business_name: nstr(),
    business_email: nstr(),
    business_address: nstr(),
    business_gstin: nstr(),
    business_pan: nstr(),
    state_code: nstr(),
    phone: nstr(),
    logo_url: nstr(),
    currency,
    time_zone: str({
      description: 'IANA time zone of the business: its recurring invoices and payment reminders follow the date in it',
      example: 'Asia/Kolkata',
    }),
    has_signature: bool(),
    has_logo: bool(),
    logo_type: noneOf(['png', 'jpeg']),
    bank_account_name: nstr(),
    bank_account_number: nstr(),
    bank_ifsc: nstr(),
    bank_name: nstr(),
    bank_branch: nstr(),
    upi_id: nstr(),
    aggregate_turnover: nstr({ description: 'Aggregate turnover of the previous financial year in rupees (GSTR-1 HSN digits)', example: '42000000.00' }),
    einvoice_enabled: bool({ description: 'e-invoicing (IRN) is on' }),
    invoice_template: oneOf(INVOICE_TEMPLATES),
    ...prefixes,
  }),
};
