/**
 * The one error catalogue: a code, its HTTP status and the exact message. Server modules
 * throw by code; the client shows the same texts. Spec texts are quoted verbatim.
 */
export const ERRORS = {
  // HTTP/API errors (GitLab REST wording)
  UNAUTHORIZED: { status: 401, message: '401 Unauthorized' },
  FORBIDDEN: { status: 403, message: '403 Forbidden' },
  NOT_FOUND: { status: 404, message: '404 Not Found' },
  PROJECT_NOT_FOUND: { status: 404, message: '404 Project Not Found' },
  /** POST /projects/:id/fork into a namespace that does not exist or takes no project from the actor (GitLab's answer). */
  TARGET_NAMESPACE_NOT_FOUND: { status: 404, message: '404 Target Namespace Not Found' },
  /** A fork whose name or path is taken in the namespace: 409 with the field-keyed messages (GitLab's fork answer). */
  PROJECT_TAKEN: { status: 409, message: 'has already been taken' },
  ISSUE_NOT_FOUND: { status: 404, message: '404 Issue Not Found' },
  USER_NOT_FOUND: { status: 404, message: '404 User Not Found' },
  GROUP_NOT_FOUND: { status: 404, message: '404 Group Not Found' },
  MEMBER_NOT_FOUND: { status: 404, message: '404 Member Not Found' },
  /** POST .../members for someone who is a direct member already (GitLab's text). */
  MEMBER_EXISTS: { status: 409, message: 'Member already exists' },
  /** POST /projects/:id/share for a group the project is shared with already. */
  GROUP_LINK_EXISTS: { status: 409, message: 'The project is already shared with this group' },
  /** DELETE /projects/:id/share/:group_id for a group it is not shared with. */
  GROUP_LINK_NOT_FOUND: { status: 404, message: '404 Group Link Not Found' },
  /** POST /groups/:id/share with a group it is already shared with (GitLab's Groups::GroupLinks::CreateService). */
  GROUP_SHARE_EXISTS: { status: 409, message: 'Group already shared with this group' },
  /** Removing or demoting the only owner would leave a group nobody can administer. */
  LAST_OWNER: { status: 403, message: '403 Forbidden - A group must have at least one owner' },
  NOTE_NOT_FOUND: { status: 404, message: '404 Note Not Found' },
  DISCUSSION_NOT_FOUND: { status: 404, message: '404 Discussion Not Found' },
  /** A page edit of a note that no longer exists (the client removes it locally). */
  NOTE_GONE: { status: 410, message: '410 Gone' },
  BAD_REQUEST: { status: 400, message: '400 Bad request' },
  VALIDATION: { status: 400, message: '400 Bad request' },
  // Mail delivered to an issue email address that is not turned into a comment (GitLab's Gitlab::Email errors)
  EMAIL_UNKNOWN_TARGET: { status: 422, message: "We couldn't figure out what the email is for." },
  EMAIL_UNKNOWN_USER: { status: 422, message: "We couldn't figure out what user corresponds to the email." },
  EMAIL_NOT_ALLOWED: { status: 422, message: 'You are not allowed to perform this action.' },
  EMAIL_EMPTY: { status: 422, message: 'It appears that the email is blank.' },
  EMAIL_NOTEABLE_GONE: { status: 422, message: 'The thread you are replying to no longer exists.' },
  /** Mail to a project's service desk address while the project has Service Desk off (or is archived): nothing is created. */
  EMAIL_SERVICE_DESK_DISABLED: { status: 422, message: 'Service Desk is not enabled for this project.' },
  /** A service desk mail without a usable From address: nobody could be answered. */
  EMAIL_NO_SENDER: { status: 422, message: "We couldn't find the sender's email address." },
  PAYLOAD_TOO_LARGE: { status: 413, message: '413 Request Entity Too Large' },
  CSRF: { status: 403, message: '403 Forbidden - invalid CSRF token' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid login or password.' },
  /** Sign-in of an account whose address is unconfirmed under EMAIL_CONFIRMATION=hard (or soft after its grace period); Devise's text. */
  EMAIL_NOT_CONFIRMED: { status: 401, message: 'You have to confirm your email address before continuing.' },
  INVALID_GRANT: { status: 400, message: 'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.' },
  INSUFFICIENT_SCOPE: { status: 403, message: 'insufficient_scope' },
  RATE_LIMITED: { status: 429, message: 'This endpoint has been requested too many times. Try again later.' },
  INTERNAL: { status: 500, message: '500 Internal Server Error' },
  GRAPHQL_RESOURCE_ACCESS: {
    status: 200,
    message:
      "The resource that you are attempting to access does not exist or you don't have permission to perform this action",
  },
  /** REST award_emoji: an award (or an awardable) the actor may not see or change (GitLab's not_found!('Award Emoji')). */
  AWARD_NOT_FOUND: { status: 404, message: '404 Award Emoji Not Found' },
  /** REST issue links: an unknown link id (GitLab's lower-case "found" there). */
  ISSUE_LINK_NOT_FOUND: { status: 404, message: '404 Not found' },
  /** Related issues: every reference is linked already (GitLab's IssueLinks::CreateService text). */
  ISSUE_LINK_EXISTS: { status: 409, message: 'Issue(s) already assigned' },
  /** Description templates (GitLab's not_found!('Template')). */
  TEMPLATE_NOT_FOUND: { status: 404, message: '404 Template Not Found' },
  /** Labels, milestones and iterations (REST v4, GitLab's not_found! texts). */
  LABEL_NOT_FOUND: { status: 404, message: '404 Label Not Found' },
  MILESTONE_NOT_FOUND: { status: 404, message: '404 Milestone Not Found' },
  ITERATION_NOT_FOUND: { status: 404, message: '404 Iteration Not Found' },
  LABEL_EXISTS: { status: 409, message: 'Label already exists' },
  // The 409 on a stale lock_version (title/description optimistic concurrency, docs/architecture.md)
  ISSUE_STALE: {
    status: 409,
    message:
      'Someone edited this issue at the same time you did. Please refresh your browser and make sure your changes will not unintentionally remove theirs.',
  },
  /** Group epics: an epic (or its link to an issue) the actor may not see (GitLab's not_found!('Epic')). */
  EPIC_NOT_FOUND: { status: 404, message: '404 Epic Not Found' },
  EPIC_ISSUE_NOT_FOUND: { status: 404, message: '404 EpicIssue Not Found' },
  /** A child epic the parent already has the maximum of (EPIC_MAX_CHILDREN; the spec's conflict text). */
  EPIC_CHILD_LIMIT: { status: 409, message: 'This epic already has the maximum number of child epics.' },
  /** An epic that cannot become this one's child (the text says why: EPIC_TEXTS.child*). */
  EPIC_LINK_INVALID: { status: 409, message: 'This epic cannot be added.' },
  /** A stale lock_version on an epic edit: the issue's 409 text with GitLab's human_class_name ("epic"). */
  EPIC_STALE: {
    status: 409,
    message:
      'Someone edited this epic at the same time you did. Please refresh your browser and make sure your changes will not unintentionally remove theirs.',
  },
  /** A merge request the actor may not see, or none with that iid (GitLab's not_found!('Merge Request')). */
  MERGE_REQUEST_NOT_FOUND: { status: 404, message: '404 Merge Request Not Found' },
  /** A draft note that is not the actor's, or none with that id (drafts are visible only to their author). */
  DRAFT_NOTE_NOT_FOUND: { status: 404, message: '404 Draft Note Not Found' },
  /** A suggestion the actor may not see, or none with that id (GitLab's text). */
  SUGGESTION_NOT_FOUND: { status: 404, message: 'Suggestion is not applicable as the suggestion was not found.' },
  /** A suggestion that cannot be applied: the body names why (SUGGESTION_TEXTS: line moved, branch changed, applied, merged, closed). */
  SUGGESTION_NOT_APPLICABLE: { status: 400, message: 'A suggestion is not applicable.' },
  /** PUT .../merge on a merge request that is not open, or a draft (GitLab's not_allowed!). */
  MERGE_NOT_ALLOWED: { status: 405, message: '405 Method Not Allowed' },
  /** PUT .../merge when git cannot merge the branches (conflicts), GitLab's 406. */
  MERGE_CONFLICT: { status: 406, message: 'Branch cannot be merged' },
  /** PUT .../merge with `sha` that is not the source branch's head (the text names the head: MERGE_REQUEST_ERRORS.shaMismatch). */
  MERGE_SHA_MISMATCH: { status: 409, message: 'SHA does not match HEAD of source branch' },
  /** POST merge_requests from a source branch that already has an open one into the same target. */
  MERGE_REQUEST_EXISTS: { status: 409, message: 'Another open merge request already exists for this source branch' },
  /** A stale lock_version on a merge request edit (GitLab's text with "merge request"). */
  MERGE_REQUEST_STALE: {
    status: 409,
    message: 'Someone edited this merge request at the same time you did. Please refresh the page to see changes.',
  },
  /** The alert endpoint without its project's token (or with a wrong one). */
  ALERT_UNAUTHORIZED: { status: 401, message: 'Unauthorized' },
  /** The spam check flagged a write: answered with needs_captcha_response (spam.ts). */
  SPAM_NEEDS_CAPTCHA: { status: 409, message: 'Your issue has been recognized as spam. Please, change the content or solve the CAPTCHA to proceed.' },
  /** A retry whose captcha answer is wrong, expired, for another spam log or used already. */
  CAPTCHA_INVALID: { status: 400, message: 'The CAPTCHA was not solved, has expired or was already used. Solve a new one and try again.' },
  /** Metric images of an incident: an unknown image id. */
  METRIC_IMAGE_NOT_FOUND: { status: 404, message: '404 Metric Image Not Found' },
  /** The public status page of a project that has none enabled, or an incident not on it. */
  STATUS_PAGE_NOT_FOUND: { status: 404, message: '404 Not Found' },
  // The repository API (GitLab's REST wording)
  BRANCH_NOT_FOUND: { status: 404, message: '404 Branch Not Found' },
  TAG_NOT_FOUND: { status: 404, message: '404 Tag Not Found' },
  COMMIT_NOT_FOUND: { status: 404, message: '404 Commit Not Found' },
  FILE_NOT_FOUND: { status: 404, message: '404 File Not Found' },
  TREE_NOT_FOUND: { status: 404, message: '404 Tree Not Found' },
  REF_NOT_FOUND: { status: 404, message: '404 Ref Not Found' },
  BRANCH_EXISTS: { status: 400, message: 'Branch already exists' },
  TAG_EXISTS: { status: 400, message: 'Tag already exists' },
  BRANCH_NAME_INVALID: { status: 400, message: 'Branch name is invalid' },
  REF_INVALID: { status: 400, message: '400 Bad request - ref is invalid' },
  REPOSITORY_PATH_INVALID: { status: 400, message: '400 Bad request - path is invalid' },
  /** A branch or tag moved between reading and writing it (the write did nothing). */
  REF_CHANGED: { status: 409, message: '409 Conflict - the reference was updated by someone else' },
  DEFAULT_BRANCH_DELETE: { status: 405, message: 'The default branch of a project cannot be deleted.' },
  /** The repository has no commits yet (tree, files of an empty repository). */
  REPOSITORY_EMPTY: { status: 404, message: '404 Tree Not Found' },
  /** Error tracking: an error id that names no error of the project (GitLab's not_found!). */
  SENTRY_ERROR_NOT_FOUND: { status: 404, message: '404 Error Not Found' },
  /** Error tracking: an unknown client key id (DELETE client_keys/:key_id). */
  CLIENT_KEY_NOT_FOUND: { status: 404, message: '404 Client Key Not Found' },
  /** Error tracking: "Create issue" raced another one for the same error. */
  SENTRY_ERROR_HAS_ISSUE: { status: 409, message: 'An issue already exists for this error' },
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** Texts the UI shows, word for word as GitLab's issue page, kept once here for server and client. */
export const TEXTS = {
  issueUpdateFailed: 'Unable to update this issue at this time.',
  statusUpdateFailed: 'Error occurred while updating the issue status',
  errorUpdating: (type: string) => `Error updating ${type}`,
  errorDeleting: (type: string) => `Error deleting ${type}`,
  taskListConflict: (type: string) =>
    `Someone edited this ${type} at the same time you did. The description has been updated and you will need to make your changes again.`,
  /** locked_warning: shown in the open edit form when the remote issue changed. */
  lockedWarning: (type: string) => `Someone edited the ${type} at the same time you did.`,
  lockedWarningReview: (type: string) =>
    `Review the ${type} and make sure you don't unintentionally overwrite their changes.`,
  confirmLeave: 'Are you sure you want to lose your issue information?',
  confirmDelete: 'Issue will be removed! Are you sure?',
  confirmDeleteEpic: 'Delete this epic and all descendants?',
  taskStatus: (done: number, total: number) => `${done} of ${total}`,
  liveUpdatesPaused: 'Live updates paused',
  /** The weight input's validation (the spec's text). */
  weightNumeralsOnly: 'Only numeral characters allowed',
  /** The weight block's failure toast (the spec's text). */
  weightUpdateFailed: 'Error occurred while updating the issue weight.',
  /** Shown on an open issue page when the server ends its live stream (ours, not the spec's). */
  issueAccessLost: 'You no longer have access to this issue. Live updates have stopped.',
  issueDeletedWhileOpen: 'This issue was deleted.',
  fetchLatestCommentsFailed: 'Something went wrong while fetching latest comments.',
  signInRequired: 'Please register or sign in to reply',
  lockedDiscussion: (type: string) => `This ${type} is locked. Only project members can comment.`,
  noRecords: 'There are no records to show',
  noMatchingRecords: 'There are no records matching your request',
  /** An autosaved draft whose lock_version is no longer current. */
  draftConflict:
    'The comment you are editing has been changed by another user. Would you like to keep your changes and overwrite the new description or discard your changes?',
} as const;

/** Validation messages, named by field (API answers 400 {"message": {"field": ["..."]}}). */
export const VALIDATION = {
  required: "can't be blank",
  tooLong: (max: number) => `is too long (maximum is ${max} characters)`,
  notAllowed: (values: readonly string[]) => `must be one of: ${values.join(', ')}`,
  notInteger: 'must be an integer',
  notBoolean: 'must be a boolean',
  invalid: 'is invalid',
  nulCharacter: 'must not contain NUL (\\u0000) characters',
  tooDeep: 'is nested too deeply',
  mustBePositive: 'must be greater than 0',
  notNonNegativeInteger: 'must be an integer greater than or equal to 0',
  notDate: 'must be a date in YYYY-MM-DD format',
  dateInPast: 'cannot be a date in the past',
  /** At least one of the listed parameters must be sent (GitLab's Grape wording). */
  atLeastOne: (fields: readonly string[]) => `${fields.join(', ')} are missing, at least one parameter must be provided`,
  /** A direct membership below an inherited one (GitLab's text). */
  belowInherited: (level: string, source: string) => `should be greater than or equal to ${level} inherited membership from group ${source}`,
  /** A project more visible than its group. */
  visibilityAboveGroup: (visibility: string, groupVisibility: string) => `${visibility} is not allowed in a ${groupVisibility} group`,
  notString: 'must be a string',
  missing: 'is missing',
  /** A project path (GitLab's Gitlab::PathRegex message). */
  projectPath: "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or end in '.atom'",
  /** An award name outside the emoji set (GitLab's AwardEmoji validation). */
  notEmojiName: 'is not a valid emoji name',
  /** A number beyond what its column (int4) can hold. */
  tooLarge: (max: number) => `must be less than or equal to ${max}`,
} as const;
