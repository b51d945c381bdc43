import { Controller } from '@nestjs/common';
import { CreditNotesService } from '@app/domain/notes/credit-notes.service';
import { AccountApi, RequirePermission } from '../common/decorators';
import { DocumentController } from '../documents/document.controller';
import { CreditNoteListQueryDto } from '@app/contract/notes/note-list-query.dto';
import { CreditNoteBodyDto } from '@app/contract/credit-notes/credit-notes.dto';
import { presentCreditNote, presentCreditNoteWithLines } from '@app/contract/notes/credit-note.presenter';

@AccountApi('credit-notes')
@RequirePermission('credit_notes')
@Controller('v1/credit-notes')
export class CreditNotesController extends DocumentController({
  listQuery: CreditNoteListQueryDto,
  listKey: 'credit_notes',
  presentRow: presentCreditNote,
  present: presentCreditNoteWithLines,
  createBody: CreditNoteBodyDto,
  updateBody: CreditNoteBodyDto,
  // The contract lists 201 only for invoices, quotations, debit notes, inventory and expenses.
  createStatus: 200,
  idKey: 'credit_note_id',
  summaries: {
    list: 'Credit notes (header rows), newest note date first',
    create: 'Create a credit note, optionally pre-filled from source_invoice_id (numbered CN/YY-YY/NNNN)',
    bulkDelete: 'Delete several credit notes; ids that are not credit notes of the account are skipped',
    get: 'A credit note with its items',
    update: 'Merge fields over the credit note; items replace the lines when sent',
  },
}) {
  constructor(notes: CreditNotesService) {
    super(notes);
  }
}
