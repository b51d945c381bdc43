import { InMemorySendoutRepository } from '../../testing/in-memory-sendout.repository';
import { sendoutRepositoryContract } from '../../testing/sendout-repository.contract';

describe('SendoutRepository contract: in-memory fake', () => {
  sendoutRepositoryContract(async () => new InMemorySendoutRepository());
});
