"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ENTITIES = void 0;
const user_entity_1 = require("./user/user.entity");
const auth_entities_1 = require("./auth/auth.entities");
const namespace_entity_1 = require("./group/namespace.entity");
const project_entity_1 = require("./project/project.entity");
const label_entity_1 = require("./label/label.entity");
const milestone_entity_1 = require("./milestone/milestone.entity");
const issue_entity_1 = require("./issue/issue.entity");
const note_entity_1 = require("./note/note.entity");
const user_preference_entity_1 = require("./note/user-preference.entity");
const description_version_entity_1 = require("./note/description-versions/description-version.entity");
const issue_event_entity_1 = require("../core/realtime/issue-event.entity");
const award_emoji_entity_1 = require("./award/award-emoji.entity");
const issue_link_entity_1 = require("./issue-link/issue-link.entity");
/** Every entity, for the data source (the app, tools and tests share this list). */
exports.ENTITIES = [
    user_entity_1.User, auth_entities_1.Session, auth_entities_1.PersonalAccessToken, auth_entities_1.OauthAccessToken, namespace_entity_1.Namespace, project_entity_1.Project, project_entity_1.Member,
    label_entity_1.Label, label_entity_1.LabelLink, milestone_entity_1.Milestone, issue_entity_1.Issue, issue_entity_1.IssueAssignee, note_entity_1.Note, user_preference_entity_1.UserPreference, issue_event_entity_1.IssueEventRow,
    award_emoji_entity_1.AwardEmoji, issue_link_entity_1.IssueLink, description_version_entity_1.DescriptionVersion,
];
//# sourceMappingURL=entities.js.map