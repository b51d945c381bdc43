import { presentTaxWarnings } from '@app/domain/presentation/gst.presenter';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Caller } from '@app/domain/auth/authenticate-caller.use-case';
import { CreditNotesService } from '@app/domain/notes/credit-notes.service';
import { CurrentCaller, RequirePermission } from '../common/decorators';
import { documentFilterOf } from '../common/document-list-query.dto';
import { IdsBodyDto } from '../common/ids-body.dto';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { CreditNoteListQueryDto } from '../notes/note-list-query.dto';
import { CreditNoteBodyDto } from './credit-notes.dto';
import { presentCreditNote, presentCreditNoteWithLines } from '@app/domain/presentation/credit-note.presenter';

@ApiTags('credit-notes')
@ApiBearerAuth()
@ApiSecurity('api-key')
@RequirePermission('credit_notes')
@Controller('v1/credit-notes')
export class CreditNotesController {
  constructor(private readonly notes: CreditNotesService) {}

  @Get()
  @ApiOperation({ summary: 'Credit notes (header rows), newest note date first' })
  async list(@CurrentCaller() caller: Caller, @Query() query: CreditNoteListQueryDto) {
    const page = await this.notes.list(caller, documentFilterOf(query));
    return { credit_notes: page.rows.map(presentCreditNote), total: page.total };
  }

  @Post()
  @HttpCode(200) // the contract lists 201 only for invoices, quotations, debit notes, inventory and expenses
  @ApiOperation({ summary: 'Create a credit note, optionally pre-filled from source_invoice_id (numbered CN/YY-YY/NNNN)' })
  async create(@CurrentCaller() caller: Caller, @Body() body: CreditNoteBodyDto) {
    const note = await this.notes.create(caller, body);
    return { credit_note_id: note.id, tax_warnings: presentTaxWarnings(note.taxWarnings) };
  }

  @Post('bulk-delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete several credit notes; ids that are not credit notes of the account are skipped' })
  bulkDelete(@CurrentCaller() caller: Caller, @Body() body: IdsBodyDto) {
    return this.notes.bulkDelete(caller, body.ids);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A credit note with its items' })
  async get(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return presentCreditNoteWithLines(await this.notes.get(caller, id));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Merge fields over the credit note; items replace the lines when sent' })
  async update(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: CreditNoteBodyDto) {
    const note = await this.notes.update(caller, id, body);
    return { credit_note_id: id, tax_warnings: presentTaxWarnings(note.taxWarnings) };
  }

  @Delete(':id')
  async remove(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    await this.notes.delete(caller, id);
    return { deleted: true };
  }
}
