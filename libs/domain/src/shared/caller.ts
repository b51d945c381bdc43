import { Account } from './account';
import { UserProfile } from './user-profile';
import { Principal } from './principal';

/** Who is calling: the principal a credential stands for, its account, and its signed-in user when there is one. */
export interface Caller {
  principal: Principal;
  account: Account;
  /** The signed-in user of a mobile access token, as read with its session (when the verifier read it). */
  user?: UserProfile;
}
