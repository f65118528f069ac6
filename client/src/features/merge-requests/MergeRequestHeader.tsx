import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { EllipsisVertical } from 'lucide-react';
import { ABUSE_TEXTS, MERGE_REQUEST_STATE_LABELS, MERGE_REQUEST_TEXTS as T, abuseReportPath, type ApiMergeRequest, type MergeRequestPageData } from '@tandem/shared-types';

interface MergeRequestHeaderProps {
  mergeRequest: Pick<ApiMergeRequest, 'iid' | 'title' | 'state'>;
  projectPath: string;
  permissions: MergeRequestPageData['permissions'];
}

/**
 * The merge request's state, title and header menu (GitLab's): Report abuse, the form about its
 * author, for a signed-in reader who is not the author (the server's canReportAbuse). No menu
 * without an item.
 */
export function MergeRequestHeader({ mergeRequest: mr, projectPath, permissions }: MergeRequestHeaderProps) {
  return (
    <div className="mr-page-header">
      <span className={`mr-state-badge mr-state-${mr.state}`} data-testid="mr-state">{MERGE_REQUEST_STATE_LABELS[mr.state]}</span>
      <h1 className="mr-title">{mr.title}</h1>
      {permissions.canReportAbuse && (
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger asChild>
            <button type="button" className="btn btn--icon btn--tertiary mr-page-header__menu" aria-label={T.headerActions}>
              <EllipsisVertical size={16} aria-hidden="true" />
            </button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
              <DropdownMenu.Item className="menu__item" asChild>
                <a href={abuseReportPath(projectPath, mr.iid, 'MergeRequest')}>{ABUSE_TEXTS.reportAbuse}</a>
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      )}
    </div>
  );
}
