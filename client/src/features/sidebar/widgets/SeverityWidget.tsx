import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { AlertTriangle } from 'lucide-react';
import { SEVERITIES, SEVERITY_LABELS, TAXONOMY_TEXTS, type Severity } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { issueAtomFamily, updateIssueAtom } from '../../issue/issueAtoms';
import { SidebarBlock } from '../SidebarBlock';
import { setIssueSeverity } from './taxonomyApi';

interface SeverityWidgetProps {
  issueKey: string;
  endpoint: string;
  projectPath: string;
  editable: boolean;
}

const FAILED = `${TAXONOMY_TEXTS.severityFailed} ${TAXONOMY_TEXTS.severityTryAgain}`;

/**
 * Incident severity (S1..S4, Unknown); shown only for incidents. Saved through GraphQL
 * issueSetSeverity (the spec's call); the value shown is the server's answer.
 */
export function SeverityWidget({ issueKey, projectPath, editable }: SeverityWidgetProps) {
  const issue = useAtomValue(issueAtomFamily(issueKey))!;
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (value: Severity) => {
    setSaving(true);
    setError(null);
    try {
      const res = await setIssueSeverity(projectPath, issue.iid, value);
      if (!res.severity) setError(res.errors[0] ? `${FAILED} ${res.errors[0]}` : FAILED);
      else {
        const severity = res.severity;
        updateIssueAtom(appStore, issueKey, (cur) => ({ ...cur, severity }));
      }
    } catch {
      setError(FAILED);
    } finally {
      setSaving(false);
    }
  };
  if (issue.issue_type !== 'incident') return null;
  const severity = (issue.severity ?? 'UNKNOWN') as Severity;

  return (
    <SidebarBlock title={TAXONOMY_TEXTS.severityTitle} icon={<AlertTriangle size={16} />} testId="sidebar-severity">
      {editable ? (
        <select className="input input--small" aria-label={TAXONOMY_TEXTS.severityTitle} value={severity} disabled={saving} onChange={(e) => void save(e.target.value as Severity)}>
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
