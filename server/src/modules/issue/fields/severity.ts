import { QUICK_ACTION_TEXTS as T, SEVERITIES, SEVERITY_LABELS, TAXONOMY_ERRORS, type Severity } from '@tandem/shared-types';
import { ValidationError } from '../../../core/errors/app-error';
import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { enumParam } from './params';
import { REFUSED } from './quick-action';

/** GitLab's /severity arguments (IssuableSeverity::SEVERITY_QUICK_ACTION_PARAMS), case-insensitive. */
const SEVERITY_ARGS: Record<Severity, readonly string[]> = {
  CRITICAL: ['critical', 's1', '1'],
  HIGH: ['high', 's2', '2'],
  MEDIUM: ['medium', 's3', '3'],
  LOW: ['low', 's4', '4'],
  UNKNOWN: ['unknown', '0'],
};

export function severityOfArg(arg: string): Severity | null {
  const a = arg.trim().toLowerCase();
  return (Object.keys(SEVERITY_ARGS) as Severity[]).find((s) => SEVERITY_ARGS[s].includes(a)) ?? null;
}

/** Incident severity (CRITICAL S1 .. LOW S4, UNKNOWN); refused on anything but an incident. */
export const severityField: IssueField<'severity'> = {
  key: 'severity',
  params: { severity: enumParam(SEVERITIES) },
  read: (p) => p.severity as Severity | undefined,
  onCreate: 'triager',
  quickActions: {
    names: ['severity'],
    run({ arg, state, allowed }) {
      // Only an incident has a severity (GitLab lists /severity for incidents only)
      if (state.issue.issueType !== 'incident') return REFUSED;
      const severity = severityOfArg(arg);
      if (!severity) return { error: T.severityNotFound };
      if (!allowed(severity)) return REFUSED;
      state.issue.severity = severity;
      return { value: severity, message: T.severitySet(severity[0] + severity.slice(1).toLowerCase()) };
    },
  },
  ability: () => 'admin_issue',
  plan: (severity, cur) => {
    if (cur.issueType !== 'incident') throw new ValidationError({ severity: [TAXONOMY_ERRORS.severityNotIncident] });
    return severity === cur.severity ? null : { set: { severity }, notes: [systemNotes.severity(SEVERITY_LABELS[severity])] };
  },
  event: (i) => ({ severity: i.severity }),
};
