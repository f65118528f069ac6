import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { ChevronsLeft, ChevronsRight, X } from 'lucide-react';
import { PEOPLE_TEXTS, type IssuePageData, type IssuePermissions } from '@tandem/shared-types';
import { ReferenceBlock } from './ReferenceBlock';
import { issueAtomFamily } from '../issue/issueAtoms';
import { WeightWidget } from './widgets/WeightWidget';
import { ConfidentialityWidget } from './widgets/ConfidentialityWidget';
import { LockWidget } from './widgets/LockWidget';
import { TodoWidget } from './widgets/TodoWidget';
import { InviteMembersWidget } from './widgets/InviteMembersWidget';
import { EpicWidget } from './widgets/EpicWidget';
import { TimeTrackingWidget } from './widgets/TimeTrackingWidget';
import { AssigneesWidget } from './widgets/AssigneesWidget';
import { ParticipantsWidget } from './widgets/ParticipantsWidget';
import { SubscriptionWidget } from './widgets/SubscriptionWidget';
import { MoveIssueWidget } from './widgets/MoveIssueWidget';
import { useCollapsedGutter } from './people/collapsedGutter';
import { DueDateWidget } from './widgets/DueDateWidget';
import { HealthStatusWidget } from './widgets/HealthStatusWidget';
import { SeverityWidget } from './widgets/SeverityWidget';
import { LabelsWidget } from './widgets/LabelsWidget';
import { MilestoneWidget } from './widgets/MilestoneWidget';
import { IterationWidget } from './widgets/IterationWidget';
import { IssueEmailWidget } from './widgets/IssueEmailWidget';
import { CveRequestWidget } from './widgets/CveRequestWidget';

/** The performance mark set when the sidebar first paints (the sidebar paint benchmark reads it). */
export const SIDEBAR_PAINT_MARK = 'tandem:sidebar-first-paint';

interface IssueSidebarProps {
  issueKey: string;
  projectPath: string;
  /** The issue page's own endpoint ({issue}.json), where sidebar widgets save. */
  endpoint: string;
  permissions: IssuePermissions;
  open: boolean;
  onClose(): void;
  /** The viewer's issue email (page data), when incoming mail is configured. */
  createNoteEmail?: IssuePageData['createNoteEmail'];
  /** The CVE ID request block's targets (page data), when it applies to the viewer. */
  cveRequest?: IssuePageData['cveRequest'];
  /** The viewer's effective level on the project (page data; 0 for a non-member). */
  viewerAccessLevel?: number;
}

/**
 * The right sidebar: blocks separated by thin rules; a block the user may change has its
 * widget in widgets/ (one per field). On narrow screens it is a drawer.
 */
export function IssueSidebar({ issueKey, projectPath, endpoint, permissions, open, onClose, createNoteEmail, cveRequest, viewerAccessLevel }: IssueSidebarProps) {
  const issue = useAtomValue(issueAtomFamily(issueKey))!;
  const [collapsed, toggleCollapsed] = useCollapsedGutter();
  const closeRef = useRef<HTMLButtonElement>(null);

  // The sidebar's first paint, for tools/bench/sidebar-paint-bench.mjs: the frame after the first commit
  useEffect(() => {
    if (typeof performance === 'undefined' || typeof requestAnimationFrame === 'undefined') return;
    requestAnimationFrame(() => {
      if (!performance.getEntriesByName(SIDEBAR_PAINT_MARK).length) performance.mark(SIDEBAR_PAINT_MARK);
    });
  }, []);

  // The drawer takes focus when it opens and closes on Escape from anywhere
  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <>
      {open && <button type="button" className="drawer-backdrop narrow-only" aria-label="Close issue details" tabIndex={-1} onClick={onClose} />}
      <aside
        id="issue-sidebar"
        className="issue-sidebar"
        data-open={open}
        data-collapsed={collapsed}
        aria-label="Issue details"
      >
        <div className="sidebar-collapse-toggle wide-only">
          <button type="button" className="btn btn--icon btn--tertiary" aria-label={collapsed ? PEOPLE_TEXTS.expandSidebar : PEOPLE_TEXTS.collapseSidebar} aria-expanded={!collapsed} onClick={toggleCollapsed}>
            {collapsed ? <ChevronsLeft size={16} aria-hidden="true" /> : <ChevronsRight size={16} aria-hidden="true" />}
          </button>
        </div>
        <div className="issue-sidebar__drawer-head narrow-only">
          <span className="issue-sidebar__drawer-title">Issue details</span>
          <button type="button" className="btn btn--icon btn--tertiary" aria-label="Close issue details" onClick={onClose} ref={closeRef}>
            <X size={16} aria-hidden="true" />
          </button>
        </div>
        <TodoWidget projectPath={projectPath} issuableType="issue" issuableId={issue.id} />
        <AssigneesWidget issueKey={issueKey} projectPath={projectPath} iid={issue.iid} editable={permissions.canUpdate && permissions.canAdmin} />
        <LabelsWidget issueKey={issueKey} projectPath={projectPath} editable={permissions.canUpdate && permissions.canAdmin} />
        <MilestoneWidget issueKey={issueKey} endpoint={endpoint} projectPath={projectPath} editable={permissions.canUpdate && permissions.canAdmin} />
        <IterationWidget issueKey={issueKey} endpoint={endpoint} projectPath={projectPath} editable={permissions.canUpdate && permissions.canAdmin} />
        <DueDateWidget issueKey={issueKey} endpoint={endpoint} projectPath={projectPath} editable={permissions.canUpdate && permissions.canAdmin} />
        <HealthStatusWidget issueKey={issueKey} endpoint={endpoint} projectPath={projectPath} editable={permissions.canUpdate && permissions.canAdmin} />
        <SeverityWidget issueKey={issueKey} endpoint={endpoint} projectPath={projectPath} editable={permissions.canUpdate && permissions.canAdmin} />
        <EpicWidget issueKey={issueKey} projectPath={projectPath} iid={issue.iid} editable={permissions.canUpdate && permissions.canAdmin} />
        <TimeTrackingWidget issueKey={issueKey} />
        <WeightWidget issueKey={issueKey} endpoint={endpoint} projectPath={projectPath} editable={permissions.canUpdateIssue} />
        <ConfidentialityWidget issueKey={issueKey} projectPath={projectPath} iid={issue.iid} editable={permissions.canUpdate && permissions.canAdmin} />
        <LockWidget issueKey={issueKey} projectPath={projectPath} iid={issue.iid} editable={permissions.canUpdate && permissions.canAdmin} />
        <ReferenceBlock reference={issue.references.full} testId="sidebar-reference" />
        <ParticipantsWidget issueKey={issueKey} projectPath={projectPath} iid={issue.iid} />
        <SubscriptionWidget issueKey={issueKey} projectPath={projectPath} iid={issue.iid} />
        <IssueEmailWidget address={createNoteEmail} />
        <MoveIssueWidget issueKey={issueKey} projectPath={projectPath} iid={issue.iid} editable={permissions.canAdmin} />
        <CveRequestWidget issueKey={issueKey} cveRequest={cveRequest} />
        <InviteMembersWidget projectPath={projectPath} viewerAccessLevel={viewerAccessLevel} />
      </aside>
    </>
  );
}
