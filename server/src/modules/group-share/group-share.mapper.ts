import type { DataSource } from 'typeorm';
import type { ApiProjectGroupLink, ApiSharedWithGroup } from '@tandem/shared-types';

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

/** The groups a group is shared with, as GitLab's group answer lists them (links in force, oldest first). */
export async function sharedWithGroups(ds: Pick<DataSource, 'query'>, groupId: number): Promise<ApiSharedWithGroup[]> {
  const rows = (await ds.query(
    `SELECT n.id, n.name, n.full_path, l.group_access, l.expires_at::text AS expires_at FROM group_group_links l JOIN namespaces n ON n.id = l.shared_with_group_id
     WHERE l.shared_group_id = $1 AND (l.expires_at IS NULL OR l.expires_at >= current_date) ORDER BY l.id`,
    [groupId],
  )) as Array<{ id: number; name: string; full_path: string; group_access: number; expires_at: string | null }>;
  return rows.map((r) => ({ group_id: Number(r.id), group_name: r.name, group_full_path: r.full_path, group_access_level: Number(r.group_access), expires_at: r.expires_at }));
}
