import { useQuery } from '@tanstack/react-query';
import { GitMerge, GitPullRequest, GitPullRequestClosed } from 'lucide-react';
import { MERGE_REQUEST_STATE_LABELS, MERGE_REQUEST_TEXTS as T, type ApiMergeRequest } from '@tandem/shared-types';
import { fetchRelatedMergeRequests, relatedMergeRequestsKey } from './mergeRequestApi';
import './mergeRequests.css';

const STATE_ICON = { opened: GitPullRequest, merged: GitMerge, closed: GitPullRequestClosed, locked: GitPullRequest } as const;

/** One related merge request: state, reference, title, link (no pipeline status: Tandem has no CI). */
function RelatedMergeRequestRow({ mr, projectPath }: { mr: ApiMergeRequest; projectPath: string }) {
  const Icon = STATE_ICON[mr.state];
  const reference = mr.references.full.toLowerCase().startsWith(`${projectPath.toLowerCase()}!`) ? mr.reference : mr.references.full;
  return (
    <li className="related-mr" data-testid="related-merge-request" data-state={mr.state}>
      <Icon size={16} aria-label={mr.state} className={`mr-state-icon mr-state-${mr.state}`} />
      <a href={mr.web_url}>{mr.title}</a>
      <span className="related-mr-ref">{reference}</span>
      <span className={`mr-state-badge mr-state-${mr.state}`}>{MERGE_REQUEST_STATE_LABELS[mr.state]}</span>
    </li>
  );
}

/**
 * The related merge requests card (#related-merge-requests): those that close it or name
 * it, with their state; read again when `issue.merge_requests` arrives, so it is live. Absent
 * while there are none.
 */
export function RelatedMergeRequests({ projectPath, iid }: { projectPath: string; iid: number }) {
  const q = useQuery({ queryKey: relatedMergeRequestsKey(projectPath, iid), queryFn: () => fetchRelatedMergeRequests(projectPath, iid) });
  if (q.isError) return <p className="related-mrs-error" role="alert">{T.relatedMergeRequestsFailed}</p>;
  if (!q.data?.length) return null;
  return (
    <section id="related-merge-requests" className="related-mrs card" aria-labelledby="related-mrs-title">
      <h3 id="related-mrs-title" className="related-mrs-title">
        {T.relatedMergeRequests} <span className="related-mrs-count">{q.data.length}</span>
      </h3>
      <ul>
        {q.data.map((mr) => (
          <RelatedMergeRequestRow key={mr.id} mr={mr} projectPath={projectPath} />
        ))}
      </ul>
    </section>
  );
}
