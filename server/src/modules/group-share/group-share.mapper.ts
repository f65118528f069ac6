import type { ApiProjectGroupLink } from '@tandem/shared-types';

export interface GroupLinkRow {
  id: number;
  project_id: number;
  group_id: number;
  group_access: number;
  expires_at: string | null;
}

export const toApiGroupLink = (r: GroupLinkRow): ApiProjectGroupLink => ({
  id: Number(r.id),
  project_id: Number(r.project_id),
  group_id: Number(r.group_id),
  group_access: Number(r.group_access),
  expires_at: r.expires_at,
});
