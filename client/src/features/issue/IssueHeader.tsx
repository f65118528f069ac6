import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { EllipsisVertical, EyeOff, FlaskConical, Lock, PanelRight, Siren } from 'lucide-react';
import { ABUSE_TEXTS, abuseReportPath, type IssuePermissions } from '@tandem/shared-types';
import { RelativeTime } from '../../shared/ui/RelativeTime';
import { issueAtomFamily } from './issueAtoms';
import { IssueStatusBadge } from './IssueStatusBadge';
import { PinnedLinks } from './PinnedLinks';
import { SpamConfirm } from './SpamConfirm';
import { PromoteToEpicItem, PromoteToEpicStatus } from '../epic/PromoteToEpic';

export interface IssueHeaderProps {
  issueKey: string;
  /** The issue page's endpoint ({project}/-/issues/{iid}): Submit as spam posts there. */
  endpoint: string;
  permissions: IssuePermissions;
  stateBusy: boolean;
  sidebarOpen: boolean;
  onToggleState(event: 'CLOSE' | 'REOPEN'): void;
  onToggleSidebar(): void;
  onCopyReference(): void;
}

/** Status, type and confidentiality badges, author line, and the header actions. */
export function IssueHeader({ issueKey, endpoint, permissions, stateBusy, sidebarOpen, onToggleState, onToggleSidebar, onCopyReference }: IssueHeaderProps) {
  const issue = useAtomValue(issueAtomFamily(issueKey))!;
  const closed = issue.state === 'closed';
  const canToggle = closed ? permissions.canReopenIssue : permissions.canUpdateIssue;
  const stateEvent = closed ? 'REOPEN' : 'CLOSE';
  const stateLabel = closed ? 'Reopen issue' : 'Close issue';
  const typeName = issue.issue_type === 'incident' ? 'incident' : issue.issue_type === 'test_case' ? 'test case' : 'issue';
  const [spamOpen, setSpamOpen] = useState(false);
  const stuck = useTitleScrolledAway();
  const projectPath = issue.references.full.replace(/#\d+$/, '');

  return (
    <>
    <div className="issue-header issue-header--sticky" data-stuck={stuck}>
      <div className="issue-header__status">
        {stuck && (
          <span className="issue-header__sticky-title" data-testid="sticky-title">
            {issue.title}
          </span>
        )}
        <IssueStatusBadge state={issue.state} />
        {issue.issue_type === 'incident' && (
          <span className="badge badge--neutral" data-testid="issue-type-badge">
            <Siren size={14} aria-hidden="true" /> Incident
          </span>
        )}
        {issue.issue_type === 'test_case' && (
          <span className="badge badge--neutral" data-testid="issue-type-badge">
            <FlaskConical size={14} aria-hidden="true" /> Test case
          </span>
        )}
        {issue.confidential && (
          <span className="badge badge--warning" data-testid="confidential-badge" title={`Only project members with at least the Reporter role, the author, and assignees can view or be notified about this ${typeName}.`}>
            <EyeOff size={14} aria-hidden="true" /> Confidential
          </span>
        )}
        {issue.discussion_locked && (
          <span className="badge badge--warning" data-testid="locked-badge" title="Only project members can comment.">
            <Lock size={14} aria-hidden="true" /> Locked
          </span>
        )}
        <span className="issue-header__meta">
          Created <RelativeTime iso={issue.created_at} /> by{' '}
          <a className="author-link" href={issue.author.web_url}>
            {issue.author.name}
          </a>
        </span>
        <PinnedLinks issueKey={issueKey} />
      </div>
      <div className="issue-header__actions">
        {canToggle && (
          <button type="button" className="btn issue-header__state-btn wide-only" disabled={stateBusy} onClick={() => onToggleState(stateEvent)}>
            {stateLabel}
          </button>
        )}
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger asChild>
            <button type="button" className="btn btn--icon btn--tertiary" aria-label="Issue actions">
              <EllipsisVertical size={16} aria-hidden="true" />
            </button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
              {canToggle && (
                <DropdownMenu.Item className="menu__item narrow-only" disabled={stateBusy} onSelect={() => onToggleState(stateEvent)}>
                  {stateLabel}
                </DropdownMenu.Item>
              )}
              {permissions.canCreateIssue && (
                <DropdownMenu.Item className="menu__item" onSelect={() => window.location.assign(`${window.location.pathname.replace(/\/-\/issues\/\d+\/?$/, '')}/-/issues/new`)}>
                  New issue
                </DropdownMenu.Item>
              )}
              {permissions.canPromoteToEpic && <PromoteToEpicItem projectPath={projectPath} iid={issue.iid} />}
              {permissions.canReportAbuse && (
                <DropdownMenu.Item
                  className="menu__item"
                  onSelect={() => window.location.assign(abuseReportPath(projectPath, issue.iid))}
                >
                  {ABUSE_TEXTS.reportAbuse}
                </DropdownMenu.Item>
              )}
              {permissions.canReportSpam && (
                <DropdownMenu.Item className="menu__item" onSelect={() => setSpamOpen(true)}>
                  {ABUSE_TEXTS.submitSpam}
                </DropdownMenu.Item>
              )}
              <DropdownMenu.Item className="menu__item" onSelect={onCopyReference}>
                Copy reference
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
        <button
          type="button"
          className="btn btn--icon btn--tertiary narrow-only"
          aria-label="Issue details"
          aria-expanded={sidebarOpen}
          aria-controls="issue-sidebar"
          onClick={onToggleSidebar}
        >
          <PanelRight size={16} aria-hidden="true" />
        </button>
      </div>
      {permissions.canReportSpam && <SpamConfirm open={spamOpen} endpoint={endpoint} onOpenChange={setSpamOpen} />}
    </div>
    <PromoteToEpicStatus />
    </>
  );
}

/** True once the page's title (#issue-title) has scrolled out under the sticky header. */
function useTitleScrolledAway(): boolean {
  const [away, setAway] = useState(false);
  useEffect(() => {
    const title = document.getElementById('issue-title');
    if (!title || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setAway(!entry!.isIntersecting && entry!.boundingClientRect.top < 0), { rootMargin: '-64px 0px 0px 0px' });
    observer.observe(title);
    return () => observer.disconnect();
  }, []);
  return away;
}
