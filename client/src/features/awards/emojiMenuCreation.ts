/**
 * Whether an emoji menu was already created on this page. Spec: the menu appears 200 ms after
 * its first creation (GitLab builds it hidden, then shows it); every later opening is at once.
 */
let created = false;

/** True when a menu was created before; marks this one as created. */
export function takeMenuCreated(): boolean {
  const before = created;
  created = true;
  return before;
}

/** Forgets the first creation (a new page in tests). */
export function resetEmojiMenuCreation(): void {
  created = false;
}
