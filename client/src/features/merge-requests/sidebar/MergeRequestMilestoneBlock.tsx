import { TAXONOMY_TEXTS, type ApiIssueMilestone } from '@tandem/shared-types';
import { MilestoneBlock } from '../../sidebar/widgets/MilestoneBlock';
import { setMergeRequestMilestone } from './mergeRequestSidebarApi';
import { useMergeRequestSave } from './useMergeRequestSave';

/** The merge request's milestone block, saved through mergeRequestSetMilestone. */
export function MergeRequestMilestoneBlock({ milestone, projectPath, iid, canUpdate, onSaved }: { milestone: ApiIssueMilestone | null; projectPath: string; iid: number; canUpdate: boolean; onSaved(): void }) {
  const { run, saving, error } = useMergeRequestSave(TAXONOMY_TEXTS.milestoneUpdateFailed, onSaved);
  return (
    <MilestoneBlock
      milestone={milestone}
      projectPath={projectPath}
      editable={canUpdate}
      testIds={{ block: 'mr-sidebar-milestone', value: 'mr-milestone', dropdown: 'mr-milestone-dropdown' }}
      save={(id) => run(() => setMergeRequestMilestone(projectPath, iid, id))}
      saving={saving}
      error={error}
    />
  );
}
