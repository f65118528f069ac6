/**
 * Service Desk (GitLab's): a project's address external people write to; each mail becomes a
 * confidential issue by the Support Bot, and public comments on it are mailed back to the sender.
 */

/** The user service-desk issues are authored by (created by the ServiceDesk migration; never signs in). */
export const SUPPORT_BOT = { username: 'support-bot', name: 'Support Bot', email: 'support-bot@noreply.tandem.local', userType: 'support_bot' } as const;

export const SERVICE_DESK_TEXTS = {
  /** Spec §1/§2: the dismissible warning on an issue moved from a service-desk project into one without it (GitLab's text). */
  movedWarning:
    'This project does not have Service Desk enabled, so the user who created the issue will no longer receive email notifications about new activity.',
  /** An issue made from a mail without a subject (GitLab's title for it). */
  noSubject: '(no subject)',
  /** The thank-you mail to the sender of a new request (GitLab's service desk thank_you email, in short). */
  thankYouSubject: (reference: string, title: string) => `[${reference}] ${title}`,
  thankYouBody: (reference: string) => `Thank you for your support request! We are tracking your request as ticket ${reference}, and will respond as soon as we can.`,
  /** A public comment mailed to the external author (GitLab's service desk new_note email). */
  noteSubject: (reference: string, title: string) => `Re: [${reference}] ${title}`,
  noteBody: (authorName: string, body: string) => `${authorName} wrote:\n\n${body}`,
};

/** localStorage key remembering that the moved-issue warning was dismissed for one issue (by its global id). */
export const serviceDeskWarningStorageKey = (issueId: number) => `tandem/service-desk-moved-warning-dismissed/${issueId}`;
