/**
 * The issue page's own texts beyond GitLab's (spec issue-page §2, §4): the edit form's merge of
 * a concurrent edit, its markdown help, and the header's abuse and spam actions.
 */
export const ISSUE_PAGE_TEXTS = {
  // edit conflict (409): a three-way merge of the user's edit onto the text saved meanwhile
  mergeApplied: 'Their changes were merged into yours. Review the text and save again.',
  mergeConflict: 'Your changes and theirs touch the same lines. Choose which version to keep, then save.',
  theirVersion: 'Their version',
  yourVersion: 'Your version',
  useTheirs: 'Use their version',
  keepMine: 'Keep my version',
  // pinned links and /zoom
  zoomLink: 'Join Zoom meeting',
  /** GitLab's accepted Zoom meeting URLs. */
  zoomUrlPattern: /^https:\/\/(?:[\w-]+\.)?zoom\.us\/(?:s|j|my)\/[^\s<>"']+$/,
  // markdown help pane
  helpToggle: 'Markdown help',
  helpTitle: 'Markdown',
  helpItems: [
    ['**bold**', 'bold'],
    ['_italic_', 'italic'],
    ['`code`', 'inline code'],
    ['[text](url)', 'link'],
    ['- item', 'bulleted list'],
    ['1. item', 'numbered list'],
    ['- [ ] task', 'task list item'],
    ['> quote', 'quote'],
    ['#123, @user, ~label', 'references'],
    ['/estimate 1h, /spend 30m', 'quick actions'],
  ] as ReadonlyArray<readonly [string, string]>,
} as const;
