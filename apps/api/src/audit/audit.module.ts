import { Module } from '@nestjs/common';
import { AuditTrail } from '@app/domain/audit/audit-trail';
import { SqlAuditLogReader } from '@app/infra/audit/sql-audit-log-reader';
import { Database } from '@app/infra/database/database';
import { AuditLogController, DocumentHistoryController } from './audit.controller';

/** `/v1/audit-log` and `/v1/{documents}/{id}/history`, read from the activity log. */
@Module({
  controllers: [AuditLogController, DocumentHistoryController],
  providers: [{ provide: AuditTrail, useFactory: (db: Database) => new AuditTrail(new SqlAuditLogReader(db)), inject: [Database] }],
})
export class AuditModule {}
