import { useQuery } from '@tanstack/react-query';
import { fetchCommits, mergeRequestCommitsKey } from './mergeRequestApi';

/** The Commits tab: the source branch's commits not on the target, newest first (live on merge_request.updated). */
export function MergeRequestCommits({ projectPath, iid }: { projectPath: string; iid: number }) {
  const q = useQuery({ queryKey: mergeRequestCommitsKey(projectPath, iid), queryFn: () => fetchCommits(projectPath, iid) });
  if (q.isError) return <p role="alert">Something went wrong while fetching the commits.</p>;
  if (!q.data) return <p aria-busy="true">Loading…</p>;
  if (!q.data.length) return <p>No commits.</p>;
  return (
    <ul className="mr-commits" data-testid="mr-commits">
      {q.data.map((c) => (
        <li key={c.id}>
          <strong>{c.title}</strong> <code>{c.short_id}</code> · {c.author_name}
        </li>
      ))}
    </ul>
  );
}
