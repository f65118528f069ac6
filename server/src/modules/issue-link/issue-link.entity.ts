import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A related-issue link. `blocks` is stored in one direction only: "A is blocked by B" is the
 * row (source B, target A, blocks).
 */
@Entity('issue_links')
export class IssueLink {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer', name: 'source_id' }) sourceId!: number;
  @Column({ type: 'integer', name: 'target_id' }) targetId!: number;
  @Column({ type: 'varchar', name: 'link_type' }) linkType!: 'relates_to' | 'blocks';
  @Column({ type: 'integer', name: 'relative_position', nullable: true }) relativePosition!: number | null;
  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
