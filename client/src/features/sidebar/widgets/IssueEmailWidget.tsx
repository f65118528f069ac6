import { Mail } from 'lucide-react';
import { ISSUE_EMAIL_TEXTS } from '@tandem/shared-types';
import { CopyButton } from '../../../shared/ui/CopyButton';
import { SidebarBlock } from '../SidebarBlock';

/**
 * Spec "Issue email copy field": the viewer's own address for this issue (page data
 * createNoteEmail); a mail to it becomes their comment. Absent when incoming mail is not
 * configured or the viewer may not comment.
 */
export function IssueEmailWidget({ address }: { address: string | null | undefined }) {
  if (!address) return null;
  return (
    <SidebarBlock title={ISSUE_EMAIL_TEXTS.title} icon={<Mail size={16} />} testId="sidebar-issue-email">
      <div className="reference-row" title={ISSUE_EMAIL_TEXTS.help}>
        <code className="reference-row__text" data-testid="issue-email-address">
          {address}
        </code>
        <CopyButton text={address} label={ISSUE_EMAIL_TEXTS.copy} />
      </div>
    </SidebarBlock>
  );
}
