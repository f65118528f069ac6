/** Texts of the code side: the clone dropdown (spec issue-page.md "Clone dropdown"). */
export const CLONE_TEXTS = {
  button: 'Clone',
  heading: 'Clone this repository',
  options: 'Clone URL',
  http: 'Clone with HTTP',
  httpWithUsername: 'Clone with HTTP (your username)',
  urlLabel: 'Clone URL',
  copy: 'Copy URL',
  help: 'Use a personal access token as the password when git asks for one.',
} as const;

export type CloneOption = 'http' | 'http_username';

/** The URL an option shows: the plain HTTP URL, or the same with the user's name in it (git then asks only for the token). */
export function cloneUrl(httpUrl: string, option: CloneOption, username: string | null): string {
  if (option === 'http_username' && username) {
    const u = new URL(httpUrl);
    u.username = username;
    return u.toString();
  }
  return httpUrl;
}
