import { useSearchParams } from 'react-router';
import { AppLayout } from '../features/layout/AppLayout';
import { ProjectList } from '../features/projects/ProjectList';

export function ProjectsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  return (
    <AppLayout crumbs={[{ label: 'Projects' }]}>
      <div className="page-head">
        <h1 className="page-title">Projects</h1>
      </div>
      <ProjectList page={page} onPage={(p) => setParams(p > 1 ? { page: String(p) } : {})} />
    </AppLayout>
  );
}
