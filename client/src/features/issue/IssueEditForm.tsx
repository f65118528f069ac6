import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useAtom } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { ISSUE_PAGE_TEXTS, LIMITS, TEXTS, VALIDATION, needsCaptcha, sameOriginPath } from '@tandem/shared-types';
import { MarkdownEditor } from '../../shared/markdown/MarkdownEditor';
import { errorText } from '../../shared/api/http';
import { Alert } from '../../shared/ui/Alert';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { currentUserAtom } from '../session/sessionAtoms';
import { appStore } from '../../shared/store';
import { deleteIssue, fetchIssue, saveIssue } from './issueApi';
import { issueAtomFamily, type IssueState } from './issueAtoms';
import { clearIssueDraft, issueDraftKey, readIssueDraft, writeIssueDraft, type IssueDraft } from './issueDraft';
import { LockedWarning } from '../../shared/edit-conflict/LockedWarning';
import { MarkdownHelp } from './MarkdownHelp';
import { TemplateChooser } from './TemplateChooser';
import type { EditedText } from '../../shared/edit-conflict/mergeEdit';
import { EditMergeNotices, useEditMerge, type EditSnapshot } from '../../shared/edit-conflict/useEditMerge';
import { issueListKeys } from '../issue-list/issueListQueries';
import './issueEditForm.css';

export interface IssueEditFormProps {
  issueKey: string;
  projectPath: string;
  iid: number;
  endpoint: string;
  canDestroy: boolean;
  onClose(): void;
}

const snapshotOf = (issue: IssueState): EditSnapshot => ({ title: issue.title, description: issue.description ?? '', lock_version: issue.lock_version });

/**
 * The inline title/description editor. It saves with the lock_version
 * it started from, so a concurrent edit is refused (409) instead of silently overwritten; the
 * user's text stays in the form and in the autosaved draft.
 */
export function IssueEditForm({ issueKey, projectPath, iid, endpoint, canDestroy, onClose }: IssueEditFormProps) {
  const [issue, setIssue] = useAtom(issueAtomFamily(issueKey));
  const queryClient = useQueryClient();
  const draftKey = issueDraftKey(projectPath, iid);
  // The text the user started from; after a merged conflict, the text saved meanwhile
  const edit = useEditMerge(() => snapshotOf(issue!));
  const { base, lockVersion, setLockVersion } = edit;
  const [pendingDraft, setPendingDraft] = useState<IssueDraft | null>(() => {
    const d = readIssueDraft(draftKey);
    const differs = d && (d.title !== base.title || d.description !== base.description);
    return differs && d.lock_version !== base.lock_version ? d : null;
  });
  const [title, setTitle] = useState(() => {
    const d = readIssueDraft(draftKey);
    return d && d.lock_version === base.lock_version ? d.title : base.title;
  });
  const [description, setDescription] = useState(() => {
    const d = readIssueDraft(draftKey);
    return d && d.lock_version === base.lock_version ? d.description : base.description;
  });
  const [lockedWarning, setLockedWarning] = useState(false);
  const [help, setHelp] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const savedRef = useRef(false);
  const ids = { title: useId() };

  const dirty = title !== base.title || description !== base.description;
  const canSave = title.trim().length > 0 && !saving && !deleting;

  useEffect(() => titleRef.current?.focus(), []);

  // A remote change: content changes raise the spec's warning; a state-only change is adopted.
  useEffect(() => {
    if (!issue || savedRef.current || issue.lock_version <= lockVersion) return;
    if (issue.title === base.title && (issue.description ?? '') === base.description && !lockedWarning) setLockVersion(issue.lock_version);
    else setLockedWarning(true);
  }, [issue, lockVersion, base, lockedWarning, setLockVersion]);

  // Autosave the open form (never over a draft the user has not decided about yet)
  useEffect(() => {
    if (pendingDraft) return;
    if (dirty) writeIssueDraft(draftKey, { title, description, lock_version: lockVersion });
    else clearIssueDraft(draftKey);
  }, [title, description, lockVersion, dirty, pendingDraft, draftKey]);

  // The browser's own "leave site?" prompt while there are unsaved changes
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = TEXTS.confirmLeave;
      return TEXTS.confirmLeave;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  async function save() {
    if (!canSave) return;
    // Refused here with the API's words, the text kept (a maxlength would cut a paste silently)
    if (description.length > LIMITS.descriptionMaxLength) {
      setError(`${TEXTS.errorUpdating('issue')}. description ${VALIDATION.tooLong(LIMITS.descriptionMaxLength)}`);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const res = await saveIssue(endpoint, { title, description, lock_version: lockVersion });
      // a 409 asking for a captcha the user cancelled is not an edit conflict
      if (res.status === 409 && !needsCaptcha(res.data)) {
        setLockedWarning(true);
        await mergeOntoLatest();
        return;
      }
      if (!res.ok) {
        setError(`${TEXTS.errorUpdating('issue')}. ${errorText(res.data, TEXTS.issueUpdateFailed)}`);
        return;
      }
      const saved = res.data;
      void queryClient.invalidateQueries({ queryKey: issueListKeys.project(projectPath) });
      const me = appStore.get(currentUserAtom);
      clearIssueDraft(draftKey);
      savedRef.current = true;
      setIssue((cur) => {
        if (cur && cur.lock_version > saved.lock_version) return cur;
        const edited = saved.title !== base.title || (saved.description ?? '') !== base.description;
        return { ...cur, ...saved, ...(edited && me ? { last_edited_at: saved.updated_at, last_edited_by: me } : {}) } as IssueState;
      });
      const savedPath = safePath(saved.web_url);
      if (savedPath && savedPath !== window.location.pathname) {
        window.location.assign(savedPath);
        return;
      }
      onClose();
    } catch (e) {
      setError(`${TEXTS.errorUpdating('issue')}. ${e instanceof Error ? e.message : TEXTS.issueUpdateFailed}`);
    } finally {
      setSaving(false);
    }
  }

  /**
   * After a 409: three-way merge of the user's edit (from `base`) onto the text saved meanwhile.
   * Edits that do not overlap are applied and the form moves to the new lock_version, so the
   * next Save goes through; overlapping ones are shown for the user to choose.
   */
  async function mergeOntoLatest() {
    edit.clearMerge();
    const latest = await fetchIssue(endpoint).catch(() => null);
    if (!latest?.ok || !latest.data) return;
    const theirs = snapshotOf(latest.data as IssueState);
    edit.mergeOnto(theirs, { title, description }, setText);
  }

  function setText(t: EditedText) {
    setTitle(t.title);
    setDescription(t.description);
  }

  function cancel() {
    clearIssueDraft(draftKey);
    onClose();
  }

  async function destroy() {
    setDeleting(true);
    setError(null);
    try {
      const res = await deleteIssue(endpoint);
      if (!res.ok) {
        setConfirmDelete(false);
        setError(TEXTS.errorDeleting('issue'));
        return;
      }
      clearIssueDraft(draftKey);
      void queryClient.invalidateQueries({ queryKey: issueListKeys.project(projectPath) });
      window.location.assign(safePath(res.data?.web_url) ?? `/${projectPath}/-/issues`);
    } catch {
      setConfirmDelete(false);
      setError(TEXTS.errorDeleting('issue'));
    } finally {
      setDeleting(false);
    }
  }

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      cancel();
    }
  }

  return (
    <form
      className="issue-form"
      aria-label="Edit issue"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {lockedWarning && <LockedWarning type="issue" path={`/${projectPath}/-/issues/${iid}`} />}
      <EditMergeNotices edit={edit} setText={setText} />
      <TemplateChooser projectPath={projectPath} description={description} onDescription={setDescription} />
      {pendingDraft && (
        <div className="alert alert--warning" role="alert" data-testid="draft-conflict">
          <div className="alert__body">
            <p>{TEXTS.draftConflict}</p>
            <div className="alert__actions">
              <button
                type="button"
                className="btn btn--confirm"
                onClick={() => {
                  setTitle(pendingDraft.title);
                  setDescription(pendingDraft.description);
                  setPendingDraft(null);
                }}
              >
                Keep
              </button>
              <button
                type="button"
                className="btn"
                onClick={() => {
                  clearIssueDraft(draftKey);
                  setPendingDraft(null);
                }}
              >
                Discard
              </button>
            </div>
          </div>
        </div>
      )}
      <div className="field">
        <label className="field__label" htmlFor={ids.title}>
          Title
        </label>
        <input
          ref={titleRef}
          id={ids.title}
          className="input input--title"
          value={title}
          maxLength={LIMITS.titleMaxLength}
          required
          autoComplete="off"
          onChange={(e) => setTitle(e.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="field">
        <div className="field__label-row">
          {/* The editor's textarea is named "Description" itself; this is the visible heading */}
          <span className="field__label" aria-hidden="true">
            Description
          </span>
          <button type="button" className="link-button issue-form__help-toggle" aria-expanded={help} onClick={() => setHelp((h) => !h)}>
            {ISSUE_PAGE_TEXTS.helpToggle}
          </button>
        </div>
        <MarkdownEditor
          value={description}
          onChange={setDescription}
          onSubmit={() => void save()}
          onCancel={cancel}
          previewProjectPath={projectPath}
          noteable={{ iid, id: issue!.id }}
          rows={12}
          placeholder="Write a description or drag your files here…"
          label="Description"
          testId="issue-description-editor"
        />
        <p className="field__hint">Markdown is supported. Ctrl+Enter or ⌘+Enter saves, Escape cancels.</p>
      </div>
      {help && <MarkdownHelp />}
      <div aria-live="assertive" className="issue-form__error">
        {error && <Alert variant="danger">{error}</Alert>}
      </div>
      <div className="issue-form__actions">
        <button type="submit" className="btn btn--confirm" disabled={!canSave}>
          {saving ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className="btn" onClick={cancel}>
          Cancel
        </button>
        {canDestroy && (
          <button type="button" className="btn btn--danger-secondary issue-form__delete" onClick={() => setConfirmDelete(true)} disabled={deleting}>
            Delete issue
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete issue?"
        message={TEXTS.confirmDelete}
        confirmLabel="Delete issue"
        danger
        busy={deleting}
        onConfirm={() => void destroy()}
        onOpenChange={setConfirmDelete}
      />
    </form>
  );
}

/** Only same-origin paths are followed after a save or delete (the one redirect rule, shared-types). */
const safePath = (url: string | undefined): string | null => sameOriginPath(url, window.location.origin);
