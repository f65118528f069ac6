import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { INCIDENT_TEXTS, SEVERITIES, SEVERITY_LABELS, type Severity } from '@tandem/shared-types';
import { issueListKeys } from '../issue-list/issueListQueries';
import { setIssueSeverity } from '../sidebar/widgets/taxonomyApi';

/** A row's severity, changeable in place through GraphQL issueSetSeverity (admin_issue). */
export function IncidentSeverityDropdown({ projectPath, iid, severity, editable }: { projectPath: string; iid: number; severity: string; editable: boolean }) {
  const queryClient = useQueryClient();
  // The server's answer until the list refetches with it
  const [saved, setSaved] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState(false);
  const value = saved ?? severity;
  const current = (SEVERITIES as readonly string[]).includes(value) ? (value as Severity) : 'UNKNOWN';

  const save = async (next: Severity) => {
    setSaving(true);
    setError(false);
    try {
      const res = await setIssueSeverity(projectPath, iid, next);
      if (!res.severity) setError(true);
      else {
        setSaved(res.severity);
        void queryClient.invalidateQueries({ queryKey: issueListKeys.project(projectPath) });
      }
    } catch {
      setError(true);
    } finally {
      setSaving(false);
    }
  };

  if (!editable) return <span data-testid="incident-severity">{SEVERITY_LABELS[current]}</span>;
  return (
    <span className="incident-severity">
      <select
        className="input input--small"
        aria-label={`Severity of incident #${iid}`}
        value={current}
        disabled={saving}
        onChange={(e) => void save(e.target.value as Severity)}
      >
        {SEVERITIES.map((s) => (
          <option key={s} value={s}>
            {SEVERITY_LABELS[s]}
          </option>
        ))}
      </select>
      {error && (
        <span className="field-error" role="alert">
          {INCIDENT_TEXTS.severityUpdateFailed}
        </span>
      )}
    </span>
  );
}
