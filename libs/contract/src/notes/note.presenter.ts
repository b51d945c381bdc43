import { NoteHeaderFields, NoteLine, StoredNote } from '@app/domain/notes/note';
import { toNumber2 } from '@app/domain/shared/money';
import { presentGstHeader } from '../documents/gst.presenter';

/** Lines in item_id order, each with its parent id (`debit_note_id` or `credit_note_id`). */
export function presentNoteLines(lines: NoteLine[], parentKey: 'debit_note_id' | 'credit_note_id') {
  return lines.map((line) => ({
    item_id: line.id,
    [parentKey]: line.noteId,
    description: line.description,
    expense_date: line.expenseDate,
    amount: toNumber2(line.amount),
    hsn_code: line.hsnCode ?? null,
    quantity: line.quantity === null || line.quantity === undefined ? null : Number(line.quantity),
    unit: line.unit ?? null,
    taxable_value: nullable(line.taxableValue),
    tax_rate: line.taxRate === null || line.taxRate === undefined ? null : Number(line.taxRate),
    cgst_amount: nullable(line.cgstAmount),
    sgst_amount: nullable(line.sgstAmount),
    igst_amount: nullable(line.igstAmount),
    cess_rate: line.cessRate === null || line.cessRate === undefined ? null : Number(line.cessRate),
    // A line with a taxable value reads its cess (0 without); a plain amount line carries no tax details.
    cess_amount: line.taxableValue === null || line.taxableValue === undefined ? nullable(line.cessAmount) : toNumber2(line.cessAmount ?? '0'),
  }));
}

const nullable = (v: string | null | undefined) => (v === null || v === undefined ? null : toNumber2(v));

/** Header fields both kinds show, after their own id, number and date. */
export function presentNoteCommon(note: NoteHeaderFields & StoredNote) {
  return {
    client_id: note.clientId,
    currency: note.currency,
    status: note.status,
    declaration_text: note.declarationText,
    transport_details: note.transportDetails,
    lr_number: note.lrNumber,
    lut_number: note.lutNumber,
    original_invoice_id: note.originalInvoiceId,
    ...presentGstHeader(note),
    total_amount: toNumber2(note.totalAmount),
    fy_start_year: note.fyStartYear,
    created_at: note.createdAt,
    updated_at: note.updatedAt,
  };
}
