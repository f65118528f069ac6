import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

@Entity('sessions')
export class Session {
  /** sha256 of the cookie value: a leaked table does not leak sessions. */
  @PrimaryColumn({ type: 'varchar' }) id!: string;
  @Column({ type: 'integer', name: 'user_id' }) userId!: number;
  @Column({ type: 'varchar', name: 'csrf_token' }) csrfToken!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'expires_at' }) expiresAt!: Date;
}

@Entity('personal_access_tokens')
export class PersonalAccessToken {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer', name: 'user_id' }) userId!: number;
  @Column({ type: 'varchar' }) name!: string;
  @Column({ type: 'varchar', name: 'token_digest' }) tokenDigest!: string;
  @Column({ type: 'text', array: true }) scopes!: string[];
  @Column({ type: 'date', name: 'expires_at', nullable: true }) expiresAt!: string | null;
  @Column({ type: 'boolean' }) revoked!: boolean;
  @Column({ type: 'timestamptz', name: 'last_used_at', nullable: true }) lastUsedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}

@Entity('oauth_access_tokens')
export class OauthAccessToken {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer', name: 'user_id' }) userId!: number;
  @Column({ type: 'varchar', name: 'token_digest' }) tokenDigest!: string;
  @Column({ type: 'varchar', name: 'refresh_digest', nullable: true }) refreshDigest!: string | null;
  @Column({ type: 'text', array: true }) scopes!: string[];
  @Column({ type: 'timestamptz', name: 'expires_at' }) expiresAt!: Date;
  @Column({ type: 'boolean' }) revoked!: boolean;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
