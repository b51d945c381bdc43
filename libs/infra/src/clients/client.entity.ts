import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { RegistrationType } from '@app/domain/clients/client';
import { DateTimeColumn } from '../shared/columns';

@Entity('clients')
export class ClientRow {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'account_id', type: 'int' }) accountId: number;
  @Column({ type: 'varchar' }) name: string;
  @Column({ type: 'varchar' }) phone: string;
  @Column({ name: 'country_code', type: 'varchar' }) countryCode: string;
  @Column({ type: 'varchar' }) email: string;
  @Column({ type: 'varchar', nullable: true }) address: string | null;
  @Column({ type: 'char', nullable: true }) gstin: string | null;
  @Column({ name: 'state_code', type: 'char', nullable: true }) stateCode: string | null;
  @Column({
    name: 'reminders_opt_out',
    type: 'tinyint',
    transformer: { to: (v?: boolean) => (v === undefined ? undefined : v ? 1 : 0), from: (v: number | string | null) => Number(v) === 1 },
  })
  remindersOptOut: boolean;
  @Column({ name: 'registration_type', type: 'varchar', nullable: true }) registrationType: RegistrationType | null;
  @DateTimeColumn('created_at') createdAt: string;
  @DateTimeColumn('updated_at') updatedAt: string;
}
