import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Maximize2, Minimize2 } from 'lucide-react';
import { noteablePaths } from '@tandem/shared-types';
import { AttachButton } from './AttachButton';
import { AutocompleteMenu } from './AutocompleteMenu';
import type { EditorSources } from './autocompleteSources';
import { previewComment, previewMarkdown } from './previewMarkdown';
import { useAttachments } from './useAttachments';
import { useMarkdownAutocomplete } from './useMarkdownAutocomplete';
import './markdownEditor.css';

export interface MarkdownEditorProps {
  value: string;
  onChange(value: string): void;
  /** Ctrl/Cmd+Enter. */
  onSubmit?(): void;
  /** Escape (outside zen mode, which Escape leaves first). */
  onCancel?(): void;
  /** Key handling before the editor's own (Up in an empty box, ...); call preventDefault to stop it. */
  onKeyDown?(e: KeyboardEvent<HTMLTextAreaElement>): void;
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
  /**
   * The project the server renders references for in the preview (and, without `sources`,
   * autocompletes and stores uploads in); null outside a project (an epic: its `sources` name
   * the group the preview renders references in).
   */
  previewProjectPath: string | null;
  /** The noteable written about: its iid and database id (autocomplete sources, uploads). */
  noteable: { iid: number; id: number };
  /**
   * Where attachments and suggestions go (the discussion area's noteable paths: an epic's are
   * its group's); default: the preview project's, none without one.
   */
  sources?: EditorSources | null;
  placeholder?: string;
  /** The textarea's maxlength (an issue description's 1 MiB limit). */
  maxLength?: number;
  rows?: number;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The textarea's accessible name. */
  label: string;
  testId?: string;
  /** The textarea's own test id (a form whose tests and journeys fill the box itself). */
  textareaTestId?: string;
}

/**
 * A markdown textarea with Write/Preview tabs (preview rendered and sanitised by the server),
 * a zen (fullscreen) mode left with Escape, autocomplete of @users, #issues, ~labels,
 * %milestones and :emoji:, and attachments (button, paste, drop). Shared by comments, replies
 * and note edits, and the issue and epic edit forms' descriptions.
 */
const withoutCommands = (paths: EditorSources): EditorSources => ({ ...paths, autocompleteKinds: paths.autocompleteKinds.filter((k) => k !== 'commands') });

export function MarkdownEditor({ value, onChange, onSubmit, onCancel, onKeyDown, textareaRef, previewProjectPath, noteable, sources, placeholder, maxLength, rows, disabled, autoFocus, label, testId, textareaTestId }: MarkdownEditorProps) {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [zen, setZen] = useState(false);
  const [preview, setPreview] = useState<{ html: string; commands: string[]; loading: boolean; failed: boolean }>({ html: '', commands: [], loading: false, failed: false });
  const ownRef = useRef<HTMLTextAreaElement | null>(null);
  const ref = textareaRef ?? ownRef;
  const id = useId();
  // Without sources (a description): no command list, as a description runs only the commands that set fields
  const helpers: EditorSources | null = sources ?? (previewProjectPath !== null ? withoutCommands(noteablePaths(previewProjectPath, noteable.iid, noteable.id)) : null);
  const inProject = helpers !== null;
  const previewGroup = helpers?.previewGroup ?? null;
  const previewTargetType = helpers?.previewTargetType ?? null;
  const commandsHere = helpers?.autocompleteKinds.includes('commands') ?? false;
  const autocomplete = useMarkdownAutocomplete(ref, { projectPath: previewProjectPath ?? '', iid: noteable.iid, id: noteable.id, onChange, ...(helpers ? { sources: helpers } : {}) });
  const attachments = useAttachments(ref, helpers?.uploads ?? '', onChange);

  useEffect(() => {
    if (tab !== 'preview') return;
    let live = true;
    setPreview((p) => ({ ...p, loading: true, failed: false }));
    // An issue comment's preview explains its quick actions (the editors that list commands)
    const load = commandsHere && previewProjectPath ? previewComment(value, previewProjectPath, previewTargetType) : previewMarkdown(value, previewProjectPath, previewGroup).then((html) => ({ html, commands: [] as string[] }));
    load
      .then((p) => live && setPreview({ ...p, loading: false, failed: false }))
      .catch(() => live && setPreview({ html: '', commands: [], loading: false, failed: true }));
    return () => {
      live = false;
    };
  }, [tab, value, previewProjectPath, previewGroup, previewTargetType, commandsHere]);

  function keyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    // An open autocomplete list takes its keys (arrows, Enter, Tab, Escape) first
    if (inProject) autocomplete.textareaProps.onKeyDown(e);
    if (e.defaultPrevented) return;
    onKeyDown?.(e);
    if (e.defaultPrevented) return;
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onSubmit?.();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (zen) setZen(false);
      else onCancel?.();
    }
  }

  return (
    <div className={`md-editor${zen ? ' md-editor--zen' : ''}`} data-testid={testId} role={zen ? 'dialog' : undefined} aria-label={zen ? label : undefined}>
      <div className="md-editor__toolbar">
        {/* the tab list holds only its tabs; the full-screen toggle sits beside it */}
        <div className="md-editor__tabs" role="tablist" aria-label={`${label} mode`}>
        <button type="button" role="tab" id={`${id}-write-tab`} aria-selected={tab === 'write'} aria-controls={`${id}-write`} className="md-editor__tab" onClick={() => setTab('write')}>
          Write
        </button>
        <button type="button" role="tab" id={`${id}-preview-tab`} aria-selected={tab === 'preview'} aria-controls={`${id}-preview`} className="md-editor__tab" onClick={() => setTab('preview')}>
          Preview
        </button>
        </div>
        <button
          type="button"
          className="btn btn--icon btn--tertiary md-editor__zen"
          aria-label={zen ? 'Exit full screen' : 'Go full screen'}
          title={zen ? 'Exit full screen (Escape)' : 'Go full screen'}
          aria-pressed={zen}
          onClick={() => {
            setZen((z) => !z);
            setTab('write');
            requestAnimationFrame(() => ref.current?.focus());
          }}
        >
          {zen ? <Minimize2 size={14} aria-hidden="true" /> : <Maximize2 size={14} aria-hidden="true" />}
        </button>
      </div>
      <div id={`${id}-write`} role="tabpanel" aria-labelledby={`${id}-write-tab`} hidden={tab !== 'write'}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className="md-editor-field">
        <textarea
          id={id}
          ref={ref}
          className="md-editor__textarea"
          hidden={tab !== 'write'}
          value={value}
          placeholder={placeholder}
          maxLength={maxLength}
          rows={rows}
          disabled={disabled}
          autoFocus={autoFocus}
          data-testid={textareaTestId}
          onChange={(e) => onChange(e.target.value)}
          {...(inProject ? attachments.textareaProps : {})}
          {...(inProject ? autocomplete.textareaProps : {})}
          onKeyDown={keyDown}
        />
        <AutocompleteMenu autocomplete={autocomplete} />
      </div>
      {!disabled && inProject && <AttachButton onFiles={attachments.uploadAll} uploading={attachments.uploading} error={attachments.error} />}
      </div>
      {tab === 'preview' && (
        <div id={`${id}-preview`} role="tabpanel" aria-labelledby={`${id}-preview-tab`} className="md-editor__preview" aria-live="polite" aria-busy={preview.loading}>
          {preview.loading ? (
            <p className="muted">Loading preview…</p>
          ) : preview.failed ? (
            <p className="muted">The preview could not be loaded.</p>
          ) : !value.trim() ? (
            <p className="muted">Nothing to preview.</p>
          ) : (
            <>
              {/* Server-rendered and sanitised markdown (markdown.service), never client-built HTML */}
              <div className="md" dangerouslySetInnerHTML={{ __html: preview.html }} />
              {preview.commands.length > 0 && (
                // What the quick actions will do (GitLab's explanations), as text
                <ul className="md-editor__commands muted" data-testid="preview-commands">
                  {preview.commands.map((c, i) => (
                    <li key={i}>{c}</li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}
