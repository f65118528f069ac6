import { LIMITS } from '@tandem/shared-types';
import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { textParam } from './params';

export const titleField: IssueField<'title'> = {
  key: 'title',
  params: { title: textParam(LIMITS.titleMaxLength, { required: true }) },
  read: (p) => (typeof p.title === 'string' ? p.title.trim() : undefined),
  ability: () => 'update_issue',
  plan: (title, cur) => (title === cur.title ? null : { set: { title }, edited: true, notes: [systemNotes.titleChanged(cur.title, title)] }),
  event: (i, env) => ({ title: i.title, title_html: env.markdown.renderInline(i.title, env.render) }),
};
