import { Controller } from '@nestjs/common';
import { DebitNotesService } from '@app/domain/notes/debit-notes.service';
import { AccountApi, RequirePermission } from '../common/decorators';
import { DocumentController } from '../documents/document.controller';
import { DebitNoteListQueryDto } from '@app/contract/notes/note-list-query.dto';
import { CreateDebitNoteDto, UpdateDebitNoteDto } from '@app/contract/debit-notes/debit-notes.dto';
import { presentDebitNote, presentDebitNoteWithLines } from '@app/contract/notes/debit-note.presenter';

@AccountApi('debit-notes')
@RequirePermission('debit_notes')
@Controller('v1/debit-notes')
export class DebitNotesController extends DocumentController({
  listQuery: DebitNoteListQueryDto,
  listKey: 'debit_notes',
  presentRow: presentDebitNote,
  present: presentDebitNoteWithLines,
  createBody: CreateDebitNoteDto,
  updateBody: UpdateDebitNoteDto,
  createStatus: 201,
  idKey: 'debit_note_id',
  summaries: {
    list: 'Debit notes (header rows), newest note date first',
    create: 'Create a debit note (numbered DN/YY-YY/NNNN by financial year)',
    bulkDelete: 'Delete several debit notes; ids that are not debit notes of the account are skipped',
    get: 'A debit note with its items',
    update: 'Merge fields over the debit note; items replace the lines when sent',
  },
}) {
  constructor(notes: DebitNotesService) {
    super(notes);
  }
}
