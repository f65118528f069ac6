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
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
