/**
 * The comment in a reply: the text above the quoted message and the signature (GitLab's
 * EmailReplyTrimmer, in its simplest form): cut at an "On … wrote:" line, at the first run of
 * '>' quoted lines that reaches the end, or at a "-- " signature separator.
 */
export function replyText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l === '-- ' || /^On .+wrote:\s*$/.test(l) || /^-+ ?Original Message ?-+$/i.test(l.trim())) {
      end = i;
      break;
    }
    if (l.startsWith('>') && lines.slice(i).every((x) => x.startsWith('>') || x.trim() === '')) {
      end = i;
      break;
    }
  }
  return lines.slice(0, end).join('\n').trim();
}
