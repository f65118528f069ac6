import { useState } from 'react';
import { ChevronDown, ChevronRight, Trash2 } from 'lucide-react';
import { DISCUSSION_TEXTS, type ApiNote } from '@tandem/shared-types';
import { requestJson } from '../../shared/api/http';
import { useNotesContext } from './NotesContext';

/** Diffs already fetched, by path: a version's diff never changes, so each is fetched once (spec §4). */
const diffCache = new Map<string, string>();

const DESCRIPTION_VERSION_TEXTS = { compare: DISCUSSION_TEXTS.compareDescriptionVersion, remove: DISCUSSION_TEXTS.removeDescriptionHistory };

/**
 * Under a "changed the description" system note: the word diff of that change, fetched once and
 * cached, and, for those who may (the version's author while they may edit the issue, or
 * admin_issue: the server's canDeleteDescriptionVersion), removing it from the history.
 */
export function DescriptionVersionCompare({ note }: { note: ApiNote }) {
  const { paths, permissions, currentUser } = useNotesContext();
  const versionId = note.description_version_id;
  const diffPath = versionId ? (note.description_diff_path ?? paths.descriptionDiff(versionId, note.start_description_version_id ?? undefined)) : null;
  const [open, setOpen] = useState(false);
  const [diff, setDiff] = useState<string | null>(() => (diffPath ? (diffCache.get(diffPath) ?? null) : null));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!versionId || !diffPath || note.description_version_deleted) return null;
  const canDelete = permissions.canAdmin || (currentUser !== null && note.author?.id === currentUser.id && permissions.canUpdate);

  async function toggle() {
    const next = !open;
    setOpen(next);
    setError(null);
    if (!next || diff !== null || !diffPath) return;
    setBusy(true);
    try {
      const res = await requestJson<{ diff?: string }>(diffPath);
      if (!res.ok || typeof res.data?.diff !== 'string') throw new Error('diff');
      diffCache.set(diffPath, res.data.diff);
      setDiff(res.data.diff);
    } catch {
      setError(DISCUSSION_TEXTS.descriptionChangesFetchFailed);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      const start = note.start_description_version_id;
      const res = await requestJson(`${paths.descriptionVersion(versionId!)}${start ? `?start_version_id=${start}` : ''}`, { method: 'DELETE' });
      // The note.updated event marks the version deleted for everyone, this page included
      if (!res.ok) setError(DISCUSSION_TEXTS.descriptionChangesDeleteFailed);
    } catch {
      setError(DISCUSSION_TEXTS.descriptionChangesDeleteFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="description-version" data-testid="description-version">
      <button type="button" className="btn btn--tertiary btn--small description-version__toggle" aria-expanded={open} onClick={() => void toggle()}>
        {open ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronRight size={14} aria-hidden="true" />} {DESCRIPTION_VERSION_TEXTS.compare}
      </button>
      {open && (
        <div className="description-version__panel" aria-busy={busy}>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          {/* The server escapes every word of both versions; only its <ins>/<del> marks are markup */}
          {diff !== null && <div className="description-version__diff" data-testid="description-diff" dangerouslySetInnerHTML={{ __html: diff }} />}
          {canDelete && diff !== null && (
            <button type="button" className="btn btn--icon btn--tertiary" aria-label={DESCRIPTION_VERSION_TEXTS.remove} title={DESCRIPTION_VERSION_TEXTS.remove} disabled={busy} onClick={() => void remove()}>
              <Trash2 size={14} aria-hidden="true" />
            </button>
          )}
        </div>
      )}
    </div>
  );
}
