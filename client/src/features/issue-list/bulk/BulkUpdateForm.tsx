import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PEOPLE_TEXTS, type BulkUpdateParams } from '@tandem/shared-types';
import { issueListKeys } from '../issueListQueries';
import { bulkUpdateIssues, fetchLabelOptions, fetchMemberOptions } from './bulkUpdateApi';
import './bulkForm.css';

interface BulkUpdateFormProps {
  projectPath: string;
  /** The issue ids checked in the list. */
  selectedIds: number[];
  onDone(): void;
}

const NO_CHANGE = '';

/**
 * The issue list's bulk edit form (GitLab's issuable bulk update): state, assignee, labels to
 * add and remove, notifications. Submitting sends the checked issues' ids; on success the list
 * is read again, on failure 'Issue update failed' and the button is enabled again.
 */
export function BulkUpdateForm({ projectPath, selectedIds, onDone }: BulkUpdateFormProps) {
  const queryClient = useQueryClient();
  const labels = useQuery({ queryKey: ['bulk', projectPath, 'labels'], queryFn: () => fetchLabelOptions(projectPath), staleTime: 60_000 });
  const members = useQuery({ queryKey: ['bulk', projectPath, 'members'], queryFn: () => fetchMemberOptions(projectPath), staleTime: 60_000 });
  const [state, setState] = useState(NO_CHANGE);
  const [assignee, setAssignee] = useState(NO_CHANGE);
  const [addLabel, setAddLabel] = useState(NO_CHANGE);
  const [removeLabel, setRemoveLabel] = useState(NO_CHANGE);
  const [subscription, setSubscription] = useState(NO_CHANGE);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const params: BulkUpdateParams = { issuable_ids: selectedIds };
  if (state) params.state_event = state as 'close' | 'reopen';
  if (assignee) params.assignee_ids = [Number(assignee)];
  if (addLabel) params.add_label_ids = [Number(addLabel)];
  if (removeLabel) params.remove_label_ids = [Number(removeLabel)];
  if (subscription) params.subscription_event = subscription as 'subscribe' | 'unsubscribe';
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
      <label>
        Status
        <select className="input input--small" value={state} onChange={(e) => setState(e.target.value)}>
          <option value={NO_CHANGE}>No change</option>
          <option value="reopen">Open</option>
          <option value="close">Closed</option>
        </select>
      </label>
      <label>
        Assignee
        <select className="input input--small" value={assignee} onChange={(e) => setAssignee(e.target.value)}>
          <option value={NO_CHANGE}>No change</option>
          <option value="0">{PEOPLE_TEXTS.unassigned}</option>
          {(members.data ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Add label
        <select className="input input--small" value={addLabel} onChange={(e) => setAddLabel(e.target.value)}>
          <option value={NO_CHANGE}>No change</option>
          {(labels.data ?? []).map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Remove label
        <select className="input input--small" value={removeLabel} onChange={(e) => setRemoveLabel(e.target.value)}>
          <option value={NO_CHANGE}>No change</option>
          {(labels.data ?? []).map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {PEOPLE_TEXTS.notifications}
        <select className="input input--small" value={subscription} onChange={(e) => setSubscription(e.target.value)}>
          <option value={NO_CHANGE}>No change</option>
          <option value="subscribe">Subscribe</option>
          <option value="unsubscribe">Unsubscribe</option>
        </select>
      </label>
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
