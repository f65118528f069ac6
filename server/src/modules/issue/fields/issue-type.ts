import { ISSUE_TYPES, type IssueType } from '@tandem/shared-types';
import { startIncidentSla } from '../incident-sla';
import { IssueTypeEnum } from '../issue.graphql-types';
import type { IssueField } from './issue-field';
import { oneOfParam } from './params';

export const issueTypeField: IssueField<'issueType'> = {
  key: 'issueType',
  params: { issue_type: oneOfParam(ISSUE_TYPES, { nullable: true }) },
  read: (p) => (p.issue_type ?? undefined) as IssueType | undefined,
  onCreate: 'author',
  graphql: {
    update: [{ name: 'type', type: () => IssueTypeEnum, nullable: true }],
    create: [{ name: 'type', type: () => IssueTypeEnum, nullable: true }],
    toParams: ({ type }) => (type == null ? {} : { issue_type: type }),
  },
  ability: () => 'admin_issue',
  plan: (issueType, cur) => (issueType === cur.issueType ? null : { set: { issueType }, notes: [] }),
  // An issue made an incident (by hand, or opened by an alert) gets the project's SLA
  afterWrite: async (fresh, previous, tx) => {
    if (fresh.issueType === 'incident' && previous?.issueType !== 'incident') await startIncidentSla(tx.manager, fresh.id, previous ? 'now' : 'created');
  },
  event: (i) => ({ issue_type: i.issueType }),
};
