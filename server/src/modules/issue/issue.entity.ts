import type { HealthStatus, Severity } from '@tandem/shared-types';
import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../user/user.entity';
import { Project } from '../project/project.entity';

@Entity('issues')
export class Issue {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer', name: 'project_id' }) projectId!: number;
  @ManyToOne(() => Project)
  @JoinColumn({ name: 'project_id' })
  project?: Project;
  @Column({ type: 'integer' }) iid!: number;
  @Column({ type: 'varchar', name: 'issue_type' }) issueType!: 'issue' | 'incident' | 'test_case';
  @Column({ type: 'varchar' }) title!: string;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ type: 'text', name: 'description_html', nullable: true }) descriptionHtml!: string | null;
  @Column({ type: 'varchar' }) state!: 'opened' | 'closed';
  @Column({ type: 'timestamptz', name: 'closed_at', nullable: true }) closedAt!: Date | null;
  @Column({ type: 'integer', name: 'closed_by_id', nullable: true }) closedById!: number | null;
  @Column({ type: 'boolean' }) confidential!: boolean;
  @Column({ type: 'boolean', name: 'discussion_locked' }) discussionLocked!: boolean;
  /** Optimistic concurrency is enforced by UpdateIssueAction (in SQL), not by TypeORM's @VersionColumn. */
  @Column({ type: 'integer', name: 'lock_version' }) lockVersion!: number;
  @Column({ type: 'integer', name: 'author_id', nullable: true }) authorId!: number | null;
  @ManyToOne(() => User)
  @JoinColumn({ name: 'author_id' })
  author?: User | null;
  @Column({ type: 'integer', name: 'updated_by_id', nullable: true }) updatedById!: number | null;
  @Column({ type: 'timestamptz', name: 'last_edited_at', nullable: true }) lastEditedAt!: Date | null;
  @Column({ type: 'integer', name: 'last_edited_by_id', nullable: true }) lastEditedById!: number | null;
  @Column({ type: 'integer', name: 'milestone_id', nullable: true }) milestoneId!: number | null;
  @Column({ type: 'date', name: 'due_date', nullable: true }) dueDate!: string | null;
  @Column({ type: 'integer', nullable: true }) weight!: number | null;
  @Column({ type: 'varchar' }) severity!: Severity;
  @Column({ type: 'varchar', name: 'health_status', nullable: true }) healthStatus!: HealthStatus | null;
  @Column({ type: 'integer', name: 'iteration_id', nullable: true }) iterationId!: number | null;
  @Column({ type: 'integer', name: 'time_estimate' }) timeEstimate!: number;
  @Column({ type: 'integer', name: 'total_time_spent' }) totalTimeSpent!: number;
  @Column({ type: 'integer', name: 'relative_position', nullable: true }) relativePosition!: number | null;
  @Column({ type: 'integer', name: 'event_seq' }) eventSeq!: number;
  /** Submitted as spam: hidden from everyone but admins (policy.ts canReadIssue). */
  @Column({ type: 'boolean', default: false }) hidden!: boolean;
  /** The pinned meeting link (/zoom). */
  @Column({ type: 'text', name: 'zoom_meeting_url', nullable: true }) zoomMeetingUrl!: string | null;
  /** The issue this one was moved to (GitLab's moved_to_id); set when it is moved, with the close. */
  @Column({ type: 'integer', name: 'moved_to_id', nullable: true }) movedToId!: number | null;
  /** The external author of an issue made from a Service Desk mail (GitLab's service_desk_reply_to); public comments are mailed there. */
  @Column({ type: 'varchar', length: 255, name: 'service_desk_reply_to', nullable: true }) serviceDeskReplyTo!: string | null;
  /** The secret key of a Service Desk issue's reply address: mail to it from the external author becomes a comment. */
  @Column({ type: 'varchar', length: 32, name: 'service_desk_reply_key', nullable: true }) serviceDeskReplyKey!: string | null;
  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}

@Entity('issue_assignees')
export class IssueAssignee {
  @PrimaryColumn({ type: 'integer', name: 'issue_id' }) issueId!: number;
  @PrimaryColumn({ type: 'integer', name: 'user_id' }) userId!: number;
  @Column({ type: 'integer' }) position!: number;
}
