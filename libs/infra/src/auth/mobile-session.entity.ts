import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../shared/columns';

@Entity('mobile_sessions')
export class MobileSessionRow {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'account_id', type: 'int' }) accountId: number;
  @Column({ name: 'user_id', type: 'int' }) userId: number;
  @Column({ name: 'access_token_hash', type: 'char', length: 64 }) accessTokenHash: string;
  @Column({ name: 'refresh_token_hash', type: 'char', length: 64 }) refreshTokenHash: string;
  @Column({ name: 'device_name', type: 'varchar', nullable: true }) deviceName: string | null;
  @Column({ type: 'varchar', nullable: true }) platform: string | null;
  @Column({ name: 'user_agent', type: 'varchar', nullable: true }) userAgent: string | null;
  @DateTimeColumn('created_at') createdAt: string;
  @DateTimeColumn('last_used_at') lastUsedAt: string;
  @DateTimeColumn('access_expires_at') accessExpiresAt: string;
  @DateTimeColumn('refresh_expires_at') refreshExpiresAt: string;
  @DateTimeColumn('rotated_at', { nullable: true }) rotatedAt: string | null;
  @DateTimeColumn('revoked_at', { nullable: true }) revokedAt: string | null;
  @Column({ name: 'revoke_reason', type: 'varchar', nullable: true }) revokeReason: string | null;
}

/** A refresh token hash its session has rotated away; presenting it again is reuse. */
@Entity('mobile_session_retired_tokens')
export class RetiredRefreshTokenRow {
  @PrimaryColumn({ name: 'refresh_token_hash', type: 'char', length: 64 }) refreshTokenHash: string;
  @Column({ name: 'session_id', type: 'int' }) sessionId: number;
  @DateTimeColumn('retired_at') retiredAt: string;
}
