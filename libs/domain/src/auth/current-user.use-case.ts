import { Unauthorized } from '../shared/domain-error';
import { Principal } from '../shared/principal';
import { User, UserRepository } from '../users/user.repository.port';
import { mobileCaller } from './mobile-caller';

/** The signed-in user of a mobile access token. */
export class GetCurrentUser {
  constructor(private readonly users: UserRepository) {}

  async execute(principal: Principal): Promise<User> {
    const me = mobileCaller(principal);
    const user = await this.users.findById(me.accountId, me.userId);
    if (!user) throw new Unauthorized('The access token is not valid or has expired.');
    return user;
  }
}
