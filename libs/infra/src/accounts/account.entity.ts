import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../shared/columns';

@Entity('accounts')
export class AccountRow {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'business_name', type: 'varchar', nullable: true }) businessName: string | null;
  @Column({ name: 'business_email', type: 'varchar', nullable: true }) businessEmail: string | null;
  @Column({ type: 'char', length: 3 }) currency: string;
  @Column({ name: 'business_gstin', type: 'char', nullable: true }) gstin: string | null;
  @Column({ name: 'business_pan', type: 'char', nullable: true }) pan: string | null;
  @Column({ name: 'business_address', type: 'varchar', nullable: true }) address: string | null;
  @Column({ name: 'state_code', type: 'char', nullable: true }) stateCode: string | null;
  @Column({ type: 'varchar', nullable: true }) phone: string | null;
  @Column({ name: 'logo_url', type: 'varchar', nullable: true }) logoUrl: string | null;
  @Column({ name: 'time_zone', type: 'varchar', length: 64, default: 'Asia/Kolkata' }) timeZone: string;
  @Column({ type: 'varchar' }) plan: string;
  @DateTimeColumn('subscription_expires_at', { nullable: true }) subscriptionExpiresAt: string | null;
  @Column({ name: 'subscription_cancel_at_period_end', type: 'tinyint', width: 1, default: 0 }) cancelAtPeriodEnd: number;
  @DateTimeColumn('suspended_at', { nullable: true }) suspendedAt: string | null;
  @DateTimeColumn('deleted_at', { nullable: true }) deletedAt: string | null;
  @Column({ name: 'api_key_hash', type: 'char', nullable: true }) apiKeyHash: string | null;
  @Column({ name: 'api_key_masked', type: 'varchar', nullable: true }) apiKeyMasked: string | null;
  @DateTimeColumn('api_key_created_at', { nullable: true }) apiKeyCreatedAt: string | null;
  @DateTimeColumn('created_at') createdAt: string;
  @DateTimeColumn('updated_at') updatedAt: string;
}
