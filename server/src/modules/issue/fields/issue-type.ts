import { ISSUE_TYPES, type IssueType } from '@tandem/shared-types';
import type { IssueField } from './issue-field';
import { oneOfParam } from './params';

export const issueTypeField: IssueField<'issueType'> = {
  key: 'issueType',
  params: { issue_type: oneOfParam(ISSUE_TYPES, { nullable: true }) },
  read: (p) => (p.issue_type ?? undefined) as IssueType | undefined,
  ability: () => 'admin_issue',
  plan: (issueType, cur) => (issueType === cur.issueType ? null : { set: { issueType }, notes: [] }),
  event: (i) => ({ issue_type: i.issueType }),
};
