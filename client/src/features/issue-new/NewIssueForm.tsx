import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS, TEXTS, VALIDATION } from '@tandem/shared-types';
import { errorText } from '../../shared/api/http';
import { Alert } from '../../shared/ui/Alert';
import { issueListKeys } from '../issue-list/issueListQueries';
import { previewMarkdown } from '../issue/issueApi';
import { TemplateChooser } from '../issue/TemplateChooser';
import { useProjectLabels } from '../labels/projectLabels';
import { createIssue, fetchAssignableMembers } from './newIssueApi';
import './newIssue.css';

export interface NewIssueFormProps {
  projectPath: string;
  /** Reporters and up may set labels, assignees, due date and weight at creation. */
  canSetMetadata: boolean;
  /** Where to go with the created issue (a full page load: the issue page embeds its data). */
  onCreated(webUrl: string): void;
  onCancel(): void;
  /** The type chosen on arrival (`?issue_type=incident` from the incident list's 'Create incident'). */
  initialIssueType?: 'issue' | 'incident';
  /** A description template chosen on arrival (`?issuable_template=name`). */
  initialTemplate?: string | null;
  /** Prefilled fields (issue[title], issue[description], issue[confidential] in the URL). */
  initial?: { title: string; description: string; confidential: boolean };
}

/**
 * The "New issue" form: the description-template chooser (as the edit form's, with the override
 * warning and Reset), title, description with preview, confidentiality, and for reporters
 * and up the sidebar fields they may set at creation. Ctrl/Cmd+Enter submits; a failure keeps
 * everything typed and shows the server's reason.
 */
export function NewIssueForm({ projectPath, canSetMetadata, onCreated, onCancel, initialIssueType = 'issue', initialTemplate = null, initial }: NewIssueFormProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [confidential, setConfidential] = useState(initial?.confidential ?? false);
  const [labels, setLabels] = useState<string[]>([]);
  const [assignees, setAssignees] = useState<number[]>([]);
  const [dueDate, setDueDate] = useState('');
  const [weight, setWeight] = useState('');
  const [issueType, setIssueType] = useState<'issue' | 'incident'>(initialIssueType);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const labelColors = useProjectLabels(projectPath);
  const members = useQuery({ queryKey: ['projects', projectPath, 'members', 'all'], queryFn: ({ signal }) => fetchAssignableMembers(projectPath, signal), enabled: canSetMetadata, staleTime: 60_000 });

  const titleError = title.length > LIMITS.titleMaxLength ? `Title ${VALIDATION.tooLong(LIMITS.titleMaxLength)}` : null;
  const weightError = weight !== '' && !/^\d+$/.test(weight) ? TEXTS.weightNumeralsOnly : null;
  const canSubmit = title.trim() !== '' && !titleError && !weightError && !saving;

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (!canSubmit) return;
    setSaving(true);
    setError(null);
    try {
      const res = await createIssue(projectPath, {
        title: title.trim(),
        description,
        confidential,
        ...(canSetMetadata ? { labels, assignee_ids: assignees, due_date: dueDate || undefined, weight: weight === '' ? undefined : Number(weight), issue_type: issueType } : {}),
      });
      if (!res.ok) {
        setError(errorText(res.data, TEXTS.issueUpdateFailed));
        return;
      }
      void queryClient.invalidateQueries({ queryKey: issueListKeys.project(projectPath) });
      onCreated(res.data.web_url);
    } catch {
      setError(TEXTS.issueUpdateFailed);
    } finally {
      setSaving(false);
    }
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
  };

  async function showPreview() {
    setTab('preview');
    setPreview(null);
    try {
      setPreview(await previewMarkdown(description, projectPath));
    } catch {
      setPreview('');
    }
  }

  const toggle = <T,>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Ctrl/Cmd+Enter anywhere in the form submits it (GitLab's shortcut)
    <form className="new-issue" onSubmit={(e) => void submit(e)} onKeyDown={onKeyDown} aria-labelledby={`${id}-heading`}>
      <h1 id={`${id}-heading`} className="page-title">
        New issue
      </h1>
      {error && (
        <Alert variant="danger" onDismiss={() => setError(null)} testId="new-issue-error">
          {error}
        </Alert>
      )}
      <TemplateChooser projectPath={projectPath} description={description} onDescription={setDescription} initialTemplate={initialTemplate} />
      <label className="field">
        <span className="field__label">Title (required)</span>
        <input className="input" value={title} maxLength={LIMITS.titleMaxLength + 1} onChange={(e) => setTitle(e.target.value)} autoFocus required aria-invalid={!!titleError} />
        {titleError && <span className="field-error">{titleError}</span>}
      </label>
      <div className="field">
        <div className="tabs tabs--small" role="tablist" aria-label="Description editor">
          <button type="button" role="tab" aria-selected={tab === 'write'} className="tab" onClick={() => setTab('write')}>
            Write
          </button>
          <button type="button" role="tab" aria-selected={tab === 'preview'} className="tab" onClick={() => void showPreview()}>
            Preview
          </button>
        </div>
        {tab === 'write' ? (
          <textarea className="input textarea new-issue__description" aria-label="Description" placeholder="Write a description or drag your files here…" value={description} onChange={(e) => setDescription(e.target.value)} rows={10} />
        ) : (
          // server-rendered and sanitised markdown
          <div role="tabpanel" className="md new-issue__preview" aria-busy={preview === null} dangerouslySetInnerHTML={{ __html: preview ?? '' }} />
        )}
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={confidential} onChange={(e) => setConfidential(e.target.checked)} />
        <span>This issue is confidential and should only be visible to team members with at least the Reporter role.</span>
      </label>
      {canSetMetadata && (
        <fieldset className="new-issue__meta">
          <legend className="visually-hidden">Issue metadata</legend>
          <label className="field">
            <span className="field__label">Type</span>
            <select className="input" value={issueType} onChange={(e) => setIssueType(e.target.value as 'issue' | 'incident')}>
              <option value="issue">Issue</option>
              <option value="incident">Incident</option>
            </select>
          </label>
          <div className="field">
            <span className="field__label" id={`${id}-assignees`}>
              Assignees
            </span>
            <div className="new-issue__choices" role="group" aria-labelledby={`${id}-assignees`}>
              {members.isError && <span className="muted">Members could not be loaded.</span>}
              {(members.data ?? []).map((m) => (
                <label key={m.id} className="chip-choice">
                  <input type="checkbox" checked={assignees.includes(m.id)} onChange={() => setAssignees((a) => toggle(a, m.id))} />
                  <span>{m.name}</span> <span className="muted">@{m.username}</span>
                </label>
              ))}
            </div>
          </div>
          <div className="field">
            <span className="field__label" id={`${id}-labels`}>
              Labels
            </span>
            <div className="new-issue__choices" role="group" aria-labelledby={`${id}-labels`}>
              {Object.entries(labelColors).map(([name, c]) => (
                <label key={name} className="chip-choice">
                  <input type="checkbox" checked={labels.includes(name)} onChange={() => setLabels((l) => toggle(l, name))} />
                  <span className="label-swatch" style={{ background: c.color }} aria-hidden="true" />
                  <span>{name}</span>
                </label>
              ))}
            </div>
          </div>
          <div className="new-issue__row">
            <label className="field">
              <span className="field__label">Due date</span>
              <input className="input" type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} />
            </label>
            <label className="field">
              <span className="field__label">Weight</span>
              <input className="input" inputMode="numeric" value={weight} onChange={(e) => setWeight(e.target.value.trim())} aria-invalid={!!weightError} />
              {weightError && <span className="field-error">{weightError}</span>}
            </label>
          </div>
        </fieldset>
      )}
      <div className="issue-form__actions">
        <button type="submit" className="btn btn--confirm" disabled={!canSubmit}>
          {saving ? 'Creating issue…' : 'Create issue'}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
