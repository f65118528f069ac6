import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The per-noteable event log (docs/architecture.md, the write path). */
@Entity('issue_events')
export class IssueEventRow {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column({ type: 'varchar', name: 'noteable_type' }) noteableType!: string;
  @Column({ type: 'integer', name: 'noteable_id' }) noteableId!: number;
  @Column({ type: 'integer' }) seq!: number;
  @Column({ type: 'varchar' }) type!: string;
  @Column({ type: 'jsonb' }) payload!: unknown;
  @Column({ type: 'integer', name: 'actor_id', nullable: true }) actorId!: number | null;
  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}
