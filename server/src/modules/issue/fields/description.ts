import { LIMITS } from '@tandem/shared-types';
import { taskCompletionStatus } from '../../../core/markdown/markdown.service';
import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { textParam } from './params';

export const descriptionField: IssueField<'description'> = {
  key: 'description',
  params: { description: textParam(LIMITS.descriptionMaxLength) },
  read: (p) => p.description as string | null | undefined,
  onCreate: 'author',
  graphql: {
    update: [{ name: 'description', type: () => String, nullable: true }],
    create: [{ name: 'description', type: () => String, nullable: true }],
    toParams: ({ description }) => (description === undefined ? {} : { description }),
  },
  ability: () => 'update_issue',
  plan: (description, cur, env) =>
    (description ?? '') === (cur.description ?? '')
      ? null
      : { set: { description, descriptionHtml: env.markdown.render(description, env.render) }, edited: true, notes: [systemNotes.descriptionChanged()] },
  event: (i) => ({ description: i.description ?? '', description_html: i.descriptionHtml ?? '', task_completion_status: taskCompletionStatus(i.description) }),
};
