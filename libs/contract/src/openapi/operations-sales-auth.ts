import type { OperationDoc } from './operations-kit';
import { arr, bool, constant, date, id, nid, obj, ref, str } from './schema-kit';
import { count } from './resources';
import {
  ISSUE_ON_PATCH,
  PAYMENT_STATUS_ON_PATCH,
  DELETE_TAX_DOCUMENT,
  DELETE_SETTLED_DOCUMENT,
  signInThrottle,
  written,
  conversion,
  created,
  deleted,
  bulk,
  savedProfile,
  syncedList,
} from './operations-kit';

/** Operations of recurring-invoice actions, conversions and notes of quotations, proforma invoices and notes, and sign-in, in the order of the document. */
export const SALES_AUTH_OPERATIONS: Record<string, OperationDoc> = {
  'GET /v1/recurring-invoices/{id}': {
    id: 'getRecurringInvoice',
    summary: 'Get a recurring invoice profile with its runs',
    data: ref('RecurringInvoiceWithRuns'),
  },
  'PATCH /v1/recurring-invoices/{id}': {
    id: 'updateRecurringInvoice',
    summary: 'Update a recurring invoice profile',
    description:
      'Merges the fields over the profile; `items`, when sent, replaces the lines of the template. Changes apply from the next run: invoices already made stay as they are. A changed schedule (or a completed profile given a longer one) runs from its first scheduled day on or after today.',
    data: savedProfile,
    errors: [409],
  },
  'DELETE /v1/recurring-invoices/{id}': {
    id: 'deleteRecurringInvoice',
    summary: 'Delete a recurring invoice profile',
    description: 'The profile and its runs are gone; the invoices it made stay.',
    data: deleted,
  },
  'POST /v1/recurring-invoices/{id}/pause': {
    id: 'pauseRecurringInvoice',
    summary: 'Pause a recurring invoice profile',
    description: 'A paused profile makes no invoice. 409 when it has completed.',
    data: ref('RecurringInvoice'),
    errors: [409],
  },
  'POST /v1/recurring-invoices/{id}/resume': {
    id: 'resumeRecurringInvoice',
    summary: 'Resume a paused recurring invoice profile',
    description:
      'The schedule goes on from today: the dates that passed while it was paused are not made (a pause is not downtime). 409 when it has completed.',
    data: ref('RecurringInvoice'),
    errors: [409],
  },
  'POST /v1/recurring-invoices/{id}/run-now': {
    id: 'runRecurringInvoiceNow',
    summary: "Make the profile's invoice dated today, now",
    description:
      'Makes the invoice of today (Asia/Kolkata) now, numbered in the financial year of today, and queues its email when auto_send is on. It counts as a run: a run due today or before is taken by it, and the schedule goes on after today. 409 when the profile already has a run dated today, has completed, or a worker is making its run at this moment. Works on a paused profile too.',
    status: 201,
    data: obj({
      invoice_id: id('new invoice'),
      invoice_number: str(),
      run_date: date(),
      sendout_id: nid('email queued by auto_send'),
      tax_warnings: arr(ref('TaxWarning')),
    }),
    errors: [402, 409],
  },

  // quotations
  'GET /v1/quotations': { id: 'listQuotations', summary: 'List quotations', data: syncedList('quotations', ref('QuotationHeader')) },
  'POST /v1/quotations': created('createQuotation', 'Create a quotation', written('quotation_id', 'new quotation', 'quotation_number')),
  'POST /v1/quotations/bulk-delete': { id: 'bulkDeleteQuotations', summary: 'Delete several quotations', data: bulk },
  'POST /v1/quotations/{id}/convert-to-invoice': conversion('convertQuotationToInvoice', 'a quotation'),
  'GET /v1/quotations/{id}': { id: 'getQuotation', summary: 'Get a quotation with its lines', data: ref('Quotation') },
  'PATCH /v1/quotations/{id}': { id: 'updateQuotation', summary: 'Update a quotation', data: written('quotation_id', 'quotation'), errors: [409] },
  'DELETE /v1/quotations/{id}': { id: 'deleteQuotation', summary: 'Delete a quotation', data: deleted },

  // proforma invoices
  'GET /v1/proforma-invoices': {
    id: 'listProformaInvoices',
    summary: 'List proforma invoices',
    data: syncedList('proforma_invoices', ref('ProformaInvoiceHeader')),
  },
  'POST /v1/proforma-invoices': {
    id: 'createProformaInvoice',
    summary: 'Create a proforma invoice',
    data: written('proforma_invoice_id', 'new proforma invoice', 'proforma_number'),
    errors: [402, 409],
  },
  'POST /v1/proforma-invoices/bulk-delete': { id: 'bulkDeleteProformaInvoices', summary: 'Delete several proforma invoices', data: bulk },
  'POST /v1/proforma-invoices/{id}/convert-to-invoice': conversion('convertProformaInvoiceToInvoice', 'a proforma invoice'),
  'GET /v1/proforma-invoices/{id}': { id: 'getProformaInvoice', summary: 'Get a proforma invoice with its lines', data: ref('ProformaInvoice') },
  'PATCH /v1/proforma-invoices/{id}': {
    id: 'updateProformaInvoice',
    summary: 'Update a proforma invoice',
    data: written('proforma_invoice_id', 'proforma invoice'),
    errors: [409],
  },
  'DELETE /v1/proforma-invoices/{id}': { id: 'deleteProformaInvoice', summary: 'Delete a proforma invoice', data: deleted },

  // notes
  'GET /v1/debit-notes': { id: 'listDebitNotes', summary: 'List debit notes', data: syncedList('debit_notes', ref('DebitNoteHeader')) },
  'POST /v1/debit-notes': created('createDebitNote', 'Create a debit note', written('debit_note_id', 'new debit note')),
  'POST /v1/debit-notes/bulk-delete': { id: 'bulkDeleteDebitNotes', summary: 'Delete several debit notes', data: bulk },
  'GET /v1/debit-notes/{id}': { id: 'getDebitNote', summary: 'Get a debit note with its lines', data: ref('DebitNote') },
  'PATCH /v1/debit-notes/{id}': {
    id: 'updateDebitNote',
    summary: 'Update a debit note',
    description: `${ISSUE_ON_PATCH}\n\n${PAYMENT_STATUS_ON_PATCH}`,
    data: written('debit_note_id', 'debit note'),
    errors: [409],
  },
  'DELETE /v1/debit-notes/{id}': { id: 'deleteDebitNote', summary: 'Delete a debit note', description: DELETE_SETTLED_DOCUMENT, data: deleted },
  'GET /v1/credit-notes': { id: 'listCreditNotes', summary: 'List credit notes', data: syncedList('credit_notes', ref('CreditNoteHeader')) },
  'POST /v1/credit-notes': { id: 'createCreditNote', summary: 'Create a credit note', data: written('credit_note_id', 'new credit note'), errors: [402, 409] },
  'POST /v1/credit-notes/bulk-delete': { id: 'bulkDeleteCreditNotes', summary: 'Delete several credit notes', data: bulk },
  'GET /v1/credit-notes/{id}': { id: 'getCreditNote', summary: 'Get a credit note with its lines', data: ref('CreditNote') },
  'PATCH /v1/credit-notes/{id}': {
    id: 'updateCreditNote',
    summary: 'Update a credit note',
    description: ISSUE_ON_PATCH,
    data: written('credit_note_id', 'credit note'),
    errors: [409],
  },
  'DELETE /v1/credit-notes/{id}': { id: 'deleteCreditNote', summary: 'Delete a credit note', description: DELETE_TAX_DOCUMENT, data: deleted },

  // auth
  'POST /v1/auth/login': {
    id: 'login',
    summary: 'Sign in (mobile app)',
    description:
      'Mobile sign-in: access token (1 hour) and refresh token (30 days).\n\n' +
      signInThrottle('Failed sign-ins') +
      ' Over a limit even the right password is refused.',
    data: ref('Login'),
    errors: [401, 403, 409, 429, 503],
  },
  'POST /v1/auth/refresh': { id: 'refreshTokens', summary: 'Rotate the tokens', data: ref('Tokens'), errors: [401, 403] },
  'POST /v1/auth/logout': { id: 'logout', summary: 'Sign out', data: obj({ logged_out: constant(true) }), errors: [401, 403] },
  'GET /v1/auth/me': { id: 'getCurrentUser', summary: 'The signed-in user', data: ref('CurrentUser') },
  'POST /v1/auth/change-password': {
    id: 'changePassword',
    summary: 'Change the password',
    description:
      'Changes the password under the policy; the other sessions of the user are signed out.\n\n' +
      signInThrottle('A wrong `current_password` is a failed sign-in: failures'),
    errors: [429, 503],
    data: obj({ updated: constant(true), password_upgrade_required: bool(), revoked_sessions: count() }),
  },
  'GET /v1/auth/sessions': { id: 'listSessions', summary: 'Signed-in devices of the user', data: obj({ sessions: arr(ref('Session')) }) },
  'DELETE /v1/auth/sessions': { id: 'revokeSession', summary: 'Revoke one session', data: obj({ revoked: constant(true), session_id: id('session') }) },
  'POST /v1/auth/sessions/revoke-others': {
    id: 'revokeOtherSessions',
    summary: 'Revoke every other session',
    data: obj({ revoked: count('Sessions revoked') }),
  },
  'POST /v1/auth/delete-account': {
    id: 'deleteAccount',
    summary: 'Delete the business account',
    description:
      'The owner soft-deletes the business account: every session and the API key stop working; documents are kept.\n\n' +
      signInThrottle('A wrong `password` is a failed sign-in: failures'),
    errors: [429, 503],
    data: obj({ deleted: constant(true), account_id: id('account'), revoked_sessions: count() }),
  },
};
