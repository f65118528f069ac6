import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('labels')
export class Label {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer', name: 'project_id', nullable: true }) projectId!: number | null;
  @Column({ type: 'integer', name: 'group_id', nullable: true }) groupId!: number | null;
  @Column({ type: 'varchar' }) title!: string;
  @Column({ type: 'varchar' }) color!: string;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ type: 'integer', nullable: true }) priority!: number | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}

@Entity('label_links')
export class LabelLink {
  @PrimaryColumn({ type: 'integer', name: 'label_id' }) labelId!: number;
  @PrimaryColumn({ type: 'varchar', name: 'target_type' }) targetType!: string;
  @PrimaryColumn({ type: 'integer', name: 'target_id' }) targetId!: number;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
