import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, CircleCheck, CircleDot, EyeOff, Link2, Plus, X } from 'lucide-react';
import { DISCUSSION_TEXTS, LINK_TYPES, LINK_TYPE_LABELS, noteablePaths, type LinkType, type RelatedIssue } from '@tandem/shared-types';
import { errorText } from '../../shared/api/http';
import { Alert } from '../../shared/ui/Alert';
import { AddRelatedIssuesForm, addFailureText } from './AddRelatedIssuesForm';
import { addRelatedIssues, relatedIssuesKey, removeRelatedIssue, reorderRelatedIssue, searchIssues } from './relatedIssuesApi';
import { useRelatedIssues } from './useRelatedIssues';
import './relatedIssues.css';

interface RelatedIssuesProps {
  projectPath: string;
  iid: number;
  /** The issue's database id (noteablePaths). */
  issueId: number;
  /** admin_issue: add, remove and reorder (spec: canAdmin, canReorder). */
  canAdmin: boolean;
}

const HEADINGS: Record<LinkType, string> = { relates_to: 'Relates to', blocks: 'Blocks', is_blocked_by: 'Is blocked by' };

/**
 * The "Linked items" block under the description: the related issues grouped by relation, each
 * with its state, reference and title; who may admin the issue adds (+), removes and reorders.
 */
export function RelatedIssues({ projectPath, iid, issueId, canAdmin }: RelatedIssuesProps) {
  const paths = noteablePaths(projectPath, iid, issueId);
  const queryClient = useQueryClient();
  const key = relatedIssuesKey(projectPath, iid);
  const { data, isError, isPending } = useRelatedIssues(projectPath, iid, paths.relatedIssues);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const list = data ?? [];
  const issuesSource = paths.autocomplete('issues');
  const suggest = useCallback((term: string, signal: AbortSignal) => searchIssues(issuesSource, term, signal), [issuesSource]);

  if (!canAdmin && !list.length && !isError) return null;

  const applyAnswer = (issuables: RelatedIssue[] | undefined) => {
    if (Array.isArray(issuables)) queryClient.setQueryData(key, issuables);
    void queryClient.invalidateQueries({ queryKey: key });
  };

  async function add(references: string[], linkType: LinkType): Promise<string | null> {
    try {
      const res = await addRelatedIssues(paths.relatedIssues, references, linkType);
      if (!res.ok) return addFailureText(res.data?.message ?? errorText(res.data, ''));
      applyAnswer(res.data?.issuables);
      setAdding(false);
      return null;
    } catch {
      return DISCUSSION_TEXTS.genericOnOurEnd;
    }
  }

  async function remove(item: RelatedIssue) {
    setBusy(item.id_link);
    setError(null);
    try {
      const res = await removeRelatedIssue(paths.relatedIssue(item.id_link));
      // A link already gone (404) is what the user wanted: no message
      if (!res.ok && res.status !== 404) setError(DISCUSSION_TEXTS.removeIssuesFailed);
      applyAnswer(res.ok ? (res.data?.issuables ?? undefined) : undefined);
    } catch {
      setError(DISCUSSION_TEXTS.removeIssuesFailed);
    } finally {
      setBusy(null);
    }
  }

  async function move(group: RelatedIssue[], from: number, to: number) {
    const item = group[from]!;
    const order = group.filter((_, i) => i !== from);
    order.splice(to, 0, item);
    const before = order[to - 1]?.id_link ?? null;
    const after = order[to + 1]?.id_link ?? null;
    const previous = queryClient.getQueryData<RelatedIssue[]>(key);
    // Optimistic: the new order at once, the old one back if the server refuses
    queryClient.setQueryData<RelatedIssue[]>(key, (old) => {
      if (!old) return old;
      const others = old.filter((r) => r.link_type !== item.link_type);
      return [...others, ...order];
    });
    setBusy(item.id_link);
    setError(null);
    try {
      const res = await reorderRelatedIssue(paths.relatedIssue(item.id_link), before, after);
      if (!res.ok || res.data?.message) throw new Error('refused');
    } catch {
      queryClient.setQueryData(key, previous);
      setError(DISCUSSION_TEXTS.reorderIssuesFailed);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="related-issues" aria-labelledby="related-issues-heading" data-testid="related-issues">
      <div className="related-issues__head">
        <h2 id="related-issues-heading" className="related-issues__title">
          <Link2 size={16} aria-hidden="true" /> Linked items <span className="related-issues__count">{list.length}</span>
        </h2>
        {canAdmin && (
          <button
            type="button"
            className="btn btn--icon btn--tertiary"
            aria-label="Add a related issue"
            title="Add a related issue"
            aria-expanded={adding}
            data-testid="related-add"
            onClick={() => setAdding((a) => !a)}
          >
            <Plus size={16} aria-hidden="true" />
          </button>
        )}
      </div>
      {adding && <AddRelatedIssuesForm onSubmit={add} onCancel={() => setAdding(false)} suggest={suggest} />}
      {isError && <Alert variant="danger">{DISCUSSION_TEXTS.fetchIssuesFailed}</Alert>}
      {error && (
        <Alert variant="danger" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      )}
      {isPending && <p className="muted">Loading…</p>}
      {!isPending && !list.length && !adding && !isError && (
        <p className="muted related-issues__empty">Link issues together to show that they're related or that one is blocking others.</p>
      )}
      {LINK_TYPES.map((type) => {
        const group = list.filter((r) => r.link_type === type);
        if (!group.length) return null;
        return (
          <div key={type} className="related-issues__group" data-testid={`related-group-${type}`}>
            <h3 className="related-issues__group-title">{HEADINGS[type]}</h3>
            <ul className="related-issues__list" aria-label={`Issues this issue ${LINK_TYPE_LABELS[type]}`}>
              {group.map((r, i) => (
                <li key={r.id_link} className="related-item" data-testid="related-item">
                  <span className={`related-item__state related-item__state--${r.state}`} title={r.state === 'opened' ? 'Open' : 'Closed'}>
                    {r.state === 'opened' ? <CircleDot size={16} aria-label="Open" /> : <CircleCheck size={16} aria-label="Closed" />}
                  </span>
                  {r.confidential && <EyeOff size={14} aria-label="Confidential" className="related-item__confidential" />}
                  <a className="related-item__title" href={r.path}>
                    {r.title}
                  </a>
                  <span className="related-item__ref muted">{r.reference}</span>
                  {canAdmin && (
                    <span className="related-item__actions">
                      <button type="button" className="btn btn--icon btn--tertiary" aria-label={`Move ${r.reference} up`} disabled={i === 0 || busy !== null} onClick={() => void move(group, i, i - 1)}>
                        <ArrowUp size={14} aria-hidden="true" />
                      </button>
                      <button type="button" className="btn btn--icon btn--tertiary" aria-label={`Move ${r.reference} down`} disabled={i === group.length - 1 || busy !== null} onClick={() => void move(group, i, i + 1)}>
                        <ArrowDown size={14} aria-hidden="true" />
                      </button>
                      <button type="button" className="btn btn--icon btn--tertiary" aria-label={`Remove ${r.reference}`} disabled={busy === r.id_link} onClick={() => void remove(r)}>
                        <X size={14} aria-hidden="true" />
                      </button>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
