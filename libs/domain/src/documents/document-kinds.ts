import { DocumentPermission } from '../shared/principal';

/**
 * The document kinds, each described once. Everything that lists kinds (number prefixes, the
 * `{type}` path segment and its permission, PDF titles and labels, email wording, tables in the
 * adapters) derives from this list, so a new kind is one more entry here plus its own module,
 * template and migration (see "Adding a document kind" in `docs/architecture.md`).
 */
export interface DocumentKindSpec {
  /** The `{type}` path segment of /v1/documents/{type}/... and the `document_type` of a sendout. */
  readonly path: string;
  /** Permission a user needs to read or send a document of this kind (one of shared/principal.ts's). */
  readonly permission: DocumentPermission;
  /** Number prefix when business settings set none (1 to 5 characters, see validatePrefix). */
  readonly defaultPrefix: string;
  /** Field of the business settings (API) holding the account's own prefix. */
  readonly prefixSetting: string;
  /** Field names of the number and the date in the kind's API representation. */
  readonly numberField: string;
  readonly dateField: string;
  /**
   * True: goods/services lines with HSN and GST amounts (invoice-style). False: plain amount lines
   * without tax (notes).
   */
  readonly gstLines: boolean;
  /** A tax document under the CGST Act (invoice, notes) rather than an offer (quotation, proforma). */
  readonly taxDocument: boolean;
  /** The client pays it: an amount due (total less TDS less paid) and a payment status. */
  readonly payable: boolean;
  readonly labels: DocumentKindLabels;
}

export interface DocumentKindLabels {
  /** In sentences and subjects: 'Invoice', 'Proforma Invoice'. */
  readonly name: string;
  /** Printed title: 'Tax Invoice'. */
  readonly title: string;
  /** Printed title by document type, where the type changes it (a bill of supply). */
  readonly titleByType?: Readonly<Record<string, string>>;
  /** Printed labels of the number, the recipient block, the details block and the notes. */
  readonly number: string;
  readonly recipient: string;
  readonly details: string;
  readonly notes: string;
}

const KINDS = [
  {
    path: 'invoice',
    permission: 'invoices',
    defaultPrefix: 'INV',
    prefixSetting: 'invoice_prefix',
    numberField: 'invoice_number',
    dateField: 'invoice_date',
    gstLines: true,
    taxDocument: true,
    payable: true,
    labels: {
      name: 'Invoice',
      title: 'Tax Invoice',
      titleByType: { bill_of_supply: 'Bill of Supply' },
      number: 'Invoice No.',
      recipient: 'Billed To',
      details: 'Invoice Details',
      notes: 'Notes',
    },
  },
  {
    path: 'quotation',
    permission: 'quotations',
    defaultPrefix: 'QT',
    prefixSetting: 'quotation_prefix',
    numberField: 'quotation_number',
    dateField: 'quotation_date',
    gstLines: true,
    taxDocument: false,
    payable: false,
    labels: {
      name: 'Quotation',
      title: 'Quotation',
      titleByType: { proforma: 'Proforma Invoice' },
      number: 'Quotation No.',
      recipient: 'Quotation For',
      details: 'Quotation Details',
      notes: 'Terms & Notes',
    },
  },
  {
    path: 'proforma-invoice',
    permission: 'proforma_invoices',
    defaultPrefix: 'PI',
    prefixSetting: 'proforma_invoice_prefix',
    numberField: 'proforma_number',
    dateField: 'proforma_date',
    gstLines: true,
    taxDocument: false,
    payable: false,
    labels: {
      name: 'Proforma Invoice',
      title: 'Proforma Invoice',
      number: 'Proforma No.',
      recipient: 'Billed To',
      details: 'Invoice Details',
      notes: 'Terms & Notes',
    },
  },
  {
    path: 'debit-note',
    permission: 'debit_notes',
    defaultPrefix: 'DN',
    prefixSetting: 'debit_note_prefix',
    numberField: 'debit_note_number',
    dateField: 'debit_note_date',
    gstLines: false,
    taxDocument: true,
    payable: true,
    labels: {
      name: 'Debit Note',
      title: 'Debit Note',
      number: 'Debit Note No.',
      recipient: 'Recipient',
      details: 'Note Details',
      notes: 'Reason / Notes',
    },
  },
  {
    path: 'credit-note',
    permission: 'credit_notes',
    defaultPrefix: 'CN',
    prefixSetting: 'credit_note_prefix',
    numberField: 'credit_note_number',
    dateField: 'credit_note_date',
    gstLines: false,
    taxDocument: true,
    payable: false,
    labels: {
      name: 'Credit Note',
      title: 'Credit Note',
      number: 'Credit Note No.',
      recipient: 'Recipient',
      details: 'Note Details',
      notes: 'Reason / Notes',
    },
  },
] as const satisfies readonly DocumentKindSpec[];

export type DocumentKind = (typeof KINDS)[number]['path'];
/** Business-settings fields holding the number prefixes. */
export type PrefixSetting = (typeof KINDS)[number]['prefixSetting'];

export interface DocumentKindEntry extends DocumentKindSpec {
  readonly path: DocumentKind;
  readonly prefixSetting: PrefixSetting;
}

/** Every kind, in the order they are listed to users. */
export const DOCUMENT_KINDS: readonly DocumentKind[] = KINDS.map((k) => k.path);

/** The registry, keyed by kind. */
export const DOCUMENT_KIND_REGISTRY: Readonly<Record<DocumentKind, DocumentKindEntry>> = Object.fromEntries(KINDS.map((k) => [k.path, k])) as Record<
  DocumentKind,
  DocumentKindEntry
>;

export function isDocumentKind(value: unknown): value is DocumentKind {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(DOCUMENT_KIND_REGISTRY, value);
}

export function documentKind(kind: DocumentKind): DocumentKindEntry {
  return DOCUMENT_KIND_REGISTRY[kind];
}

/** A value per kind, computed from its registry entry (e.g. the default prefixes). */
export function perKind<T>(pick: (spec: DocumentKindEntry) => T): Record<DocumentKind, T> {
  return Object.fromEntries(KINDS.map((k) => [k.path, pick(k)])) as Record<DocumentKind, T>;
}
