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
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
