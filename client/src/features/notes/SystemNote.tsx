import { useState } from 'react';
import { DISCUSSION_LIMITS, DISCUSSION_TEXTS, type ApiNote } from '@tandem/shared-types';
import { RelativeTime } from '../../shared/ui/RelativeTime';
import { DescriptionVersionCompare } from './DescriptionVersionCompare';
import { SystemNoteIcon } from './SystemNoteIcon';

/** A compact timeline row for a system note: its icon, who, what, then when (GitLab's order), small and grey. */
export function SystemNote({ note }: { note: ApiNote }) {
  const { author } = note;
  // A commit-list note ("added N commits" and its list) collapses past 3 items (spec discussions.md §4)
  const items = note.system_note_icon_name === 'commit' ? (note.note_html.match(/<li[\s>]/g)?.length ?? 0) : 0;
  const collapsible = items > DISCUSSION_LIMITS.commitListCollapseAt;
  const [expanded, setExpanded] = useState(false);
  return (
    <li className="system-note" id={`note_${note.id}`} data-testid="system-note" data-note-id={note.id}>
      <span className="system-note__icon" aria-hidden="true">
        <SystemNoteIcon name={note.system_note_icon_name} />
      </span>
      <div className="system-note__content">
        {author ? (
          <a className="system-note__author" href={author.path || `/${author.username}`}>
            <span className="note-header__name">{author.name}</span> <span className="note-header__username">@{author.username}</span>
          </a>
        ) : (
          <span className="note-header__name">{DISCUSSION_TEXTS.deletedUser}</span>
        )}{' '}
        {/* note_html is rendered and sanitised on the server */}
        <span className={`system-note__text md${collapsible && !expanded ? ' is-collapsed-list' : ''}`} data-testid="system-note-text" dangerouslySetInnerHTML={{ __html: note.note_html }} />
        {collapsible && (
          <button type="button" className="btn-link system-note__toggle" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)} data-testid="commit-list-toggle">
            {DISCUSSION_TEXTS.toggleCommitList}
          </button>
        )}
        <span aria-hidden="true">·</span>
        <a className="note-header__time" href={`#note_${note.id}`}>
          <RelativeTime iso={note.created_at} />
        </a>
        <DescriptionVersionCompare note={note} />
      </div>
    </li>
  );
}
