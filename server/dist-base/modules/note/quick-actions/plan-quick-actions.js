"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.milestoneTitle = void 0;
exports.userRefs = userRefs;
exports.labelRefs = labelRefs;
exports.parseDueDate = parseDueDate;
exports.planQuickActions = planQuickActions;
const shared_types_1 = require("@tandem/shared-types");
const assignees_1 = require("../../issue/fields/assignees");
const confidential_1 = require("../../issue/fields/confidential");
const discussion_locked_1 = require("../../issue/fields/discussion-locked");
const due_date_1 = require("../../issue/fields/due-date");
const epic_1 = require("../../issue/fields/epic");
const labels_1 = require("../../issue/fields/labels");
const milestone_1 = require("../../issue/fields/milestone");
const state_event_1 = require("../../issue/fields/state-event");
const time_estimate_1 = require("../../issue/fields/time-estimate");
const time_spent_1 = require("../../issue/fields/time-spent");
const title_1 = require("../../issue/fields/title");
const zoom_meeting_1 = require("../../issue/fields/zoom-meeting");
const weight_1 = require("../../issue/fields/weight");
const references_1 = require("../../issue-link/references");
/** The usernames (`@bob`, `bob`, `me`) of an /assign or /unassign argument. */
function userRefs(arg) {
    return arg.split(/[\s,]+/).map((s) => s.replace(/^@/, '')).filter(Boolean);
}
/** The titles of a /label argument: `~bug ~"needs review" plain`. */
function labelRefs(arg) {
    const out = [];
    const re = /~"([^"]+)"|~([^\s~"]+)|"([^"]+)"|([^\s~"]+)/g;
    for (let m = re.exec(arg); m; m = re.exec(arg))
        out.push((m[1] ?? m[2] ?? m[3] ?? m[4]).trim());
    return out.filter(Boolean);
}
/** A /due argument as yyyy-mm-dd, or null: a date, today, tomorrow, "in N days" (or weeks). */
function parseDueDate(arg, today) {
    const a = arg.trim().toLowerCase();
    const add = (days) => {
        const d = new Date(`${today}T00:00:00Z`);
        d.setUTCDate(d.getUTCDate() + days);
        return d.toISOString().slice(0, 10);
    };
    if (/^\d{4}-\d{2}-\d{2}$/.test(a)) {
        const d = new Date(`${a}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === a ? a : null;
    }
    if (a === 'today')
        return today;
    if (a === 'tomorrow')
        return add(1);
    const rel = /^in\s+(\d{1,4})\s+(day|days|week|weeks)$/.exec(a);
    if (rel)
        return add(Number(rel[1]) * (rel[2].startsWith('week') ? 7 : 1));
    return null;
}
/** The title of a /milestone argument: `%v1.0`, `%"Sprint 1"`, or the bare title. */
const milestoneTitle = (arg) => arg.trim().replace(/^%/, '').replace(/^"(.*)"$/, '$1').trim();
exports.milestoneTitle = milestoneTitle;
const milestoneRef = (title) => (/^[\w.-]+$/.test(title) ? `%${title}` : `%"${title}"`);
const labelRef = (title) => `~"${title.replace(/"/g, '')}"`;
/**
 * Turns commands into one issue change, checking each command's ability through the field it
 * changes (the same registry the sidebar uses), so a refused or inapplicable command is
 * reported and left out. Commands run in order; later ones see earlier ones' effect. Pure.
 */
function planQuickActions(commands, target, lookups, env) {
    const input = {};
    const messages = [];
    const errorMessages = [];
    const changes = {};
    const issue = { ...target.issue };
    let assignees = [...target.assignees];
    let labelSet;
    const labelAdd = new Map();
    const labelRemove = new Map();
    let labelsTouched = false;
    let epicId = target.epicId ?? null;
    const allowed = (field, value) => env.can(field.ability(value, issue));
    const refuse = (name) => errorMessages.push(shared_types_1.QUICK_ACTION_TEXTS.couldNotApply(name));
    const notOnCreate = new Set(['close', 'reopen', 'title', 'unassign', 'unlabel', 'relabel', 'remove_due_date', 'clear_weight', 'unlock', 'award', 'epic', 'remove_epic', 'estimate', 'remove_estimate', 'spend', 'remove_time_spent', 'zoom', 'remove_zoom', 'relate']);
    for (const { name, arg } of commands) {
        if (target.creating && notOnCreate.has(name)) {
            refuse(name);
            continue;
        }
        switch (name) {
            case 'close':
            case 'reopen': {
                const ev = name === 'close' ? 'close' : 'reopen';
                const applies = ev === 'close' ? issue.state === 'opened' : issue.state === 'closed';
                if (!applies || !allowed(state_event_1.stateEventField, ev)) {
                    refuse(name);
                    break;
                }
                input.stateEvent = ev;
                issue.state = ev === 'close' ? 'closed' : 'opened';
                messages.push(ev === 'close' ? shared_types_1.QUICK_ACTION_TEXTS.closed() : shared_types_1.QUICK_ACTION_TEXTS.reopened());
                break;
            }
            case 'title': {
                const title = arg.trim();
                if (!title || !allowed(title_1.titleField, title)) {
                    refuse(name);
                    break;
                }
                input.title = issue.title = title;
                messages.push(shared_types_1.QUICK_ACTION_TEXTS.titleChanged(title));
                break;
            }
            case 'assign':
            case 'unassign': {
                const refs = userRefs(arg);
                const named = refs.map((r) => (r.toLowerCase() === 'me' ? env.actor : lookups.users.get(r.toLowerCase())));
                const missing = refs.filter((_, k) => !named[k]).map((r) => `@${r}`);
                if ((name === 'assign' && !refs.length) || missing.length) {
                    errorMessages.push(missing.length ? shared_types_1.QUICK_ACTION_TEXTS.usersNotFound(missing) : shared_types_1.QUICK_ACTION_TEXTS.couldNotApply(name));
                    break;
                }
                const users = named;
                const next = name === 'assign'
                    ? [...assignees, ...users.filter((u) => !assignees.some((a) => a.id === u.id))]
                    : refs.length
                        ? assignees.filter((a) => !users.some((u) => u.id === a.id))
                        : [];
                const changed = name === 'assign' ? users.filter((u) => !assignees.some((a) => a.id === u.id)) : assignees.filter((a) => !next.some((n) => n.id === a.id));
                if (!changed.length || !allowed(assignees_1.assigneesField, next.map((u) => u.id))) {
                    refuse(name);
                    break;
                }
                assignees = next;
                input.assigneeIds = next.map((u) => u.id);
                const usernames = [...new Map(changed.map((u) => [u.id, u.username])).values()];
                messages.push(name === 'assign' ? shared_types_1.QUICK_ACTION_TEXTS.assigned(usernames) : shared_types_1.QUICK_ACTION_TEXTS.unassigned(usernames));
                break;
            }
            case 'label':
            case 'unlabel':
            case 'relabel': {
                const titles = labelRefs(arg);
                const found = titles.map((t) => lookups.labels.get(t.toLowerCase())).filter((l) => !!l);
                const unique = [...new Map(found.map((l) => [l.id, l])).values()];
                const removeAll = name === 'unlabel' && !titles.length;
                if ((!unique.length && !removeAll) || !allowed(labels_1.labelsField, {})) {
                    refuse(name);
                    break;
                }
                labelsTouched = true;
                const refs = unique.map((l) => ({ id: l.id }));
                if (name === 'relabel' || removeAll) {
                    labelSet = refs;
                    labelAdd.clear();
                    labelRemove.clear();
                }
                else if (labelSet) {
                    labelSet = name === 'label' ? [...labelSet.filter((r) => !unique.some((l) => 'id' in r && l.id === r.id)), ...refs] : labelSet.filter((r) => !unique.some((l) => 'id' in r && l.id === r.id));
                }
                else {
                    for (const l of unique) {
                        (name === 'label' ? labelAdd : labelRemove).set(l.id, { id: l.id });
                        (name === 'label' ? labelRemove : labelAdd).delete(l.id);
                    }
                }
                const shown = unique.map((l) => labelRef(l.title));
                messages.push(removeAll ? shared_types_1.QUICK_ACTION_TEXTS.allLabelsRemoved : name === 'label' ? shared_types_1.QUICK_ACTION_TEXTS.labelsAdded(shown) : name === 'unlabel' ? shared_types_1.QUICK_ACTION_TEXTS.labelsRemoved(shown) : shared_types_1.QUICK_ACTION_TEXTS.labelsReplaced(shown));
                break;
            }
            case 'due':
            case 'remove_due_date': {
                const date = name === 'due' ? parseDueDate(arg, env.today) : null;
                if ((name === 'due' && !date) || (name === 'remove_due_date' && !issue.dueDate) || !allowed(due_date_1.dueDateField, date)) {
                    refuse(name);
                    break;
                }
                input.dueDate = issue.dueDate = date;
                messages.push(date ? shared_types_1.QUICK_ACTION_TEXTS.dueDateSet(date) : shared_types_1.QUICK_ACTION_TEXTS.dueDateRemoved);
                break;
            }
            case 'weight':
            case 'clear_weight': {
                const weight = name === 'weight' ? (/^\d{1,9}$/.test(arg) ? Number(arg) : NaN) : null;
                if (Number.isNaN(weight) || (name === 'clear_weight' && issue.weight === null) || !allowed(weight_1.weightField, weight)) {
                    refuse(name);
                    break;
                }
                input.weight = issue.weight = weight;
                messages.push(weight === null ? shared_types_1.QUICK_ACTION_TEXTS.weightCleared : shared_types_1.QUICK_ACTION_TEXTS.weightSet(weight));
                break;
            }
            case 'confidential': {
                if (issue.confidential || !allowed(confidential_1.confidentialField, true)) {
                    refuse(name);
                    break;
                }
                input.confidential = issue.confidential = true;
                messages.push(shared_types_1.QUICK_ACTION_TEXTS.madeConfidential());
                break;
            }
            case 'lock':
            case 'unlock': {
                const locked = name === 'lock';
                if (issue.discussionLocked === locked || !allowed(discussion_locked_1.discussionLockedField, locked)) {
                    refuse(name);
                    break;
                }
                input.discussionLocked = issue.discussionLocked = locked;
                messages.push(locked ? shared_types_1.QUICK_ACTION_TEXTS.locked : shared_types_1.QUICK_ACTION_TEXTS.unlocked);
                break;
            }
            case 'epic':
            case 'remove_epic': {
                const next = name === 'epic' ? (lookups.epics?.get(arg.trim())?.id ?? null) : null;
                if ((name === 'epic' && next === null) || next === epicId || !allowed(epic_1.epicField, next)) {
                    refuse(name);
                    break;
                }
                input.epicId = epicId = next;
                messages.push(next === null ? shared_types_1.QUICK_ACTION_TEXTS.epicRemoved : shared_types_1.QUICK_ACTION_TEXTS.epicAdded);
                break;
            }
            case 'estimate':
            case 'remove_estimate': {
                const seconds = name === 'estimate' ? (0, shared_types_1.parseDuration)(arg) : 0;
                if (seconds === null || seconds < 0 || (name === 'remove_estimate' && !issue.timeEstimate) || !allowed(time_estimate_1.timeEstimateField, seconds)) {
                    refuse(name);
                    break;
                }
                input.timeEstimate = issue.timeEstimate = seconds;
                messages.push(seconds ? shared_types_1.TIME_TRACKING_TEXTS.estimateSet(seconds) : shared_types_1.TIME_TRACKING_TEXTS.estimateRemoved);
                break;
            }
            case 'spend':
            case 'remove_time_spent': {
                // GitLab's /spend <duration> [yyyy-mm-dd]; one time log per text
                const m = name === 'spend' ? /^(.*?)(?:\s+(\d{4}-\d{2}-\d{2}))?$/.exec(arg.trim()) : null;
                const seconds = m ? (0, shared_types_1.parseDuration)(m[1]) : null;
                const spentAt = m?.[2] ? parseDueDate(m[2], env.today) : null;
                const bad = name === 'spend'
                    ? seconds === null || (m?.[2] !== undefined && (!spentAt || spentAt > env.today)) || issue.totalTimeSpent + seconds < 0 || input.timeSpent !== undefined
                    : !issue.totalTimeSpent || input.timeSpent !== undefined;
                if (bad || !allowed(time_spent_1.timeSpentField, { seconds: seconds ?? 'reset' })) {
                    refuse(name);
                    break;
                }
                if (name === 'spend') {
                    input.timeSpent = { seconds: seconds, spentAt };
                    issue.totalTimeSpent += seconds;
                    messages.push(shared_types_1.TIME_TRACKING_TEXTS.spentAdded(seconds));
                }
                else {
                    input.timeSpent = { seconds: 'reset' };
                    issue.totalTimeSpent = 0;
                    messages.push(shared_types_1.TIME_TRACKING_TEXTS.spentRemoved);
                }
                break;
            }
            case 'zoom':
            case 'remove_zoom': {
                const url = name === 'zoom' ? arg.trim() : null;
                const bad = name === 'zoom' ? !shared_types_1.ISSUE_PAGE_TEXTS.zoomUrlPattern.test(url) || url === issue.zoomMeetingUrl : !issue.zoomMeetingUrl;
                if (bad || !allowed(zoom_meeting_1.zoomMeetingField, url)) {
                    refuse(name);
                    break;
                }
                input.zoomMeetingUrl = issue.zoomMeetingUrl = url;
                messages.push(url ? shared_types_1.QUICK_ACTION_TEXTS.zoomAdded : shared_types_1.QUICK_ACTION_TEXTS.zoomRemoved);
                break;
            }
            case 'milestone':
            case 'remove_milestone': {
                const title = (0, exports.milestoneTitle)(arg);
                const m = name === 'milestone' ? lookups.milestones?.get(title.toLowerCase()) : null;
                const current = lookups.currentMilestone ?? null;
                if ((name === 'milestone' && (!m || m.id === current?.id)) || (name === 'remove_milestone' && !current) || !allowed(milestone_1.milestoneField, m ? { id: m.id } : null)) {
                    refuse(name);
                    break;
                }
                input.milestone = m ? { id: m.id } : null;
                messages.push(m ? shared_types_1.QUICK_ACTION_TEXTS.milestoneSet(milestoneRef(m.title)) : shared_types_1.QUICK_ACTION_TEXTS.milestoneRemoved(milestoneRef(current.title)));
                break;
            }
            case 'award': {
                const emoji = /^:?([a-z0-9_+-]+):?$/i.exec(arg.trim())?.[1];
                if (!emoji || !env.canAward) {
                    refuse(name);
                    break;
                }
                changes.emoji_award = emoji;
                messages.push(shared_types_1.QUICK_ACTION_TEXTS.awarded(emoji));
                break;
            }
            case 'relate': {
                // Linked by the issue-link module after the commands (create-note); related issues are admin_issue (spec §6 canAdmin)
                const refs = (0, references_1.splitReferences)([arg]);
                if (!refs.length || !env.can('admin_issue')) {
                    refuse(name);
                    break;
                }
                const all = [...(changes.relate ?? []), ...refs];
                changes.relate = [...new Set(all)];
                messages.push(shared_types_1.QUICK_ACTION_TEXTS.related(refs));
                break;
            }
        }
    }
    if (labelsTouched) {
        input.labels = labelSet ? { set: labelSet } : { add: [...labelAdd.values()], remove: [...labelRemove.values()] };
    }
    for (const [k, v] of Object.entries(input))
        if (k !== 'labels' && k !== 'assigneeIds' && k !== 'timeSpent' && k !== 'milestone')
            changes[snake(k)] = v;
    if (input.milestone !== undefined)
        changes.milestone_id = input.milestone?.id ?? null;
    // GitLab's commands_changes name logged time spend_time
    if (input.timeSpent)
        changes.spend_time = input.timeSpent.seconds === 'reset' ? { duration: 'reset' } : { duration: input.timeSpent.seconds, spent_at: input.timeSpent.spentAt ?? null };
    if (input.assigneeIds)
        changes.assignee_ids = input.assigneeIds;
    if (input.labels)
        changes.labels = input.labels;
    return { input, messages, errorMessages, changes };
}
const snake = (k) => (k === 'stateEvent' ? 'state_event' : k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
//# sourceMappingURL=plan-quick-actions.js.map