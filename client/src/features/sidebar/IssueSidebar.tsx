import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Hash, Users, UserRound, X } from 'lucide-react';
import type { IssuePermissions, UserBasic } from '@tandem/shared-types';
import { Avatar } from '../../shared/ui/Avatar';
import { CopyButton } from '../../shared/ui/CopyButton';
import { issueAtomFamily, type IssueState } from '../issue/issueAtoms';
import { SidebarBlock } from './SidebarBlock';
import { WeightWidget } from './widgets/WeightWidget';
import { ConfidentialityWidget } from './widgets/ConfidentialityWidget';
import { LockWidget } from './widgets/LockWidget';
import { DueDateWidget } from './widgets/DueDateWidget';
import { HealthStatusWidget } from './widgets/HealthStatusWidget';
import { SeverityWidget } from './widgets/SeverityWidget';
import { LabelsWidget } from './widgets/LabelsWidget';
import { MilestoneWidget } from './widgets/MilestoneWidget';
import { IterationWidget } from './widgets/IterationWidget';

const PARTICIPANTS_SHOWN = 7;

interface IssueSidebarProps {
  issueKey: string;
  projectPath: string;
  /** The issue page's own endpoint ({issue}.json), where sidebar widgets save. */
  endpoint: string;
  permissions: IssuePermissions;
  open: boolean;
  onClose(): void;
}

/**
 * The right sidebar: blocks separated by thin rules; a block the user may change has its
 * widget in widgets/ (one per field). On narrow screens it is a drawer.
 */
export function IssueSidebar({ issueKey, projectPath, endpoint, permissions, open, onClose }: IssueSidebarProps) {
  const issue = useAtomValue(issueAtomFamily(issueKey))!;
  const participants = participantsOf(issue);
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? participants : participants.slice(0, PARTICIPANTS_SHOWN);
  const closeRef = useRef<HTMLButtonElement>(null);

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
        aria-label="Issue details"
      >
        <div className="issue-sidebar__drawer-head narrow-only">
          <span className="issue-sidebar__drawer-title">Issue details</span>
          <button type="button" className="btn btn--icon btn--tertiary" aria-label="Close issue details" onClick={onClose} ref={closeRef}>
            <X size={16} aria-hidden="true" />
          </button>
        </div>
        <SidebarBlock title="Assignees" icon={<UserRound size={16} />} testId="sidebar-assignees">
          {issue.assignees.length ? (
            <ul className="user-list">
              {issue.assignees.map((u) => (
                <li key={u.id}>
                  <a href={u.web_url} className="user-list__item">
                    <Avatar user={u} size={24} decorative />
                    <span>
                      <span className="user-list__name">{u.name}</span> <span className="muted">@{u.username}</span>
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <span className="muted">None</span>
          )}
        </SidebarBlock>
        <LabelsWidget issueKey={issueKey} projectPath={projectPath} editable={permissions.canUpdate && permissions.canAdmin} />
        <MilestoneWidget issueKey={issueKey} endpoint={endpoint} projectPath={projectPath} editable={permissions.canUpdate && permissions.canAdmin} />
        <IterationWidget issueKey={issueKey} endpoint={endpoint} projectPath={projectPath} editable={permissions.canUpdate && permissions.canAdmin} />
        <DueDateWidget issueKey={issueKey} endpoint={endpoint} projectPath={projectPath} editable={permissions.canUpdate && permissions.canAdmin} />
        <HealthStatusWidget issueKey={issueKey} endpoint={endpoint} projectPath={projectPath} editable={permissions.canUpdate && permissions.canAdmin} />
        <SeverityWidget issueKey={issueKey} endpoint={endpoint} projectPath={projectPath} editable={permissions.canUpdate && permissions.canAdmin} />
        <WeightWidget issueKey={issueKey} endpoint={endpoint} projectPath={projectPath} editable={permissions.canUpdateIssue} />
        <ConfidentialityWidget issueKey={issueKey} projectPath={projectPath} iid={issue.iid} editable={permissions.canUpdate && permissions.canAdmin} />
        <LockWidget issueKey={issueKey} projectPath={projectPath} iid={issue.iid} editable={permissions.canUpdate && permissions.canAdmin} />
        <SidebarBlock title="Reference" icon={<Hash size={16} />} testId="sidebar-reference">
          <div className="reference-row">
            <code className="reference-row__text">{issue.references.full}</code>
            <CopyButton text={issue.references.full} label="Copy reference" />
          </div>
        </SidebarBlock>
        <SidebarBlock title={`${participants.length} ${participants.length === 1 ? 'Participant' : 'Participants'}`} icon={<Users size={16} />} testId="sidebar-participants">
          <ul className="participants">
            {shown.map((u) => (
              <li key={u.username}>
                <a href={u.web_url}>
                  <Avatar user={u} size={24} />
                </a>
              </li>
            ))}
          </ul>
          {participants.length > PARTICIPANTS_SHOWN && (
            <button type="button" className="link-button" onClick={() => setShowAll((v) => !v)}>
              {showAll ? '- show less' : `+ ${participants.length - PARTICIPANTS_SHOWN} more`}
            </button>
          )}
        </SidebarBlock>
      </aside>
    </>
  );
}

/** Everyone involved so far: author, assignees, whoever closed or last edited it. */
function participantsOf(issue: IssueState): UserBasic[] {
  const seen = new Map<string, UserBasic>();
  for (const u of [issue.author, ...issue.assignees, issue.closed_by]) if (u && !seen.has(u.username)) seen.set(u.username, u);
  return [...seen.values()];
}
