import type { ApiDiffLine } from '@tandem/shared-types';

/** A line can receive a suggestion when it is on the new side (GitLab's Diff::Line#suggestible?: not removed). */
export function suggestibleLine(line: ApiDiffLine): boolean {
  return (line.type === 'new' || line.type === 'context') && line.new_line !== null;
}

/** The line's text: rich_text is the server's highlighted, escaped HTML of it. */
function plainText(html: string): string {
  return new DOMParser().parseFromString(`<pre>${html}</pre>`, 'text/html').body.textContent ?? '';
}

/** GitLab's inserted suggestion: a ```suggestion:-0+0 block holding the commented line, as it is now. */
export function lineSuggestion(line: ApiDiffLine): string {
  return `\`\`\`suggestion:-0+0\n${plainText(line.rich_text)}\n\`\`\`\n`;
}
