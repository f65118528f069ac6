import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One description an issue or an epic had (written with every description change; soft-deleted). */
@Entity('description_versions')
export class DescriptionVersion {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer', name: 'issue_id', nullable: true }) issueId!: number | null;
  @Column({ type: 'integer', name: 'epic_id', nullable: true }) epicId!: number | null;
  @Column({ type: 'integer', name: 'merge_request_id', nullable: true }) mergeRequestId!: number | null;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ type: 'integer', name: 'author_id', nullable: true }) authorId!: number | null;
  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'deleted_at', nullable: true }) deletedAt!: Date | null;
}
