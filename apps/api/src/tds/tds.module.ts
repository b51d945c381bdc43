import { Module } from '@nestjs/common';
import { ActivityRecorder } from '@app/domain/activity/activity-recorder';
import { Clock } from '@app/domain/shared/clock.port';
import { TransactionRunner } from '@app/domain/shared/transaction.port';
import { IssueTdsCertificate } from '@app/domain/tds/issue-tds-certificate.use-case';
import { TdsCertificateRenderer, TdsCertificateStore } from '@app/domain/tds/tds-certificate';
import { TdsDeductionRepository } from '@app/domain/tds/tds-deduction';
import { TdsSectionRepository } from '@app/domain/tds/tds-section.repository.port';
import { TdsService } from '@app/domain/tds/tds.service';
import { Database } from '@app/infra/database/database';
import { PuppeteerPdfRenderer } from '@app/infra/pdf/puppeteer-pdf-renderer';
import { HandlebarsTdsCertificateRenderer } from '@app/infra/tds/handlebars-tds-certificate.renderer';
import { SqlTdsCertificateStore } from '@app/infra/tds/sql-tds-certificate.store';
import { SqlTdsDeductionRepository } from '@app/infra/tds/sql-tds-deductions';
import { TdsSectionsInfraModule } from '@app/infra/tds/tds-sections-infra.module';
import { TdsController } from './tds.controller';
import { make, bind } from '@app/infra/core/providers';

@Module({
  imports: [TdsSectionsInfraModule],
  controllers: [TdsController],
  providers: [
    bind(TdsDeductionRepository, SqlTdsDeductionRepository, [Database, Clock]),
    bind(TdsCertificateStore, SqlTdsCertificateStore, [Database]),
    bind(TdsCertificateRenderer, HandlebarsTdsCertificateRenderer, [PuppeteerPdfRenderer]),
    make(TdsService, [TdsSectionRepository, TdsDeductionRepository, TransactionRunner, Clock, ActivityRecorder]),
    make(IssueTdsCertificate, [TdsDeductionRepository, TdsCertificateStore, TdsCertificateRenderer, Clock]),
  ],
  exports: [TdsSectionsInfraModule],
})
export class TdsModule {}
