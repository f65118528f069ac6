import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Namespace } from '../group/namespace.entity';

@Entity('projects')
export class Project {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer', name: 'namespace_id' }) namespaceId!: number;
  @ManyToOne(() => Namespace, { eager: true })
  @JoinColumn({ name: 'namespace_id' })
  namespace!: Namespace;
  @Column({ type: 'varchar' }) name!: string;
  @Column({ type: 'varchar' }) path!: string;
  @Column({ type: 'varchar', name: 'full_path' }) fullPath!: string;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ type: 'varchar' }) visibility!: 'private' | 'internal' | 'public';
  @Column({ type: 'boolean' }) archived!: boolean;
  @Column({ type: 'integer', name: 'last_issue_iid' }) lastIssueIid!: number;
  @Column({ type: 'integer', name: 'creator_id', nullable: true }) creatorId!: number | null;
  /** GitLab's Service Desk: mail to the project's service desk address becomes a confidential issue (modules/service-desk). */
  @Column({ type: 'boolean', name: 'service_desk_enabled', default: false }) serviceDeskEnabled!: boolean;
  /** Merge requests (modules/merge-request): the last iid handed out, how they merge, whether the project takes them. */
  @Column({ type: 'integer', name: 'last_merge_request_iid', default: 0 }) lastMergeRequestIid!: number;
  @Column({ type: 'varchar', name: 'merge_method', default: 'merge' }) mergeMethod!: 'merge' | 'ff';
  @Column({ type: 'boolean', name: 'merge_requests_enabled', default: true }) mergeRequestsEnabled!: boolean;
  /** The project this one was forked from (modules/fork), null when it is no fork or the upstream is gone. */
  @Column({ type: 'integer', name: 'forked_from_project_id', nullable: true }) forkedFromProjectId!: number | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}

@Entity('members')
export class Member {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', name: 'source_type' }) sourceType!: 'Namespace' | 'Project';
  @Column({ type: 'integer', name: 'source_id' }) sourceId!: number;
  @Column({ type: 'integer', name: 'user_id' }) userId!: number;
  @Column({ type: 'integer', name: 'access_level' }) accessLevel!: number;
  @Column({ type: 'date', name: 'expires_at', nullable: true }) expiresAt!: string | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
