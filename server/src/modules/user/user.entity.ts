import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar' }) username!: string;
  @Column({ type: 'varchar' }) name!: string;
  @Column({ type: 'varchar' }) email!: string;
  @Column({ type: 'text', name: 'password_hash', nullable: true, select: false }) passwordHash!: string | null;
  @Column({ type: 'text', name: 'avatar_url', nullable: true }) avatarUrl!: string | null;
  @Column({ type: 'varchar' }) state!: 'active' | 'blocked' | 'deactivated';
  @Column({ type: 'boolean', name: 'is_admin' }) isAdmin!: boolean;
  /** The secret part of the user's issue email addresses (modules/incoming-email); never selected by default. */
  @Column({ type: 'varchar', length: 32, name: 'incoming_email_token', nullable: true, select: false }) incomingEmailToken!: string | null;
  /** GitLab's user_type: null for people; 'support_bot' for the Support Bot (no password, cannot sign in). */
  @Column({ type: 'varchar', length: 32, name: 'user_type', nullable: true }) userType!: string | null;
  /**
   * When the address was confirmed (GitLab's confirmed_at). The column defaults to now(): every
   * user made outside sign-up (seed, migrations, bots) is confirmed; sign-up under
   * EMAIL_CONFIRMATION soft or hard writes null until the mailed link is followed.
   */
  @Column({ type: 'timestamptz', name: 'confirmed_at', nullable: true, default: () => 'now()' }) confirmedAt!: Date | null;
  /** sha256 of the pending confirmation link's token (single use); never selected by default. */
  @Column({ type: 'varchar', length: 64, name: 'confirmation_digest', nullable: true, select: false }) confirmationDigest!: string | null;
  /** When that link was sent: it works for EMAIL_CONFIRMATION.tokenLifetimeHours. */
  @Column({ type: 'timestamptz', name: 'confirmation_sent_at', nullable: true }) confirmationSentAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
