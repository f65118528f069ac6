import { useQuery } from '@tanstack/react-query';
import { MERGE_REQUEST_TEXTS as T } from '@tandem/shared-types';
import { fetchRelatedBranches } from './mergeRequestApi';

/** Branches whose name starts with `<iid>-` and have no open merge request yet (GitLab's related branches); absent when none. */
export function RelatedBranches({ projectPath, iid }: { projectPath: string; iid: number }) {
  const q = useQuery({ queryKey: ['related-branches', projectPath, iid], queryFn: () => fetchRelatedBranches(projectPath, iid) });
  if (q.isError) return <p role="alert">{T.relatedBranchesFailed}</p>;
  if (!q.data?.branches.length) return null;
  return (
    <section className="related-branches" data-testid="related-branches">
      <h3>{T.relatedBranches}</h3>
      <ul>
        {q.data.branches.map((b) => (
          <li key={b.name}>
            <a href={b.link}>{b.name}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
