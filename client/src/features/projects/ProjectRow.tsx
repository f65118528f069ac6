import type { ReactNode } from 'react';
import { Globe, Lock, Shield } from 'lucide-react';
import type { ApiProject } from '@tandem/shared-types';

const VISIBILITY = {
  public: { icon: Globe, label: 'Public' },
  internal: { icon: Shield, label: 'Internal' },
  private: { icon: Lock, label: 'Private' },
} as const;

/** One project in a list: tile, namespace / name linking to its issues, description, visibility and `meta`. */
export function ProjectRow({ project: p, meta }: { project: ApiProject; meta?: ReactNode }) {
  const v = VISIBILITY[p.visibility];
  return (
    <li className="list__row project-row">
      <span className="project-row__tile" aria-hidden="true">
        {p.name.charAt(0).toUpperCase()}
      </span>
      <div className="list__main">
        <a className="list__title" href={`/${p.path_with_namespace}/-/issues`}>
          <span className="muted">{p.namespace.full_path} / </span>
          {p.name}
        </a>
        {p.description && <p className="list__desc">{p.description}</p>}
      </div>
      <div className="list__meta">
        <span className="meta-item" title={`${v.label} project`}>
          <v.icon size={14} aria-hidden="true" /> {v.label}
        </span>
        {meta}
      </div>
    </li>
  );
}
