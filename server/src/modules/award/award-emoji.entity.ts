import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One user's emoji reaction on an issue or a note (GitLab's award_emoji). */
@Entity('award_emoji')
export class AwardEmoji {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar' }) name!: string;
  @Column({ type: 'integer', name: 'user_id' }) userId!: number;
  @Column({ type: 'varchar', name: 'awardable_type' }) awardableType!: 'Issue' | 'Note' | 'Epic';
  @Column({ type: 'integer', name: 'awardable_id' }) awardableId!: number;
  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
