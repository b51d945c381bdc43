import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../shared/columns';

@Entity('users')
export class UserRow {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'account_id', type: 'int' }) accountId: number;
  @Column({ type: 'varchar' }) username: string;
  @Column({ name: 'password_hash', type: 'varchar' }) passwordHash: string;
  /** Comma-separated permission keys. */
  @Column({ type: 'varchar' }) permissions: string;
  @Column({ name: 'is_owner', type: 'tinyint' }) isOwner: number;
  @DateTimeColumn('created_at') createdAt: string;
  @DateTimeColumn('updated_at') updatedAt: string;
  @DateTimeColumn('deleted_at', { nullable: true }) deletedAt: string | null;
}
