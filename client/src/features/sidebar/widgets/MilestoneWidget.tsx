import { useAtomValue } from 'jotai';
import { TAXONOMY_TEXTS } from '@tandem/shared-types';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { useIssueFieldUpdate } from '../useIssueFieldUpdate';
import { MilestoneBlock } from './MilestoneBlock';

export { milestoneTooltip } from './MilestoneBlock';

interface MilestoneWidgetProps {
  issueKey: string;
  endpoint: string;
  projectPath: string;
  editable: boolean;
}

/** The issue's milestone block, saved through the page's PUT. */
export function MilestoneWidget({ issueKey, endpoint, projectPath, editable }: MilestoneWidgetProps) {
  const issue = useAtomValue(issueAtomFamily(issueKey))!;
  const { save, saving, error } = useIssueFieldUpdate(issueKey, endpoint, projectPath, TAXONOMY_TEXTS.milestoneUpdateFailed);
  return (
    <MilestoneBlock
      milestone={issue.milestone}
      projectPath={projectPath}
      editable={editable}
      testIds={{ block: 'sidebar-milestone', value: 'milestone-value', dropdown: 'milestone-dropdown' }}
      save={(id) => save({ milestone_id: id })}
      saving={saving}
      error={error}
    />
  );
}
