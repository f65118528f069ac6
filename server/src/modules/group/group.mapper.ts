import type { ApiGroup } from '@tandem/shared-types';
import type { Namespace } from './namespace.entity';

export function toApiGroup(g: Namespace, baseUrl: string, fullName: string): ApiGroup {
  return {
    id: g.id,
    name: g.name,
    path: g.path,
    full_path: g.fullPath,
    full_name: fullName,
    description: g.description,
    parent_id: g.parentId,
    visibility: g.visibility,
    web_url: `${baseUrl}/groups/${g.fullPath}`,
    created_at: g.createdAt.toISOString(),
  };
}
