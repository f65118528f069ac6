import { LIMITS, QUICK_ACTION_TEXTS as T } from '@tandem/shared-types';
import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { textParam } from './params';
import { REFUSED } from './quick-action';

export const titleField: IssueField<'title'> = {
  key: 'title',
  params: { title: textParam(LIMITS.titleMaxLength, { required: true }) },
  read: (p) => (typeof p.title === 'string' ? p.title.trim() : undefined),
  onCreate: 'author',
  graphql: {
    update: [{ name: 'title', type: () => String, nullable: true }],
    create: [{ name: 'title', type: () => String }],
    toParams: ({ title }) => (title === undefined ? {} : { title }),
  },
  quickActions: {
    names: ['title'],
    run({ arg, state, allowed }) {
      const title = arg.trim();
      if (!title || !allowed(title)) return REFUSED;
      state.issue.title = title;
      return { value: title, message: T.titleChanged(title) };
    },
  },
  ability: () => 'update_issue',
  plan: (title, cur) => (title === cur.title ? null : { set: { title }, edited: true, notes: [systemNotes.titleChanged(cur.title, title)] }),
  event: (i, env) => ({ title: i.title, title_html: env.markdown.renderInline(i.title, env.render) }),
};
