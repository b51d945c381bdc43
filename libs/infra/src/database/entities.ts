import { AccountRow } from '../accounts/account.entity';
import { ActivityEventRow } from '../activity/activity-event.entity';
import { ClientRow } from '../clients/client.entity';
import { UserRow } from '../users/user.entity';

/** Every TypeORM row class. Add new ones here. */
export const ENTITIES = [AccountRow, UserRow, ClientRow, ActivityEventRow];
