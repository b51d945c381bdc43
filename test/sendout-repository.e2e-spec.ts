import { DataSource } from 'typeorm';
import { createDataSource } from '@app/infra/database/data-source';
import { Database } from '@app/infra/database/database';
import { SqlSendoutRepository } from '@app/infra/sendouts/sql-sendout.repository';
import { sendoutRepositoryContract } from '../libs/domain/testing/sendout-repository.contract';
import { freshDatabase } from './support/app-harness';

describe('SendoutRepository contract: SQL adapter on MariaDB', () => {
  let ds: DataSource;
  afterAll(() => ds?.destroy());

  sendoutRepositoryContract(async () => {
    ds = await createDataSource(await freshDatabase('sendout_repository'), 2).initialize();
    return new SqlSendoutRepository(new Database(ds));
  });
});
