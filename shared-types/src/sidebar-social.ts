/**
 * The sidebar's confidentiality and lock blocks (sidebar spec: Confidentiality widget, Lock;
 * discussions spec §4, §8). Where the specs name a message without its words, GitLab's are used.
 */
export const CONFIDENTIALITY_TEXTS = {
  title: 'Confidentiality',
  on: (type: string) => `This ${type} is confidential`,
  onDetail: 'Only project members with at least the Reporter role, the author, and assignees can view or be notified about this issue.',
  off: 'Not confidential',
  warnTurnOn: (type: string) =>
    `You are going to turn on confidentiality. Only project members with at least the Reporter role, the author, and assignees can view or be notified about this ${type}.`,
  warnTurnOff: (type: string) => `You are going to turn off the confidentiality. This means everyone will be able to see and leave a comment on this ${type}.`,
  turnOn: 'Turn on',
  turnOff: 'Turn off',
} as const;

export const LOCK_TEXTS = {
  title: 'Lock discussion',
  locked: 'Locked',
  lockedDetail: 'Only project members can comment.',
  unlocked: 'Unlocked',
  /** The confirmation before locking / unlocking (the spec's "says" texts follow). */
  confirmLock: (type: string) => `Lock this ${type}?`,
  confirmUnlock: (type: string) => `Unlock this ${type}?`,
  lock: 'Lock',
  unlock: 'Unlock',
  failed: (issuable: string) => `Something went wrong trying to change the locked state of this ${issuable}.`,
} as const;
