import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PEOPLE_TEXTS } from '@tandem/shared-types';
import { issueListKeys } from '../issueListQueries';
import { BULK_FIELDS, bulkParams, type BulkField } from './bulkFields';
import { bulkUpdateIssues } from './bulkUpdateApi';
import './bulkForm.css';

interface BulkUpdateFormProps {
  projectPath: string;
  /** The issue ids checked in the list. */
  selectedIds: number[];
  onDone(): void;
}

const NO_CHANGE = '';

/** One field's select: "No change", then its fixed or fetched choices. */
function BulkSelect({ field, projectPath, value, onChange }: { field: BulkField; projectPath: string; value: string; onChange(v: string): void }) {
  const { source } = field;
  const fetched = useQuery({
    queryKey: ['bulk', projectPath, source.kind === 'query' ? source.key : field.name],
    queryFn: () => (source.kind === 'query' ? source.fetch(projectPath) : Promise.resolve([])),
    enabled: source.kind === 'query',
    staleTime: 60_000,
  });
  const options = source.kind === 'static' ? source.options : [...(source.first ?? []), ...(fetched.data ?? [])];
  return (
    <label>
      {field.label}
      <select className="input input--small" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value={NO_CHANGE}>No change</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The issue list's bulk edit form (GitLab's issuable bulk update): state, assignee, milestone,
 * labels to add and remove, notifications (one select per field of BULK_FIELDS). Submitting
 * sends the checked issues' ids; on success the list is read again, on failure 'Issue update
 * failed' and the button is enabled again.
 */
export function BulkUpdateForm({ projectPath, selectedIds, onDone }: BulkUpdateFormProps) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const params = bulkParams(selectedIds, values);
  const hasChange = Object.keys(params).length > 1;

  const submit = async () => {
    setSubmitting(true);
    setError(null);
    const ok = await bulkUpdateIssues(projectPath, params).catch(() => false);
    if (!ok) {
      setError(PEOPLE_TEXTS.bulkUpdateFailed);
      setSubmitting(false);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: issueListKeys.project(projectPath) });
    setSubmitting(false);
    onDone();
  };

  return (
    <form
      className="bulk-form"
      aria-label={PEOPLE_TEXTS.bulkEdit}
      data-testid="bulk-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <span className="muted">{selectedIds.length} selected</span>
      {BULK_FIELDS.map((f) => (
        <BulkSelect key={f.name} field={f} projectPath={projectPath} value={values[f.name] ?? NO_CHANGE} onChange={(v) => setValues((old) => ({ ...old, [f.name]: v }))} />
      ))}
      <button type="submit" className="btn btn--confirm btn--small" disabled={submitting || !selectedIds.length || !hasChange}>
        {PEOPLE_TEXTS.bulkUpdate}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
