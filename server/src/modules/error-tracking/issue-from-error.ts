import type { IssueCreateInput } from '../issue/fields/issue-input';
import type { ErrorRow } from './error-tracking.store';

/** Markdown's special characters in error text, escaped so an error's message renders as text. */
const md = (s: string) => s.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`);

/** The new issue "Create issue" makes from an error: GitLab's title and description layout. */
export function issueFromError(e: ErrorRow, detailsUrl: string): IssueCreateInput {
  const title = (e.description ? `${e.name}: ${e.description}` : e.name).replace(/\s+/g, ' ').slice(0, 255);
  const lines = [
    `**Error details:** [${md(e.name)}](${detailsUrl})`,
    '',
    `- **Message:** ${e.description ? md(e.description.slice(0, 1000)) : '—'}`,
    `- **Culprit:** ${e.actor ? md(e.actor) : '—'}`,
    `- **First seen:** ${e.firstSeenAt}`,
    `- **Last seen:** ${e.lastSeenAt}`,
    `- **Events:** ${e.eventsCount}`,
    `- **Users:** ${e.usersCount}`,
    e.release ? `- **Release:** ${md(e.release)}` : null,
    e.environment ? `- **Environment:** ${md(e.environment)}` : null,
  ].filter((l): l is string => l !== null);
  return { title, description: lines.join('\n') };
}
