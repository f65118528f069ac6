import { z } from 'zod';
import { VALIDATION } from '../errors';

/** GitLab's abuse categories and the report form's choices, in its words. */
export const ABUSE_CATEGORIES = {
  spam: "They're posting spam.",
  offensive: "They're being offensive or abusive.",
  phishing: "They're phishing.",
  crypto: "They're posting crypto mining scripts.",
  credentials: "They're posting personal information or credentials.",
  copyright: "They're violating a copyright or trademark.",
  malware: "They're posting malware.",
  other: 'Something else.',
} as const;
export type AbuseCategory = keyof typeof ABUSE_CATEGORIES;

export const ABUSE_REPORT_MESSAGE_MAX = 5000;

/**
 * POST /-/abuse_reports: a report about an issue's author, from the issue page's header, or
 * (`noteable_type: 'MergeRequest'`, `iid` the merge request's) a merge request's, from its
 * header; or (`note_id`) about the author of one of their comments.
 */
export const abuseReportSchema = z.object({
  project_path: z.string({ message: VALIDATION.notString }).min(1, VALIDATION.required).max(255, VALIDATION.tooLong(255)),
  iid: z.union([z.number().int(), z.string().regex(/^\d{1,9}$/, VALIDATION.notInteger)], { message: VALIDATION.notInteger }).transform(Number),
  noteable_type: z.enum(['Issue', 'MergeRequest'], { message: VALIDATION.notAllowed(['Issue', 'MergeRequest']) }).default('Issue'),
  category: z.enum(Object.keys(ABUSE_CATEGORIES) as [AbuseCategory, ...AbuseCategory[]], { message: VALIDATION.notAllowed(Object.keys(ABUSE_CATEGORIES)) }),
  message: z.string({ message: VALIDATION.notString }).trim().min(1, VALIDATION.required).max(ABUSE_REPORT_MESSAGE_MAX, VALIDATION.tooLong(ABUSE_REPORT_MESSAGE_MAX)),
  note_id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,9}$/, VALIDATION.notInteger)], { message: VALIDATION.notInteger }).transform(Number).optional(),
});
export type AbuseReportInput = z.output<typeof abuseReportSchema>;

/** GET /api/v4/admin/abuse_reports (GitLab's admin shape, the fields Tandem has). */
export interface ApiAbuseReport {
  id: number;
  category: AbuseCategory;
  message: string;
  reported_from_url: string | null;
  created_at: string;
  reporter: { id: number; username: string; name: string } | null;
  user: { id: number; username: string; name: string } | null;
}

export const ABUSE_TEXTS = {
  reportAbuse: 'Report abuse',
  submitSpam: 'Submit as spam',
  formTitle: 'Report abuse to administrator',
  categoryLabel: 'Why are you reporting this user?',
  messageLabel: 'Additional details',
  send: 'Send report',
  sent: 'Thank you for your report. An administrator will look into it shortly.',
  backToIssue: 'Back to the issue',
  backToMergeRequest: 'Back to the merge request',
  failed: 'Something went wrong. Please try again.',
  adminTitle: 'Abuse reports',
  adminEmpty: 'There are no abuse reports.',
  spamConfirm: 'Submit this issue as spam? It will be hidden from everyone but administrators.',
  spamDone: 'The issue was submitted as spam and is now hidden.',
  spamFailed: 'Something went wrong while submitting the issue as spam.',
} as const;
