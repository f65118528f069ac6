/**
 * A project shared with a group (GitLab's project_group_links): every member of the group (its
 * own members and those inherited from its parent groups) gets the link's access on the
 * project, capped at their own role in the group, while neither the link nor their membership
 * has expired. The effective level on a project is the highest of this and the direct and
 * ancestor-group memberships.
 */
export function sharedGroupLevel(linkAccess: number, memberLevel: number): number {
  return Math.min(linkAccess, memberLevel);
}

/**
 * The same rule as a scalar SQL subquery (NULL when no link applies): the user's best level on
 * the project through the groups it is shared with. `project` and `user` are SQL expressions
 * (a column or a parameter). Callers combine it with GREATEST, which skips NULLs.
 */
export const sharedGroupLevelSql = (project: string, user: string) => `(SELECT max(LEAST(l.group_access, gm.access_level))::int
    FROM project_group_links l JOIN members gm ON gm.source_type = 'Namespace' AND gm.user_id = ${user}
      AND (gm.expires_at IS NULL OR gm.expires_at >= current_date)
      AND gm.source_id IN (WITH RECURSIVE ga(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = l.group_id
        UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN ga ON n.id = ga.parent_id) SELECT id FROM ga)
    WHERE l.project_id = ${project} AND (l.expires_at IS NULL OR l.expires_at >= current_date))`;

/**
 * Ids of the projects shared with a group the user (SQL expression) belongs to, giving at least
 * `min` (for "projects where the user has access" lists).
 */
export const sharedProjectIdsSql = (user: string, min: number) => `SELECT l.project_id FROM project_group_links l
    JOIN members gm ON gm.source_type = 'Namespace' AND gm.user_id = ${user} AND (gm.expires_at IS NULL OR gm.expires_at >= current_date)
      AND gm.source_id IN (WITH RECURSIVE ga(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = l.group_id
        UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN ga ON n.id = ga.parent_id) SELECT id FROM ga)
    WHERE (l.expires_at IS NULL OR l.expires_at >= current_date) AND LEAST(l.group_access, gm.access_level) >= ${min}`;

/**
 * Memberships through the groups a project (SQL expression) is shared with, as rows
 * (user_id, access_level, expires_at, created_at): the link's access capped at the member's
 * role, expiring with whichever of the link and the membership expires first.
 */
export const sharedGroupMembershipsSql = (project: string) => `SELECT gm.user_id, LEAST(l.group_access, gm.access_level) AS access_level,
      LEAST(gm.expires_at, l.expires_at) AS expires_at, gm.created_at FROM project_group_links l
    JOIN members gm ON gm.source_type = 'Namespace' AND (gm.expires_at IS NULL OR gm.expires_at >= current_date)
      AND gm.source_id IN (WITH RECURSIVE ga(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = l.group_id
        UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN ga ON n.id = ga.parent_id) SELECT id FROM ga)
    WHERE l.project_id = ${project} AND (l.expires_at IS NULL OR l.expires_at >= current_date)`;

/** Ids of the users who have access to the project (SQL expression) through a group it is shared with. */
export const sharedGroupMemberIdsSql = (project: string) => `SELECT gm.user_id FROM project_group_links l
    JOIN members gm ON gm.source_type = 'Namespace' AND (gm.expires_at IS NULL OR gm.expires_at >= current_date)
      AND gm.source_id IN (WITH RECURSIVE ga(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = l.group_id
        UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN ga ON n.id = ga.parent_id) SELECT id FROM ga)
    WHERE l.project_id = ${project} AND (l.expires_at IS NULL OR l.expires_at >= current_date)`;
