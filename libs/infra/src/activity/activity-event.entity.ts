import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../shared/columns';

@Entity('activity_events')
export class ActivityEventRow {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'account_id', type: 'int' }) accountId: number;
  @Column({ name: 'actor_kind', type: 'varchar' }) actorKind: string;
  @Column({ name: 'actor_user_id', type: 'int', nullable: true }) actorUserId: number | null;
  @Column({ type: 'varchar' }) action: string;
  @Column({ name: 'entity_type', type: 'varchar' }) entityType: string;
  @Column({ name: 'entity_id', type: 'int' }) entityId: number;
  @Column({ type: 'varchar', nullable: true }) label: string | null;
  @Column({ name: 'before_summary', type: 'text', nullable: true }) beforeSummary: string | null;
  @Column({ name: 'after_summary', type: 'text', nullable: true }) afterSummary: string | null;
  @Column({ name: 'object_json', type: 'mediumtext', nullable: true }) objectJson: string | null;
  @DateTimeColumn('created_at') createdAt: string;
}
