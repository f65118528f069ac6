import type { ApiDiffPosition, StoredSuggestion } from '@tandem/shared-types';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('notes')
export class Note {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', name: 'noteable_type' }) noteableType!: string;
  @Column({ type: 'integer', name: 'noteable_id' }) noteableId!: number;
  @Column({ type: 'integer', name: 'project_id', nullable: true }) projectId!: number | null;
  @Column({ type: 'integer', name: 'author_id', nullable: true }) authorId!: number | null;
  @Column({ type: 'text' }) note!: string;
  @Column({ type: 'text', name: 'note_html' }) noteHtml!: string;
  @Column({ type: 'varchar', nullable: true }) type!: 'DiscussionNote' | 'DiffNote' | null;
  @Column({ type: 'varchar', name: 'discussion_id' }) discussionId!: string;
  /** A DiffNote's place in the merge request's diff (GitLab's position). */
  @Column({ type: 'jsonb', nullable: true }) position!: ApiDiffPosition | null;
  /** The position the note was made on (GitLab's original_position); `position` follows pushes. */
  @Column({ type: 'jsonb', name: 'original_position', nullable: true }) originalPosition!: ApiDiffPosition | null;
  /** Its line changed in a later push: `position` stays on the old version (the discussion is not active). */
  @Column({ type: 'boolean', name: 'position_outdated', default: false }) positionOutdated!: boolean;
  /** Code suggestions of a diff note: per ```suggestion block, the lines it replaced and whether it was applied (merge requests). */
  @Column({ type: 'jsonb', nullable: true }) suggestions!: StoredSuggestion[] | null;
  @Column({ type: 'boolean' }) system!: boolean;
  @Column({ type: 'varchar', name: 'system_note_icon_name', nullable: true }) systemNoteIconName!: string | null;
  @Column({ type: 'boolean' }) internal!: boolean;
  @Column({ type: 'boolean' }) resolvable!: boolean;
  @Column({ type: 'timestamptz', name: 'resolved_at', nullable: true }) resolvedAt!: Date | null;
  @Column({ type: 'integer', name: 'resolved_by_id', nullable: true }) resolvedById!: number | null;
  @Column({ type: 'timestamptz', name: 'last_edited_at', nullable: true }) lastEditedAt!: Date | null;
  @Column({ type: 'integer', name: 'updated_by_id', nullable: true }) updatedById!: number | null;
  /** The author's Idempotency-Key of the submit that created it (unique per author). */
  @Column({ type: 'varchar', name: 'idempotency_key', length: 128, nullable: true, select: false }) idempotencyKey?: string | null;
  /** "changed the description" notes: the version they show, the first of a merged run, and whether it was deleted. */
  @Column({ type: 'integer', name: 'description_version_id', nullable: true }) descriptionVersionId!: number | null;
  @Column({ type: 'integer', name: 'start_description_version_id', nullable: true }) startDescriptionVersionId!: number | null;
  @Column({ type: 'boolean', name: 'description_version_deleted', default: false }) descriptionVersionDeleted!: boolean;
  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
