import { Module } from '@nestjs/common';
import { ClientRepository } from '@app/domain/clients/client.repository.port';
import { Clock } from '@app/domain/shared/clock.port';
import { Database } from '../database/database';
import { TypeormClientRepository } from './typeorm-client.repository';
import { bind } from '../core/providers';

/** The client store (API clients, documents that name a client, the worker's PDFs). */
@Module({
  providers: [bind(ClientRepository, TypeormClientRepository, [Database, Clock])],
  exports: [ClientRepository],
})
export class ClientStoreInfraModule {}
