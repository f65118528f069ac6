import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('milestones')
export class Milestone {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) iid!: number;
  @Column({ type: 'integer', name: 'project_id', nullable: true }) projectId!: number | null;
  @Column({ type: 'integer', name: 'group_id', nullable: true }) groupId!: number | null;
  @Column({ type: 'varchar' }) title!: string;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ type: 'varchar' }) state!: 'active' | 'closed';
  @Column({ type: 'date', name: 'start_date', nullable: true }) startDate!: string | null;
  @Column({ type: 'date', name: 'due_date', nullable: true }) dueDate!: string | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
