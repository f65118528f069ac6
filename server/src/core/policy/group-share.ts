/**
 * A project shared with a group (GitLab's project_group_links): every member of the group (its
 * own members and those inherited from its parent groups) gets the link's access on the
 * project, capped at their own role in the group, while neither the link nor their membership
 * has expired. The effective level on a project is the highest of this and the direct and
 * ancestor-group memberships. The same rule in SQL: `sharedGroupLevelSql` and its siblings in
 * membership-sql.ts, beside the one definition of a current membership.
 */
export function sharedGroupLevel(linkAccess: number, memberLevel: number): number {
  return Math.min(linkAccess, memberLevel);
}
