import { useQueryClient } from '@tanstack/react-query';
import { ChevronsLeft, ChevronsRight } from 'lucide-react';
import { PEOPLE_TEXTS, type MergeRequestPageData } from '@tandem/shared-types';
import { ReferenceBlock } from '../../sidebar/ReferenceBlock';
import { useCollapsedGutter } from '../../sidebar/people/collapsedGutter';
import { TodoWidget } from '../../sidebar/widgets/TodoWidget';
import { mergeRequestPageKey } from '../mergeRequestApi';
import { MergeRequestLabelsBlock } from './MergeRequestLabelsBlock';
import { MergeRequestLockBlock } from './MergeRequestLockBlock';
import { MergeRequestMilestoneBlock } from './MergeRequestMilestoneBlock';
import { MergeRequestPeopleBlock } from './MergeRequestPeopleBlock';
import { MergeRequestSubscriptionBlock } from './MergeRequestSubscriptionBlock';
import { MergeRequestParticipants } from '../MergeRequestParticipants';

/**
 * The merge request's right sidebar: the user's to-do, assignees, reviewers, labels, milestone, participants, the user's
 * notifications, the discussion lock, the reference (copyable, as the issue's). It reads the page
 * data, which every merge_request.updated event reads again (mergeRequestEvents), so a change
 * made on another page shows here without a reload; a save here reads it at once.
 */
export function MergeRequestSidebar({ data, projectPath }: { data: MergeRequestPageData; projectPath: string }) {
  const mr = data.mergeRequest;
  const queryClient = useQueryClient();
  const [collapsed, toggleCollapsed] = useCollapsedGutter();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: mergeRequestPageKey(projectPath, mr.iid) });
  const canUpdate = data.permissions.canUpdate;
  return (
    <aside className="mr-sidebar" data-collapsed={collapsed} aria-label="Merge request details" data-testid="mr-sidebar">
      <div className="sidebar-collapse-toggle wide-only">
        <button type="button" className="btn btn--icon btn--tertiary" aria-label={collapsed ? PEOPLE_TEXTS.expandSidebar : PEOPLE_TEXTS.collapseSidebar} aria-expanded={!collapsed} onClick={toggleCollapsed}>
          {collapsed ? <ChevronsLeft size={16} aria-hidden="true" /> : <ChevronsRight size={16} aria-hidden="true" />}
        </button>
      </div>
      <TodoWidget projectPath={projectPath} issuableType="merge_request" issuableId={mr.id} />
      <MergeRequestPeopleBlock kind="assignees" people={data.sidebar.assignees} projectPath={projectPath} iid={mr.iid} canUpdate={canUpdate} onSaved={refresh} />
      <MergeRequestPeopleBlock kind="reviewers" people={data.sidebar.reviewers} projectPath={projectPath} iid={mr.iid} canUpdate={canUpdate} onSaved={refresh} />
      <MergeRequestLabelsBlock labels={mr.labels} projectPath={projectPath} iid={mr.iid} canUpdate={canUpdate} onSaved={refresh} />
      <MergeRequestMilestoneBlock milestone={mr.milestone} projectPath={projectPath} iid={mr.iid} canUpdate={canUpdate} onSaved={refresh} />
      <div className="sidebar-block">
        <div className="sidebar-block__value">
          <MergeRequestParticipants projectPath={projectPath} iid={mr.iid} />
        </div>
      </div>
      <MergeRequestLockBlock locked={mr.discussion_locked} projectPath={projectPath} iid={mr.iid} canUpdate={canUpdate} onSaved={refresh} />
      <MergeRequestSubscriptionBlock projectPath={projectPath} iid={mr.iid} subscribed={mr.subscribed === true} />
      <ReferenceBlock reference={mr.references.full} testId="mr-sidebar-reference" />
    </aside>
  );
}
