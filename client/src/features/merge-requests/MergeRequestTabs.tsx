import { useQuery } from '@tanstack/react-query';
import { fetchChanges, fetchCommits, mergeRequestChangesKey, mergeRequestCommitsKey } from './mergeRequestApi';

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

/** A unified diff's lines, additions and deletions marked (rendered properly in the next round). */
function DiffText({ diff }: { diff: string }) {
  return (
    <pre>
      {diff.split('\n').map((line, i) => (
        <span key={i} className={line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : undefined}>
          {line}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

/** The Changes tab: each file's plain unified diff. */
export function MergeRequestChanges({ projectPath, iid }: { projectPath: string; iid: number }) {
  const q = useQuery({ queryKey: mergeRequestChangesKey(projectPath, iid), queryFn: () => fetchChanges(projectPath, iid) });
  if (q.isError) return <p role="alert">Something went wrong while fetching the changes.</p>;
  if (!q.data) return <p aria-busy="true">Loading…</p>;
  if (!q.data.changes.length) return <p>No changes.</p>;
  return (
    <div data-testid="mr-changes">
      {q.data.changes.map((f) => (
        <section key={`${f.old_path}->${f.new_path}`} className="mr-diff">
          <h4>{f.renamed_file ? `${f.old_path} → ${f.new_path}` : f.new_path}{f.new_file ? ' (new)' : f.deleted_file ? ' (deleted)' : ''}</h4>
          <DiffText diff={f.diff} />
        </section>
      ))}
    </div>
  );
}
