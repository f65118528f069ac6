import { useAtomValue } from 'jotai';
import { Video } from 'lucide-react';
import { ISSUE_PAGE_TEXTS } from '@tandem/shared-types';
import { issueAtomFamily } from './issueAtoms';

/**
 * The header's pinned links: the Zoom meeting set with /zoom (live through issue.updated).
 * Only https zoom.us links are shown (the server accepts no other), opened in a new tab.
 */
export function PinnedLinks({ issueKey }: { issueKey: string }) {
  const url = useAtomValue(issueAtomFamily(issueKey))?.zoom_meeting_url;
  if (!url || !ISSUE_PAGE_TEXTS.zoomUrlPattern.test(url)) return null;
  return (
    <a className="pinned-link" href={url} target="_blank" rel="noopener noreferrer" data-testid="pinned-zoom-link">
      <Video size={14} aria-hidden="true" /> {ISSUE_PAGE_TEXTS.zoomLink}
    </a>
  );
}
