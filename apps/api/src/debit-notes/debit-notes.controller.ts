import { presentTaxWarnings } from '@app/domain/presentation/gst.presenter';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Caller } from '@app/domain/auth/authenticate-caller.use-case';
import { DebitNotesService } from '@app/domain/notes/debit-notes.service';
import { CurrentCaller, RequirePermission } from '../common/decorators';
import { documentFilterOf } from '../common/document-list-query.dto';
import { IdsBodyDto } from '../common/ids-body.dto';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { DebitNoteListQueryDto } from '../notes/note-list-query.dto';
import { CreateDebitNoteDto, UpdateDebitNoteDto } from './debit-notes.dto';
import { presentDebitNote, presentDebitNoteWithLines } from '@app/domain/presentation/debit-note.presenter';

@ApiTags('debit-notes')
@ApiBearerAuth()
@ApiSecurity('api-key')
@RequirePermission('debit_notes')
@Controller('v1/debit-notes')
export class DebitNotesController {
  constructor(private readonly notes: DebitNotesService) {}

  @Get()
  @ApiOperation({ summary: 'Debit notes (header rows), newest note date first' })
  async list(@CurrentCaller() caller: Caller, @Query() query: DebitNoteListQueryDto) {
    const page = await this.notes.list(caller, documentFilterOf(query));
    return { debit_notes: page.rows.map(presentDebitNote), total: page.total };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a debit note (numbered DN/YY-YY/NNNN by financial year)' })
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateDebitNoteDto) {
    const note = await this.notes.create(caller, body);
    return { debit_note_id: note.id, tax_warnings: presentTaxWarnings(note.taxWarnings) };
  }

  @Post('bulk-delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete several debit notes; ids that are not debit notes of the account are skipped' })
  bulkDelete(@CurrentCaller() caller: Caller, @Body() body: IdsBodyDto) {
    return this.notes.bulkDelete(caller, body.ids);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A debit note with its items' })
  async get(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return presentDebitNoteWithLines(await this.notes.get(caller, id));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Merge fields over the debit note; items replace the lines when sent' })
  async update(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateDebitNoteDto) {
    const note = await this.notes.update(caller, id, body);
    return { debit_note_id: id, tax_warnings: presentTaxWarnings(note.taxWarnings) };
  }

  @Delete(':id')
  async remove(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    await this.notes.delete(caller, id);
    return { deleted: true };
  }
}
