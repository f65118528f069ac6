import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { boolParam } from './params';

export const confidentialField: IssueField<'confidential'> = {
  key: 'confidential',
  params: { confidential: boolParam() },
  read: (p) => p.confidential as boolean | undefined,
  ability: () => 'admin_issue',
  plan: (confidential, cur) => (confidential === cur.confidential ? null : { set: { confidential }, notes: [systemNotes.confidentiality(confidential)] }),
  event: (i) => ({ confidential: i.confidential }),
};
