import type { OperationDoc } from './operations-kit';
import { arr, constant, id, obj, ref, str } from './schema-kit';

import { cursorList, deleted } from './operations-kit';

/** Operations of sendouts, analytics, exports (GSTR-1, GSTR-3B, e-invoices) and e-invoice registration, in the order of the document. */
export const OUTPUT_OPERATIONS: Record<string, OperationDoc> = {
  // sendouts
  'POST /v1/sendouts': {
    id: 'createSendout',
    summary: 'Email a document',
    description:
      "Queues an email of a document PDF; the worker sends it (the API never waits for SMTP). `document_type` `statement` (permission `payments`) emails the client's statement of account instead of a document: no `document_id`; the period is `from`/`to` or `fy_start_year` as GET /v1/clients/{id}/statement takes them (each bound defaulting to the current financial year's), fixed when the email is queued. The worker renders the statement PDF and attaches it.",
    data: obj({ success: constant(true), message: str(), queue_id: id('queue row') }),
    errors: [422],
  },
  'GET /v1/sendouts': { id: 'listSendouts', summary: 'Email history', data: cursorList('history', ref('Sendout')) },
  'GET /v1/sendouts/templates': { id: 'getSendoutTemplate', summary: 'Prefilled subject and message', data: obj({ subject: str(), message: str() }) },
  'GET /v1/sendouts/documents': {
    id: 'listSendoutDocuments',
    summary: "A client's documents to pick from",
    data: obj({ documents: arr(obj({ document_id: id('document'), label: str() })) }),
  },
  'DELETE /v1/sendouts/{queue_id}': { id: 'deleteSendout', summary: 'Cancel or remove a queued email', data: deleted },

  // analytics
  'GET /v1/analytics/summary': { id: 'getAnalyticsSummary', summary: 'Invoice count and revenue', data: ref('AnalyticsSummary') },
  'GET /v1/analytics/full': { id: 'getAnalytics', summary: 'The full dashboard', data: ref('AnalyticsFull') },
  'GET /v1/analytics/receivables-ageing': {
    id: 'getReceivablesAgeing',
    summary: 'Receivables ageing as of a date',
    description:
      "What clients still owe on issued and archived invoices and debit notes (receivable, the total less the TDS the document carries, less what its allocations dated on or before `as_of` paid), per client and in total, in buckets of days past due as of `as_of` (default today, Asia/Kolkata): `current` (not yet due, or no due date), `1_30`, `31_60`, `61_90`, `over_90`. Documents dated after `as_of`, drafts and cancelled documents are left out. Amounts are in the account's currency: a document in another currency is converted per document at its `exchange_rate` (rupees per unit, on an INR account), rounded half-up to the paisa; one without an exchange rate is left out and counted in `unconverted_documents`. `format=xlsx` answers the same figures as a workbook. 400 on an `as_of` that is not a date Y-m-d.",
    data: ref('ReceivablesAgeing'),
    alternative: {
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      description: 'With format=xlsx: the workbook (sheet Ageing: a row per client and a Total row; sheet About)',
    },
  },

  // GST exports
  'GET /v1/exports/gstr1': {
    id: 'getGstr1',
    summary: 'GSTR-1 of a month or quarter',
    description:
      "GSTR-1 of `period=YYYY-MM` or `quarter=YYYY-Qn` (financial-year quarters) in the JSON the GST portal's offline tool imports (`schemas/gstr1.schema.json`): b2b, b2cl, b2cs, cdnr, cdnur, exp, nil, hsn and doc_issue, computed from the invoices and notes of the period. Drafts are left out; cancelled invoices count only in doc_issue, and so do invoices and notes deleted after they were issued (as cancelled); doc_issue gives per series the range of numbers, how many it holds (`totnum`), the cancelled and deleted ones (`cancel`) and the rest (`net_issue`). `format=xlsx` answers the same tables as a workbook. 400 when neither or both of period and quarter are given, or the business has no GSTIN.",
    data: ref('Gstr1'),
    alternative: {
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      description: 'With format=xlsx: the workbook, one sheet per table',
    },
  },
  'POST /v1/exports/gstr1/filed': {
    id: 'markGstr1Filed',
    summary: "Mark a month's GSTR-1 filed",
    description:
      'Records that the GSTR-1 of `period` (a month, YYYY-MM) was filed on the portal: the time, and the invoices and notes the return reports now, against which `GET /v1/exports/gstr1a` tells what changed. 201 with the time; 409 `conflict` (`details.reason` `already_filed`, with `filed_at`) when the month is already marked, since GSTR-1A is filed once a period. 400 on a malformed period, a business without a GSTIN, or a foreign-currency document without exchange_rate.',
    status: 201,
    data: ref('Gstr1Filed'),
    errors: [409],
  },
  'GET /v1/exports/gstr1a': {
    id: 'getGstr1a',
    summary: 'GSTR-1A of a month marked filed',
    description:
      "The invoices and notes of `period` (YYYY-MM) created, changed, cancelled or deleted since the month's GSTR-1 was marked filed, found by comparing what the return reports now with what it reported when marked (not by timestamps): `changes` lists them, and GSTR-1's tables hold them as they are now (b2b, b2cl, exp, cdnr, cdnur: each document; one no longer reported as filed at 0) and the rows of b2cs, nil and hsn whose amounts differ from those filed. 409 `conflict` (`details.reason` `not_filed`) when the month is not marked filed; 400 on a malformed period.",
    data: ref('Gstr1a'),
    errors: [409],
  },
  'GET /v1/exports/gstr3b': {
    id: 'getGstr3b',
    summary: 'GSTR-3B outward supplies of a month or quarter',
    description:
      "Tables 3.1 (a) to (e), 3.1.1 and 3.2 of GSTR-3B for `period=YYYY-MM` or `quarter=YYYY-Qn`, in the portal's JSON field names (`return`, `schemas/gstr3b.schema.json`), computed from the documents GSTR-1 reports (drafts, cancelled and deleted documents left out; credit notes subtract, debit notes add; foreign-currency documents in rupees at their exchange_rate). `remarks` says what is not computed: input tax credit (table 4) and inward supplies, since the service records no purchases, and why 3.1(d), 3.1(e), 3.1.1 and the composition and UIN rows of 3.2 are empty. `format=xlsx` answers a workbook. 400 when neither or both of period and quarter are given, the business has no GSTIN, or a foreign-currency document has no exchange_rate.",
    data: ref('Gstr3b'),
    alternative: {
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      description: 'With format=xlsx: the workbook (sheets 3.1, 3.1.1, 3.2 and remarks)',
    },
  },
  'GET /v1/exports/einvoice/{id}': {
    id: 'getEInvoiceJson',
    summary: 'The IRP JSON of an invoice',
    description:
      'The invoice as the e-invoice registration portal takes it (IRP schema 1.1, `schemas/einvoice-1.1.schema.json`), checked against the schema, without sending it. 400 by field when the invoice cannot be e-invoiced (no GSTIN or PIN code, a recipient without a GSTIN other than an export, a line without an HSN code, a draft).',
    data: ref('IrpInvoice'),
    errors: [404],
  },
  'POST /v1/invoices/{id}/einvoice': {
    id: 'registerEInvoice',
    summary: 'Register an invoice with the e-invoice portal',
    description:
      'Sends the IRP JSON to the registration portal and stores the IRN, acknowledgement and signed QR code; the invoice PDF then shows the IRN and the QR code. Needs `einvoice_enabled` in the business settings. An invoice already registered answers its IRN; a portal that already has the invoice (duplicate IRN) gives back the existing registration. The answer is stored only when its IRN is the SHA-256 of supplier GSTIN, financial year, document type and number and the signed QR code verifies with the portal key (`EINVOICE_QR_PUBLIC_KEY`); otherwise 503 and nothing stored. 400 past the 30-day reporting limit (aggregate turnover of 10 crore rupees or more), 400 when the portal refuses (details keyed `portal.<code>`), 503 when it does not answer in time (nothing is stored; repeat the call), 503 not_configured without the portal settings.',
    data: ref('EInvoice'),
    errors: [404, 503],
  },
  'DELETE /v1/invoices/{id}/einvoice': {
    id: 'cancelEInvoice',
    summary: 'Cancel the IRN of an invoice',
    description:
      'Cancels the IRN at the portal within 24 hours of its acknowledgement (later: 400 saying until when it could be cancelled). The registration stays with `status: cancelled`; the invoice may be edited again.',
    data: ref('EInvoice'),
    errors: [404, 503],
  },
  'GET /v1/exports/einvoice/credit-notes/{id}': {
    id: 'getCreditNoteEInvoiceJson',
    summary: 'The IRP JSON of a credit note',
    description:
      'The credit note as the e-invoice registration portal takes it (document type `CRN`, IRP schema 1.1), checked against the schema, without sending it. 400 by field when it cannot be e-invoiced (a line without GST details or HSN code, a recipient without a GSTIN other than an export, a draft).',
    data: ref('IrpInvoice'),
    errors: [404],
  },
  'POST /v1/credit-notes/{id}/einvoice': {
    id: 'registerCreditNoteEInvoice',
    summary: 'Register a credit note (CRN) with the e-invoice portal',
    description:
      'As for invoices: sends the IRP JSON (`CRN`) and stores the IRN, acknowledgement and signed QR code once the IRN matches its definition and the QR signature verifies with the portal key (otherwise 503 and nothing stored). 400 past the 30-day reporting limit of a business with an aggregate turnover of 10 crore rupees or more, or when the portal refuses (details keyed `portal.<code>`); 503 when the portal does not answer in time, 503 not_configured without the portal settings.',
    data: ref('EInvoice'),
    errors: [404, 503],
  },
  'DELETE /v1/credit-notes/{id}/einvoice': {
    id: 'cancelCreditNoteEInvoice',
    summary: 'Cancel the IRN of a credit note',
    description:
      'Cancels the IRN at the portal within 24 hours of its acknowledgement (later: 400 saying until when). The registration stays with `status: cancelled`.',
    data: ref('EInvoice'),
    errors: [404, 503],
  },
  'GET /v1/exports/einvoice/debit-notes/{id}': {
    id: 'getDebitNoteEInvoiceJson',
    summary: 'The IRP JSON of a debit note',
    description:
      'The debit note as the e-invoice registration portal takes it (document type `DBN`, IRP schema 1.1), checked against the schema, without sending it. 400 by field when it cannot be e-invoiced (a line without GST details or HSN code, a recipient without a GSTIN other than an export, a draft).',
    data: ref('IrpInvoice'),
    errors: [404],
  },
  'POST /v1/debit-notes/{id}/einvoice': {
    id: 'registerDebitNoteEInvoice',
    summary: 'Register a debit note (DBN) with the e-invoice portal',
    description:
      'As for invoices: sends the IRP JSON (`DBN`) and stores the IRN, acknowledgement and signed QR code once the IRN matches its definition and the QR signature verifies with the portal key (otherwise 503 and nothing stored). 400 past the 30-day reporting limit of a business with an aggregate turnover of 10 crore rupees or more, or when the portal refuses (details keyed `portal.<code>`); 503 when the portal does not answer in time, 503 not_configured without the portal settings.',
    data: ref('EInvoice'),
    errors: [404, 503],
  },
  'DELETE /v1/debit-notes/{id}/einvoice': {
    id: 'cancelDebitNoteEInvoice',
    summary: 'Cancel the IRN of a debit note',
    description:
      'Cancels the IRN at the portal within 24 hours of its acknowledgement (later: 400 saying until when). The registration stays with `status: cancelled`.',
    data: ref('EInvoice'),
    errors: [404, 503],
  },

  // e-way bills
  'POST /v1/invoices/{id}/eway-bill': {
    id: 'generateEwayBill',
    summary: 'Generate the e-way bill of an invoice',
    description:
      'Sends Part A (the invoice, in rupees at its `exchange_rate`) and Part B (transport mode, distance, vehicle or transporter, transport document; `lr_number` and `transport_details` of the invoice fill the document number and transporter name when not given) to the NIC e-way bill system and stores the 12-digit number, its date and the validity rule 138(10) gives: one day per 200 km or part (over-dimensional cargo: per 20 km), ending at midnight (IST) of the last day counted from the day after generation. By road without a vehicle (transporter id only) the bill has no validity yet (`valid_until` null). 400 before anything is sent when the invoice is a draft or cancelled, has no goods (every line a service, SAC 99), its consignment value (goods with the tax charged) is not above `EWAY_BILL_THRESHOLD` (50,000 rupees), it is older than 180 days, or Part B is incomplete; 400 when the portal refuses the data (details keyed `portal.<code>`); 409 when the invoice has an active bill; 503 when the portal does not answer in time (nothing is stored), 503 not_configured without the portal settings or for another GSTIN than theirs.',
    status: 201,
    data: ref('EwayBill'),
    errors: [404, 409, 503],
  },
};
