/**
 * Texts and rules of the sidebar's remaining shared widgets: the project picker of "new item in
 * project" buttons, the issue email block and the CVE ID request block.
 */

/** Spec "Project picker": the button text with and without a chosen project. */
export const PROJECT_PICKER_TEXTS = {
  withProject: (label: string, projectName: string) => `${label} in ${projectName}`,
  noProject: (resource: string) => `Select project to create ${resource}`,
  toggle: 'Select project',
  search: 'Search for project',
  noMatches: 'No matching results',
  fetchFailed: 'An error occurred while fetching projects autocomplete.',
};

/** Spec §3: the recent-project choice is stored locally per group and resource type. */
export const recentProjectStorageKey = (groupPath: string, resourceType: string) => `group-${groupPath}-new-${resourceType}-recent-project`;

export const ISSUE_EMAIL_TEXTS = {
  title: 'Issue email',
  copy: 'Copy email address',
  help: 'Send an email to this address to add a comment to the issue.',
};

export const CVE_TEXTS = {
  title: 'CVE ID Request',
  intro: 'Request a CVE ID for this vulnerability.',
  button: 'Create CVE ID Request',
  helpLink: 'Learn more about requesting a CVE ID',
  /** The prefilled confidential issue in the security-advisory project. */
  issueTitle: (reference: string, title: string) => `Request a CVE ID for ${reference}: ${title}`,
  issueDescription: (issueUrl: string) =>
    `Please assign a CVE ID for the vulnerability described in ${issueUrl}.\n\n` +
    `## Vulnerability details\n\n- **Affected versions:** \n- **Fixed versions:** \n- **Impact:** \n- **CWE:** \n\n` +
    `## Credit\n\n`,
};
