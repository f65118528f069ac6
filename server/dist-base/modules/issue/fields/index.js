"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ISSUE_FIELDS = void 0;
const assignees_1 = require("./assignees");
const confidential_1 = require("./confidential");
const description_1 = require("./description");
const discussion_locked_1 = require("./discussion-locked");
const due_date_1 = require("./due-date");
const epic_1 = require("./epic");
const from_alert_1 = require("./from-alert");
const issue_type_1 = require("./issue-type");
const labels_1 = require("./labels");
const promoted_to_epic_1 = require("./promoted-to-epic");
const moved_1 = require("./moved");
const state_event_1 = require("./state-event");
const time_estimate_1 = require("./time-estimate");
const time_spent_1 = require("./time-spent");
const title_1 = require("./title");
const zoom_meeting_1 = require("./zoom-meeting");
const update_task_1 = require("./update-task");
const weight_1 = require("./weight");
const milestone_1 = require("./milestone");
const health_status_1 = require("./health-status");
const severity_1 = require("./severity");
const iteration_1 = require("./iteration");
/**
 * Every field an issue update can change, in the order their system notes appear.
 * Adding a field: one file in this folder, listed here, plus its widget in the client.
 */
exports.ISSUE_FIELDS = [
    title_1.titleField,
    description_1.descriptionField,
    promoted_to_epic_1.promotedToEpicField,
    // A move's notes read "moved to ..." then "closed", as GitLab's
    moved_1.movedToField,
    moved_1.movedFromField,
    state_event_1.stateEventField,
    confidential_1.confidentialField,
    discussion_locked_1.discussionLockedField,
    issue_type_1.issueTypeField,
    due_date_1.dueDateField,
    weight_1.weightField,
    assignees_1.assigneesField,
    labels_1.labelsField,
    epic_1.epicField,
    from_alert_1.fromAlertField,
    time_estimate_1.timeEstimateField,
    time_spent_1.timeSpentField,
    zoom_meeting_1.zoomMeetingField,
    milestone_1.milestoneField,
    health_status_1.healthStatusField,
    severity_1.severityField,
    iteration_1.iterationField,
    // The page's task-list toggle last: it is not one of GitLab's REST parameters
    update_task_1.updateTaskField,
];
//# sourceMappingURL=index.js.map