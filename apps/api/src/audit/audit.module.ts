import { Module } from '@nestjs/common';
import { AuditTrail } from '@app/domain/audit/audit-trail';
import { SqlAuditLogReader } from '@app/infra/audit/sql-audit-log-reader';
import { Database } from '@app/infra/database/database';
import { AuditLogController, DocumentHistoryController } from './audit.controller';
import { factory } from '@app/infra/core/providers';

/** `/v1/audit-log` and `/v1/{documents}/{id}/history`, read from the activity log. */
@Module({
  controllers: [AuditLogController, DocumentHistoryController],
  providers: [factory(AuditTrail, [Database], (db: Database) => new AuditTrail(new SqlAuditLogReader(db)))],
})
export class AuditModule {}
