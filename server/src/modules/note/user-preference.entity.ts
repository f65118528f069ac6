import { Column, Entity, PrimaryColumn } from 'typeorm';

/** What a signed-in user chose once and keeps (GitLab's UserPreference): the issue notes filter. */
@Entity('user_preferences')
export class UserPreference {
  @PrimaryColumn({ type: 'integer', name: 'user_id' }) userId!: number;
  /** 0 all, 1 comments only, 2 history only (NOTES_FILTER). */
  @Column({ type: 'smallint', name: 'issue_notes_filter', default: 0 }) issueNotesFilter!: number;
  /** The same choice on epic pages (saved apart: preferences per noteable type). */
  @Column({ type: 'smallint', name: 'epic_notes_filter', default: 0 }) epicNotesFilter!: number;
  /** And on merge request pages. */
  @Column({ type: 'smallint', name: 'merge_request_notes_filter', default: 0 }) mergeRequestNotesFilter!: number;
  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
