import { DocumentKind, DOCUMENT_KINDS } from '@app/domain/documents/document-kinds';

/**
 * Where each document kind lives in the database: its header and line tables and the columns that
 * differ between kinds. Every adapter that reads documents of any kind (PDF source, sendout pick
 * list, quota counter, client cascade, number prefixes) derives its SQL from this map; a kind's own
 * repository keeps its entity mapping.
 */
export interface DocumentTable {
  table: string;
  /** Line table and its column referring to the header. */
  lines: string;
  parent: string;
  number: string;
  date: string;
  /** Column of business_settings with the account's number prefix for the kind. */
  prefix: string;
  /**
   * SQL over the header (aliased `d`) for the fields of a SourceDocument that not every kind has;
   * null where the kind has no such field.
   */
  source: {
    dueDate: string | null;
    validityDate: string | null;
    type: string | null;
    status: string;
    paymentStatus: string | null;
    paidAmount: string | null;
    tdsAmount: string | null;
    /** The id of the invoice a note refers to (rule 53(1A)(g)); a credit note's defaults to its source invoice. */
    originalInvoiceId: string | null;
    /** The export particulars of an invoice (CGST rule 46, third proviso). */
    deliveryAddress: string | null;
    destinationCountry: string | null;
    /** The ship-to party of an invoice (tax/ship-to.ts). */
    shipToGstin: string | null;
    shipToName: string | null;
  };
}

export const DOCUMENT_TABLES: Record<DocumentKind, DocumentTable> = {
  invoice: {
    table: 'invoices',
    lines: 'invoice_items',
    parent: 'invoice_id',
    number: 'invoice_number',
    date: 'invoice_date',
    prefix: 'invoice_prefix',
    source: {
      dueDate: 'd.payment_due_date',
      validityDate: null,
      type: 'd.invoice_type',
      status: 'd.status',
      paymentStatus: 'd.payment_status',
      paidAmount: 'd.paid_amount',
      tdsAmount: 'd.tds_amount',
      originalInvoiceId: null,
      deliveryAddress: 'd.delivery_address',
      destinationCountry: 'd.destination_country',
      shipToGstin: 'd.ship_to_gstin',
      shipToName: 'd.ship_to_name',
    },
  },
  quotation: {
    table: 'quotations',
    lines: 'quotation_items',
    parent: 'quotation_id',
    number: 'quotation_number',
    date: 'quotation_date',
    prefix: 'quotation_prefix',
    source: {
      dueDate: null,
      validityDate: 'd.validity_date',
      type: `CASE WHEN d.document_kind = 'proforma' THEN 'proforma' ELSE d.quotation_type END`,
      status: 'd.approval_status',
      paymentStatus: null,
      paidAmount: null,
      tdsAmount: null,
      originalInvoiceId: null,
      deliveryAddress: null,
      destinationCountry: null,
      shipToGstin: null,
      shipToName: null,
    },
  },
  'proforma-invoice': {
    table: 'proforma_invoices',
    lines: 'proforma_invoice_items',
    parent: 'proforma_invoice_id',
    number: 'proforma_number',
    date: 'proforma_date',
    prefix: 'proforma_prefix',
    source: {
      dueDate: null,
      validityDate: 'd.validity_date',
      type: null,
      status: 'd.approval_status',
      paymentStatus: null,
      paidAmount: null,
      tdsAmount: null,
      originalInvoiceId: null,
      deliveryAddress: null,
      destinationCountry: null,
      shipToGstin: null,
      shipToName: null,
    },
  },
  'debit-note': {
    table: 'debit_notes',
    lines: 'debit_note_items',
    parent: 'debit_note_id',
    number: 'debit_note_number',
    date: 'debit_note_date',
    prefix: 'debit_note_prefix',
    source: {
      dueDate: 'd.payment_due_date',
      validityDate: null,
      type: null,
      status: 'd.status',
      paymentStatus: 'd.payment_status',
      paidAmount: 'd.paid_amount',
      tdsAmount: null,
      originalInvoiceId: 'd.original_invoice_id',
      deliveryAddress: null,
      destinationCountry: null,
      shipToGstin: null,
      shipToName: null,
    },
  },
  'credit-note': {
    table: 'credit_notes',
    lines: 'credit_note_items',
    parent: 'credit_note_id',
    number: 'credit_note_number',
    date: 'credit_note_date',
    prefix: 'credit_note_prefix',
    source: {
      dueDate: null,
      validityDate: null,
      type: null,
      status: 'd.status',
      paymentStatus: null,
      paidAmount: null,
      tdsAmount: null,
      originalInvoiceId: 'COALESCE(d.original_invoice_id, d.source_invoice_id)',
      deliveryAddress: null,
      destinationCountry: null,
      shipToGstin: null,
      shipToName: null,
    },
  },
};

/** Every kind's tables, in registry order. */
export const ALL_DOCUMENT_TABLES: readonly DocumentTable[] = DOCUMENT_KINDS.map((kind) => DOCUMENT_TABLES[kind]);

/** The table and the number and date columns a kind's repository lists and searches by. */
export function listedColumns(kind: DocumentKind): { table: string; numberColumn: string; dateColumn: string; sortIndex?: string } {
  const t = DOCUMENT_TABLES[kind];
  return { table: t.table, numberColumn: t.number, dateColumn: t.date, sortIndex: SORT_INDEXES[t.table] };
}

/** The (account_id, date, id) index of each listed table (created by the sales-documents migration). */
const SORT_INDEXES: Record<string, string | undefined> = {
  invoices: 'ix_invoices_date',
  quotations: 'ix_quotations_date',
  proforma_invoices: 'ix_proforma_date',
};
