import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Groups (nested) and users' personal namespaces. */
@Entity('namespaces')
export class Namespace {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar' }) type!: 'Group' | 'User';
  @Column({ type: 'varchar' }) name!: string;
  @Column({ type: 'varchar' }) path!: string;
  @Column({ type: 'varchar', name: 'full_path' }) fullPath!: string;
  @Column({ type: 'integer', name: 'parent_id', nullable: true }) parentId!: number | null;
  @Column({ type: 'integer', name: 'owner_id', nullable: true }) ownerId!: number | null;
  @Column({ type: 'varchar' }) visibility!: 'private' | 'internal' | 'public';
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
