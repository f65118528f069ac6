import { ACCESS_LEVEL } from '@tandem/shared-types';

/**
 * What "a current member" means, in SQL, written once: every single-object check, list,
 * search, autocomplete and count that looks at `members` or `project_group_links` builds on
 * these fragments, so an expired membership or share stops granting anything everywhere at
 * once (security issue #18). A row grants access while it has no end date or its end date
 * (`expires_at`, a date, the last day of access) has not passed in the database's
 * `current_date`. Arguments are SQL expressions (a column, a parameter); the fragments use
 * their own `cm*`/`sh*` aliases so they nest inside any query.
 */
export const currentMembership = (alias: string) => `(${alias}.expires_at IS NULL OR ${alias}.expires_at >= current_date)`;

/** The group `group` (SQL expression) and its ancestors, as `SELECT id` (a subquery). */
const groupAndAncestorsSql = (group: string, cte: string) => `(WITH RECURSIVE ${cte}(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = ${group}
        UNION ALL SELECT ${cte}_n.id, ${cte}_n.parent_id FROM namespaces ${cte}_n JOIN ${cte} ON ${cte}_n.id = ${cte}.parent_id) SELECT id FROM ${cte})`;

/**
 * A project shared with a group (GitLab's project_group_links): every current member of the
 * group (its own members and those inherited from its parent groups) gets the link's access,
 * capped at their own role in the group, while the link itself has not expired. The rows
 * (link `shl`, membership `shm`) of such shares of `project`, optionally for one `user`.
 */
const sharesSql = (project: string | null, user: string | null) => `FROM project_group_links shl
    JOIN members shm ON shm.source_type = 'Namespace' AND ${currentMembership('shm')}${user === null ? '' : ` AND shm.user_id = ${user}`}
      AND shm.source_id IN ${groupAndAncestorsSql('shl.group_id', 'sha')}
    WHERE ${currentMembership('shl')}${project === null ? '' : ` AND shl.project_id = ${project}`}`;

/**
 * The user's best level on the project through the groups it is shared with, as a scalar
 * subquery (NULL when no share applies); callers combine it with GREATEST, which skips NULLs.
 */
export const sharedGroupLevelSql = (project: string, user: string) => `(SELECT max(LEAST(shl.group_access, shm.access_level))::int ${sharesSql(project, user)})`;

/**
 * Memberships through the groups a project is shared with, as rows (user_id, access_level,
 * expires_at, created_at): the link's access capped at the member's role, expiring with
 * whichever of the link and the membership expires first.
 */
export const sharedGroupMembershipsSql = (project: string) => `SELECT shm.user_id, LEAST(shl.group_access, shm.access_level) AS access_level,
      LEAST(shm.expires_at, shl.expires_at) AS expires_at, shm.created_at ${sharesSql(project, null)}`;

/** The same memberships with the group membership's own row id and update time (GraphQL `projectMembers(relations: [INVITED_GROUPS])`). */
export const sharedGroupMemberRowsSql = (project: string) => `SELECT shm.id AS member_id, shm.user_id, LEAST(shl.group_access, shm.access_level) AS access_level,
      LEAST(shm.expires_at, shl.expires_at) AS expires_at, shm.created_at, shm.updated_at ${sharesSql(project, null)}`;

/** Ids of the users who have access to the project through a group it is shared with. */
export const sharedGroupMemberIdsSql = (project: string) => `SELECT shm.user_id ${sharesSql(project, null)}`;

/**
 * A group shared with a group (GitLab's group_group_links): every current member of the
 * invited group (its own members and those inherited from its parent groups) gets the link's
 * access in the shared group and its subgroups (and their projects), capped at their own role,
 * while the link has not expired. The user's best level in `group` through links to it or an
 * ancestor, as a scalar subquery (NULL when none).
 */
export const groupShareLevelSql = (group: string, user: string) => `(SELECT max(LEAST(ggl.group_access, ggm.access_level))::int FROM group_group_links ggl
    JOIN members ggm ON ggm.source_type = 'Namespace' AND ggm.user_id = ${user} AND ${currentMembership('ggm')}
      AND ggm.source_id IN ${groupAndAncestorsSql('ggl.shared_with_group_id', 'gga')}
    WHERE ${currentMembership('ggl')} AND ggl.shared_group_id IN ${groupAndAncestorsSql(group, 'ggs')})`;

/**
 * Members by a group's shares, as rows (member_id, user_id, access_level, expires_at,
 * created_at, updated_at): `links` picks the links (a WHERE on `ggl`), the level is the link's
 * capped at the member's role, expiring with whichever of the two expires first. GraphQL
 * `groupMembers(relations: [SHARED_FROM_GROUPS | SHARED_INTO_ANCESTORS])`.
 */
export const groupShareMemberRowsSql = (links: string) => `SELECT ggm.id AS member_id, ggm.user_id, LEAST(ggl.group_access, ggm.access_level) AS access_level,
      LEAST(ggm.expires_at, ggl.expires_at) AS expires_at, ggm.created_at, ggm.updated_at
    FROM group_group_links ggl
    JOIN members ggm ON ggm.source_type = 'Namespace' AND ${currentMembership('ggm')} AND ggm.source_id IN ${groupAndAncestorsSql('ggl.shared_with_group_id', 'ggr')}
    WHERE ${currentMembership('ggl')} AND ${links}`;

/**
 * The user's effective level on a project (its id and namespace id given) as a scalar
 * subquery: the highest current membership of the project or of any ancestor group of its
 * namespace, and of the groups it is shared with. NULL when none; a personal namespace's
 * owner is the owner on top of this (`effectiveLevel` in the project module).
 */
export const projectLevelSql = (project: string, namespace: string, user: string) => `(SELECT GREATEST(max(cm.access_level)::int, ${sharedGroupLevelSql(project, user)}, ${groupShareLevelSql(namespace, user)})
    FROM members cm WHERE cm.user_id = ${user} AND ${currentMembership('cm')}
      AND ((cm.source_type = 'Project' AND cm.source_id = ${project}) OR (cm.source_type = 'Namespace' AND cm.source_id IN ${groupAndAncestorsSql(namespace, 'cma')})))`;

/** The user's effective level in a group as a scalar subquery: the highest current membership of it or an ancestor, or through a group it or an ancestor is shared with (NULL when none). */
export const groupLevelSql = (group: string, user: string) => `(SELECT GREATEST(max(cm.access_level)::int, ${groupShareLevelSql(group, user)}) FROM members cm
    WHERE cm.user_id = ${user} AND cm.source_type = 'Namespace' AND ${currentMembership('cm')} AND cm.source_id IN ${groupAndAncestorsSql(group, 'cga')})`;

/**
 * Ids of the projects where the user's effective level is at least `min` (guest by default),
 * as a subquery body for `p.id IN (...)`: current direct memberships, current group
 * memberships (the group's projects and its subgroups'), groups shared with a group the user
 * is in (the same), current shares, and the projects of
 * the user's personal namespace (its owner owns them). The one "member of" rule of every list.
 */
export const memberProjectIdsSql = (user: string, min: number = ACCESS_LEVEL.GUEST) => `SELECT cmp.source_id FROM members cmp
    WHERE cmp.source_type = 'Project' AND cmp.user_id = ${user} AND cmp.access_level >= ${min} AND ${currentMembership('cmp')}
  UNION SELECT cpx.id FROM projects cpx WHERE cpx.namespace_id IN (
      WITH RECURSIVE cms(id) AS (
        SELECT cmg.source_id FROM members cmg
          WHERE cmg.source_type = 'Namespace' AND cmg.user_id = ${user} AND cmg.access_level >= ${min} AND ${currentMembership('cmg')}
        UNION SELECT ggl.shared_group_id FROM group_group_links ggl
          JOIN members ggm ON ggm.source_type = 'Namespace' AND ggm.user_id = ${user} AND ${currentMembership('ggm')}
            AND ggm.source_id IN ${groupAndAncestorsSql('ggl.shared_with_group_id', 'ggp')}
          WHERE ${currentMembership('ggl')} AND LEAST(ggl.group_access, ggm.access_level) >= ${min}
        UNION SELECT cms_n.id FROM namespaces cms_n JOIN cms ON cms_n.parent_id = cms.id)
      SELECT id FROM cms)
  UNION SELECT shl.project_id ${sharesSql(null, user)} AND LEAST(shl.group_access, shm.access_level) >= ${min}
  UNION SELECT cpo.id FROM projects cpo JOIN namespaces cpn ON cpn.id = cpo.namespace_id WHERE cpn.type = 'User' AND cpn.owner_id = ${user}`;
