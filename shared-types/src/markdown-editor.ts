/** The markdown editor's helpers (autocomplete, attachments): texts and triggers shared by every editor. */
export const MARKDOWN_EDITOR_TEXTS = {
  /** The placeholder that stands in the text while a file uploads (GitLab's). */
  uploading: (fileName: string) => `{Uploading ${fileName}...}`,
  attachFile: 'Attach a file or image',
  attachFailed: 'Attaching the file failed.',
  fileTooBig: (sizeMiB: string, maxMiB: string) => `File is too big (${sizeMiB}MiB). Max filesize: ${maxMiB}MiB.`,
  noSuggestions: 'No matches found',
} as const;

/** Autocomplete triggers: the character typed and the source it searches ('/' only at a line's start: a quick action). */
export const AUTOCOMPLETE_TRIGGERS = { '@': 'members', '#': 'issues', '~': 'labels', '%': 'milestones', '&': 'epics', ':': 'emoji', '/': 'commands' } as const;
export type AutocompleteTrigger = keyof typeof AUTOCOMPLETE_TRIGGERS;
export type AutocompleteKind = (typeof AUTOCOMPLETE_TRIGGERS)[AutocompleteTrigger];
/** The kinds a server source answers (emoji come from the client's own data). */
export type AutocompleteSourceKind = Exclude<AutocompleteKind, 'emoji'>;
