import { Unauthorized } from '../shared/domain-error';
import { Principal } from '../shared/principal';
import { UserRepository } from '../users/user.repository.port';
import { UserProfile } from '../shared/user-profile';
import { mobileCaller } from './mobile-caller';

/** The signed-in user of a mobile access token. */
export class GetCurrentUser {
  constructor(private readonly users: UserRepository) {}

  /** `known`: the user as read with the session on this request (no second lookup). */
  async execute(principal: Principal, known?: UserProfile): Promise<UserProfile> {
    const me = mobileCaller(principal);
    if (known && known.id === me.userId && known.accountId === me.accountId) return known;
    const user = await this.users.findById(me.accountId, me.userId);
    if (!user) throw new Unauthorized('The access token is not valid or has expired.');
    return user;
  }
}
