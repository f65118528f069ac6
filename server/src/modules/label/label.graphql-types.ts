import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Connection } from '../../core/graphql/connection';
import { toGlobalId } from '../../core/graphql/global-id';
import type { MarkdownService } from '../../core/markdown/markdown.service';
import { labelTextColor } from '@tandem/shared-types';
import type { Label } from './label.entity';

/** GitLab's `Label` (id is `gid://tandem/ProjectLabel/<id>` or `GroupLabel`). */
@ObjectType('Label')
export class LabelType {
  @Field(() => ID) id!: string;
  @Field() title!: string;
  @Field() color!: string;
  @Field() textColor!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => String, { nullable: true }) descriptionHtml!: string | null;
}

@ObjectType('LabelConnection')
export class LabelConnection extends Connection(LabelType, 'Label') {}

export const LABEL_GID_TYPES = ['ProjectLabel', 'GroupLabel', 'Label'] as const;

export function toLabelType(l: Label, md: MarkdownService): LabelType {
  return {
    id: toGlobalId(l.groupId ? 'GroupLabel' : 'ProjectLabel', l.id),
    title: l.title,
    color: l.color,
    textColor: labelTextColor(l.color),
    description: l.description,
    descriptionHtml: l.description ? md.render(l.description) : '',
  };
}
