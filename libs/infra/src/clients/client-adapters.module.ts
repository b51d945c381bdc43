import { Module } from '@nestjs/common';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Database } from '../database/database';
import { TypeormClientRepository } from './typeorm-client.repository';

/** The client store (API clients, documents that name a client, the worker's PDFs). */
@Module({
  providers: [{ provide: ClientRepository, useFactory: (db: Database, clock: Clock) => new TypeormClientRepository(db, clock), inject: [Database, Clock] }],
  exports: [ClientRepository],
})
export class ClientAdaptersModule {}
