import { QUICK_ACTION_TEXTS as T } from '@tandem/shared-types';
import { systemNotes } from '../../note/system-notes';
import { removePublishedIncident } from '../../status-page/status-page-changes';
import type { IssueField } from './issue-field';
import { boolParam } from './params';
import { REFUSED } from './quick-action';

export const confidentialField: IssueField<'confidential'> = {
  key: 'confidential',
  params: { confidential: boolParam() },
  read: (p) => p.confidential as boolean | undefined,
  onCreate: 'author',
  graphql: {
    update: [{ name: 'confidential', type: () => Boolean, nullable: true }],
    create: [{ name: 'confidential', type: () => Boolean, nullable: true }],
    toParams: ({ confidential }) => (confidential == null ? {} : { confidential }),
  },
  quickActions: {
    names: ['confidential'],
    onCreate: ['confidential'],
    run({ state, allowed }) {
      if (state.issue.confidential || !allowed(true)) return REFUSED;
      state.issue.confidential = true;
      return { value: true, message: T.madeConfidential() };
    },
  },
  ability: () => 'admin_issue',
  plan: (confidential, cur) => (confidential === cur.confidential ? null : { set: { confidential }, notes: [systemNotes.confidentiality(confidential)] }),
  // An incident made confidential leaves the status page in the same transaction (GitLab's
  // StatusPage::TriggerPublishService unpublishes it): its note, and the pinned link gone live
  afterWrite: async (fresh, previous, tx, { env, project }) => {
    if (fresh.confidential && previous && !previous.confidential) await removePublishedIncident(tx, env, fresh, project, env.actorBasic);
  },
  event: (i) => ({ confidential: i.confidential }),
};
