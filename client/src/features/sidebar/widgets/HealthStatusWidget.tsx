import { useAtomValue } from 'jotai';
import { Activity } from 'lucide-react';
import { HEALTH_STATUS_LABELS, HEALTH_STATUSES, TAXONOMY_TEXTS, type HealthStatus } from '@tandem/shared-types';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { SidebarBlock } from '../SidebarBlock';
import { useIssueFieldUpdate } from '../useIssueFieldUpdate';

interface HealthStatusWidgetProps {
  issueKey: string;
  endpoint: string;
  projectPath: string;
  editable: boolean;
}

/** Health status: On track, Needs attention, At risk or none; editable only while the issue is open. */
export function HealthStatusWidget({ issueKey, endpoint, projectPath, editable }: HealthStatusWidgetProps) {
  const issue = useAtomValue(issueAtomFamily(issueKey))!;
  const health = issue.health_status ?? null;
  const { save, saving, error } = useIssueFieldUpdate(issueKey, endpoint, projectPath, TAXONOMY_TEXTS.healthFailed);
  const canEdit = editable && issue.state === 'opened';

  return (
    <SidebarBlock title={TAXONOMY_TEXTS.healthTitle} icon={<Activity size={16} />} testId="sidebar-health-status">
      {canEdit ? (
        <select
          className="input input--small"
          aria-label={TAXONOMY_TEXTS.healthTitle}
          value={health ?? ''}
          disabled={saving}
          onChange={(e) => void save({ health_status: e.target.value })}
        >
          <option value="">{TAXONOMY_TEXTS.healthNone}</option>
          {HEALTH_STATUSES.map((h) => (
            <option key={h} value={h}>
              {HEALTH_STATUS_LABELS[h]}
            </option>
          ))}
        </select>
      ) : health ? (
        <span data-testid="health-status-value" className={`health-status health-status--${health}`}>
          {HEALTH_STATUS_LABELS[health as HealthStatus]}
        </span>
      ) : (
        <span className="muted">{TAXONOMY_TEXTS.none}</span>
      )}
      {editable && issue.state !== 'opened' && <p className="muted">{TAXONOMY_TEXTS.healthClosedHint}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </SidebarBlock>
  );
}
