"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ALL_ABILITIES = void 0;
exports.scopeAllows = scopeAllows;
exports.canReadProject = canReadProject;
exports.canProject = canProject;
exports.canDeleteDescriptionVersion = canDeleteDescriptionVersion;
exports.canChangeProjectMember = canChangeProjectMember;
exports.canReadGroup = canReadGroup;
exports.canGroup = canGroup;
exports.canChangeGroupMember = canChangeGroupMember;
exports.canIssue = canIssue;
exports.canReadIssue = canReadIssue;
exports.canEpic = canEpic;
const shared_types_1 = require("@tandem/shared-types");
exports.ALL_ABILITIES = [
    'read_project', 'create_issue', 'admin_project', 'read_confidential_issues',
    'read_project_member', 'admin_project_member', 'change_visibility_level', 'upload_file',
    'read_issue', 'update_issue', 'admin_issue', 'reopen_issue', 'destroy_issue', 'create_note', 'update_subscription',
    'read_group', 'read_group_member', 'admin_group_member',
    'read_epic', 'create_epic', 'admin_epic', 'destroy_epic',
    'admin_label', 'admin_milestone', 'admin_group_label', 'admin_group_milestone', 'admin_iteration',
];
/** Abilities that change data: tokens with only `read_api` may not use them. */
const WRITE_ABILITIES = new Set([
    'create_issue', 'admin_project', 'update_issue', 'admin_issue', 'reopen_issue', 'destroy_issue', 'create_note',
    'admin_project_member', 'change_visibility_level', 'admin_group_member', 'upload_file', 'update_subscription',
    'create_epic', 'admin_epic', 'destroy_epic',
    'admin_label', 'admin_milestone', 'admin_group_label', 'admin_group_milestone', 'admin_iteration',
]);
function scopeAllows(actor, ability) {
    if (!actor || actor.scopes === null)
        return true;
    if (actor.scopes.includes('api'))
        return true;
    return actor.scopes.includes('read_api') && !WRITE_ABILITIES.has(ability);
}
function canReadProject(actor, p) {
    if (actor?.isAdmin)
        return true;
    if (p.visibility === 'public')
        return true;
    if (p.visibility === 'internal')
        return actor !== null;
    return actor !== null && p.accessLevel >= shared_types_1.ACCESS_LEVEL.GUEST;
}
function canProject(actor, ability, p) {
    if (!scopeAllows(actor, ability))
        return false;
    if (!canReadProject(actor, p))
        return false;
    switch (ability) {
        case 'read_project':
            return true;
        case 'create_issue':
            // Any signed-in user who can see the project may report an issue (GitLab's rule).
            return actor !== null && !p.archived;
        case 'read_confidential_issues':
            return actor !== null && (actor.isAdmin || p.accessLevel >= shared_types_1.ACCESS_LEVEL.REPORTER);
        case 'admin_project':
            return actor !== null && (actor.isAdmin || p.accessLevel >= shared_types_1.ACCESS_LEVEL.MAINTAINER);
        case 'read_project_member':
            // Whoever sees the project sees who works on it (GitLab's rule)
            return true;
        case 'admin_project_member':
            return actor !== null && (actor.isAdmin || p.accessLevel >= shared_types_1.ACCESS_LEVEL.MAINTAINER);
        case 'change_visibility_level':
            // GitLab: "Change project visibility level: Owner"
            return actor !== null && (actor.isAdmin || p.accessLevel >= shared_types_1.ACCESS_LEVEL.OWNER);
        case 'upload_file':
            // Attachments go into comments and descriptions: whoever may report an issue or comment
            // (a signed-in reader of a live project) may upload (docs/decisions.md)
            return actor !== null && !p.archived;
        case 'admin_label':
        case 'admin_milestone':
            // GitLab: reporters and up manage a project's labels and milestones
            return actor !== null && !p.archived && (actor.isAdmin || p.accessLevel >= shared_types_1.ACCESS_LEVEL.REPORTER);
    }
}
/**
 * can_delete_description_version (spec discussions §6): the version's author while they may
 * still edit the issue, or whoever triages it (admin_issue: reporters and up, admins).
 */
function canDeleteDescriptionVersion(actor, p, i, versionAuthorId) {
    if (canIssue(actor, 'admin_issue', p, i))
        return true;
    return actor !== null && versionAuthorId === actor.id && canIssue(actor, 'update_issue', p, i);
}
/**
 * May the actor make this change to a direct project membership? Maintainers manage members
 * below owner; only owners (and admins) grant, change or remove the owner level. Any member
 * may leave (remove their own membership).
 */
function canChangeProjectMember(actor, p, c) {
    if (actor === null || !scopeAllows(actor, 'admin_project_member') || !canReadProject(actor, p))
        return false;
    if (c.self && c.to === null && c.from !== null)
        return true;
    if (!canProject(actor, 'admin_project_member', p))
        return false;
    return ownerLevelAllowed(actor, p.accessLevel, c);
}
function canReadGroup(actor, g) {
    if (actor?.isAdmin)
        return true;
    if (g.visibility === 'public')
        return true;
    if (g.visibility === 'internal')
        return actor !== null;
    return actor !== null && g.accessLevel >= shared_types_1.ACCESS_LEVEL.GUEST;
}
function canGroup(actor, ability, g) {
    if (!scopeAllows(actor, ability))
        return false;
    if (!canReadGroup(actor, g))
        return false;
    switch (ability) {
        case 'read_group':
        case 'read_group_member':
            return true;
        case 'admin_group_member':
            // GitLab: "Manage group members: Owner" (the effective level, so ancestors' owners too)
            return actor !== null && (actor.isAdmin || g.accessLevel >= shared_types_1.ACCESS_LEVEL.OWNER);
        case 'admin_group_label':
        case 'admin_group_milestone':
        case 'admin_iteration':
            // GitLab: reporters and up manage a group's labels, milestones and iterations
            return actor !== null && (actor.isAdmin || g.accessLevel >= shared_types_1.ACCESS_LEVEL.REPORTER);
    }
}
/**
 * May the actor make this change to a direct group membership? Owners manage members; any
 * member may leave. (That a group keeps at least one owner is checked against the data.)
 */
function canChangeGroupMember(actor, g, c) {
    if (actor === null || !scopeAllows(actor, 'admin_group_member') || !canReadGroup(actor, g))
        return false;
    if (c.self && c.to === null && c.from !== null)
        return true;
    if (!canGroup(actor, 'admin_group_member', g))
        return false;
    return ownerLevelAllowed(actor, g.accessLevel, c);
}
/** Only owners (and admins) grant, change or remove the owner level. */
function ownerLevelAllowed(actor, actorLevel, c) {
    if (actor.isAdmin || actorLevel >= shared_types_1.ACCESS_LEVEL.OWNER)
        return true;
    return (c.from ?? 0) < shared_types_1.ACCESS_LEVEL.OWNER && (c.to ?? 0) < shared_types_1.ACCESS_LEVEL.OWNER;
}
function canIssue(actor, ability, p, i) {
    if (!scopeAllows(actor, ability))
        return false;
    if (!canReadIssue(actor, p, i))
        return false;
    if (ability === 'read_issue')
        return true;
    if (actor === null)
        return false;
    // Notifications are the reader's own choice, archived project or not (GitLab's update_subscription)
    if (ability === 'update_subscription')
        return true;
    const isAuthor = i.authorId === actor.id;
    const isAssignee = i.assigneeIds.includes(actor.id);
    const reporter = actor.isAdmin || p.accessLevel >= shared_types_1.ACCESS_LEVEL.REPORTER;
    if (p.archived)
        return false;
    switch (ability) {
        case 'update_issue':
        case 'reopen_issue':
            // Reporters and up manage issues; authors and assignees may edit and close their own.
            return reporter || isAuthor || isAssignee;
        case 'admin_issue':
            return reporter;
        case 'destroy_issue':
            return actor.isAdmin || p.accessLevel >= shared_types_1.ACCESS_LEVEL.OWNER;
        case 'create_note':
            return !i.discussionLocked || reporter;
    }
}
function canReadIssue(actor, p, i) {
    if (!canReadProject(actor, p))
        return false;
    if (i.hidden && !actor?.isAdmin)
        return false;
    if (!i.confidential)
        return true;
    if (actor === null)
        return false;
    return (actor.isAdmin || p.accessLevel >= shared_types_1.ACCESS_LEVEL.REPORTER || i.authorId === actor.id || i.assigneeIds.includes(actor.id));
}
/**
 * Epics (GitLab's EpicPolicy): whoever reads the group reads its epics, confidential ones only
 * reporters and up; reporters create and edit them; owners delete them. `e` null: a new epic.
 */
function canEpic(actor, ability, g, e) {
    if (!scopeAllows(actor, ability))
        return false;
    if (!canReadGroup(actor, g))
        return false;
    const reporter = actor !== null && (actor.isAdmin || g.accessLevel >= shared_types_1.ACCESS_LEVEL.REPORTER);
    if (e?.confidential && !reporter)
        return false;
    switch (ability) {
        case 'read_epic':
            return true;
        case 'create_epic':
        case 'admin_epic':
            return reporter;
        case 'destroy_epic':
            return actor !== null && (actor.isAdmin || g.accessLevel >= shared_types_1.ACCESS_LEVEL.OWNER);
    }
}
//# sourceMappingURL=policy.js.map