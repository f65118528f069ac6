import { useState } from 'react';
import { History } from 'lucide-react';
import { HISTORY_TEXTS as T } from '@tandem/shared-types';
import { HistoryScrubber } from './HistoryScrubber';
import { historyLinkFromSearch } from './historyLink';

interface Props {
  /** The noteable's REST prefix (`/api/v4/projects/<id>/issues/<iid>`, `/api/v4/groups/<id>/epics/<iid>`, `.../merge_requests/<iid>`). */
  restBase: string;
  /** Its stream's path as events name it (a project path; `groups/<path>` for an epic, `<path>/-/merge_requests` for a merge request). */
  streamPath: string;
  iid: number;
  kind: 'Issue' | 'Epic' | 'MergeRequest';
}

/** The "History" button and, when open (or opened by a `?at=` / `?at_seq=` link), the scrubber. */
export function NoteableHistory({ restBase, streamPath, iid, kind }: Props) {
  const [link] = useState(() => historyLinkFromSearch(window.location.search));
  const [open, setOpen] = useState(link !== null);
  return (
    <>
      <div className="history-toggle">
        <button type="button" className="btn btn--secondary btn--sm" aria-expanded={open} onClick={() => setOpen((o) => !o)} data-testid="history-open">
          <History size={14} aria-hidden="true" /> {T.open}
        </button>
      </div>
      {open && <HistoryScrubber restBase={restBase} projectPath={streamPath} iid={iid} kind={kind} link={link} onClose={() => setOpen(false)} />}
    </>
  );
}
