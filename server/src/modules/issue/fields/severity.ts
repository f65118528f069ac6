import { SEVERITIES, SEVERITY_LABELS, TAXONOMY_ERRORS, type Severity } from '@tandem/shared-types';
import { ValidationError } from '../../../core/errors/app-error';
import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { enumParam } from './params';

/** Incident severity (CRITICAL S1 .. LOW S4, UNKNOWN); refused on anything but an incident. */
export const severityField: IssueField<'severity'> = {
  key: 'severity',
  params: { severity: enumParam(SEVERITIES) },
  read: (p) => p.severity as Severity | undefined,
  onCreate: 'triager',
  ability: () => 'admin_issue',
  plan: (severity, cur) => {
    if (cur.issueType !== 'incident') throw new ValidationError({ severity: [TAXONOMY_ERRORS.severityNotIncident] });
    return severity === cur.severity ? null : { set: { severity }, notes: [systemNotes.severity(SEVERITY_LABELS[severity])] };
  },
  event: (i) => ({ severity: i.severity }),
};
