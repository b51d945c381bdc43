import { Body, Controller, Delete, Get, HttpCode, Param, Query, Res, StreamableFile } from '@nestjs/common';
import { Post, Patch } from '../idempotency/idempotent-routes';
import { ApiOperation, ApiProduces } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import { IssueTdsCertificate } from '@app/domain/tds/issue-tds-certificate.use-case';
import { TdsService } from '@app/domain/tds/tds.service';
import { AccountApi, CurrentCaller, RequirePermission } from '../common/decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import {
  CalculateTdsDto,
  CertificateDto,
  CreateTdsSectionDto,
  DeductionsQueryDto,
  DepositDto,
  ReportQueryDto,
  UpdateTdsSectionDto,
} from '@app/contract/tds/tds.dto';
import { presentCalculation, presentDeduction, presentReportRow, presentSection } from '@app/contract/tds/tds.presenter';
import type { EdgeReply } from '../edge/http-edge';
import { withCommand } from '@app/contract/common/commands';

@AccountApi('tds')
@RequirePermission('tds')
@Controller('v1/tds')
export class TdsController {
  constructor(
    private readonly tds: TdsService,
    private readonly certificates: IssueTdsCertificate,
  ) {}

  @Get('sections')
  @ApiOperation({ summary: 'The shared (seeded) TDS sections and the account’s own' })
  async sections(@CurrentCaller() caller: Caller) {
    return { sections: (await this.tds.listSections(caller)).map(presentSection) };
  }

  @Post('sections')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a TDS section of the account’s own' })
  async createSection(@CurrentCaller() caller: Caller, @Body() body: CreateTdsSectionDto) {
    return { section: presentSection(await withCommand(body, (command) => this.tds.createSection(caller, command))) };
  }

  @Get('sections/:id')
  async section(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return { section: presentSection(await this.tds.getSection(caller, id)) };
  }

  @Patch('sections/:id')
  @ApiOperation({ summary: 'Change one of the account’s own sections (shared sections are read-only)' })
  async updateSection(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateTdsSectionDto) {
    return { section: presentSection(await withCommand(body, (command) => this.tds.updateSection(caller, id, command))) };
  }

  @Delete('sections/:id')
  async deleteSection(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    await this.tds.deleteSection(caller, id);
    return { deleted: true };
  }

  @Post('calculate')
  @HttpCode(200)
  @ApiOperation({ summary: 'TDS on one payment (value before GST) with the section’s rates and thresholds' })
  async calculate(@CurrentCaller() caller: Caller, @Body() body: CalculateTdsDto) {
    return presentCalculation(await withCommand(body, (command) => this.tds.calculate(caller, command)));
  }

  @Get('deductions')
  @ApiOperation({ summary: 'Deductions from invoices (receivable) and expenses (payable), oldest first' })
  async deductions(@CurrentCaller() caller: Caller, @Query() query: DeductionsQueryDto) {
    return { deductions: (await this.tds.listDeductions(caller, query.fy_start_year, query.direction)).map(presentDeduction) };
  }

  @Patch('deductions/:id/deposit')
  @ApiOperation({ summary: 'Mark a payable deduction (id of its expense) deposited with its challan' })
  async deposit(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: DepositDto) {
    return { deduction: presentDeduction(await withCommand(body, (command) => this.tds.deposit(caller, id, command))) };
  }

  @Delete('deductions/:id/deposit')
  @ApiOperation({ summary: 'Undo a deposit: the deduction is pending again' })
  async undoDeposit(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
    return { deduction: presentDeduction(await this.tds.undoDeposit(caller, id)) };
  }

  @Get('reports')
  @ApiOperation({ summary: 'Per section and quarter: deducted, deposited, pending, and when pending amounts fall due' })
  async reports(@CurrentCaller() caller: Caller, @Query() query: ReportQueryDto) {
    const report = await this.tds.report(caller, query.fy_start_year);
    return { fy_start_year: query.fy_start_year, summary: report.payable.map(presentReportRow), receivable: report.receivable.map(presentReportRow) };
  }

  @Post('certificates')
  @HttpCode(200)
  @ApiProduces('application/pdf')
  @ApiOperation({ summary: 'The quarterly TDS certificate of one deductee as a PDF (refused while a deduction is not deposited)' })
  async certificate(@CurrentCaller() caller: Caller, @Body() body: CertificateDto, @Res({ passthrough: true }) res: EdgeReply) {
    const issued = await withCommand(body, (command) => this.certificates.execute(caller, command));
    res.header('Content-Type', 'application/pdf');
    res.header('Content-Disposition', `attachment; filename="tds-certificate-${issued.id}.pdf"`);
    res.header('X-Certificate-Id', String(issued.id));
    res.header('Cache-Control', 'private, no-store');
    return new StreamableFile(Buffer.from(issued.pdf));
  }
}
