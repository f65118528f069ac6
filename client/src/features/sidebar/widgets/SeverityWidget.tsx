import { useAtomValue } from 'jotai';
import { AlertTriangle } from 'lucide-react';
import { SEVERITIES, SEVERITY_LABELS, TAXONOMY_TEXTS, type Severity } from '@tandem/shared-types';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { SidebarBlock } from '../SidebarBlock';
import { useIssueFieldUpdate } from '../useIssueFieldUpdate';

interface SeverityWidgetProps {
  issueKey: string;
  endpoint: string;
  projectPath: string;
  editable: boolean;
}

/** Incident severity (S1..S4, Unknown); shown only for incidents; the value shown is the server's answer. */
export function SeverityWidget({ issueKey, endpoint, projectPath, editable }: SeverityWidgetProps) {
  const issue = useAtomValue(issueAtomFamily(issueKey))!;
  const { save, saving, error } = useIssueFieldUpdate(issueKey, endpoint, projectPath, `${TAXONOMY_TEXTS.severityFailed} ${TAXONOMY_TEXTS.severityTryAgain}`);
  if (issue.issue_type !== 'incident') return null;
  const severity = (issue.severity ?? 'UNKNOWN') as Severity;

  return (
    <SidebarBlock title={TAXONOMY_TEXTS.severityTitle} icon={<AlertTriangle size={16} />} testId="sidebar-severity">
      {editable ? (
        <select className="input input--small" aria-label={TAXONOMY_TEXTS.severityTitle} value={severity} disabled={saving} onChange={(e) => void save({ severity: e.target.value })}>
          {SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {SEVERITY_LABELS[s]}
            </option>
          ))}
        </select>
      ) : (
        <span data-testid="severity-value">{SEVERITY_LABELS[severity]}</span>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </SidebarBlock>
  );
}
