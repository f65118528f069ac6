import { useAtomValue } from 'jotai';
import { Radio, Video } from 'lucide-react';
import { ISSUE_PAGE_TEXTS, STATUS_PAGE_TEXTS } from '@tandem/shared-types';
import { publishedIncidentUrlAtomFamily } from '../status-page/statusPageAtoms';
import { issueAtomFamily } from './issueAtoms';

const httpUrl = (url: string | null | undefined): url is string => !!url && /^https?:\/\//i.test(url);

/**
 * The header's pinned links: the Zoom meeting set with /zoom (live through issue.updated) and
 * the published incident on the status page (spec publishedIncidentUrl; live through
 * issue.status_page). Only https zoom.us links and http(s) status page links are shown (the
 * server accepts no other), opened in a new tab.
 */
export function PinnedLinks({ issueKey }: { issueKey: string }) {
  const url = useAtomValue(issueAtomFamily(issueKey))?.zoom_meeting_url;
  const published = useAtomValue(publishedIncidentUrlAtomFamily(issueKey));
  const zoom = !!url && ISSUE_PAGE_TEXTS.zoomUrlPattern.test(url);
  if (!zoom && !httpUrl(published)) return null;
  return (
    <>
      {zoom && (
        <a className="pinned-link" href={url} target="_blank" rel="noopener noreferrer" data-testid="pinned-zoom-link">
          <Video size={14} aria-hidden="true" /> {ISSUE_PAGE_TEXTS.zoomLink}
        </a>
      )}
      {httpUrl(published) && (
        <a className="pinned-link" href={published} target="_blank" rel="noopener noreferrer" data-testid="pinned-status-page-link">
          <Radio size={14} aria-hidden="true" /> {STATUS_PAGE_TEXTS.publishedLink}
        </a>
      )}
    </>
  );
}
