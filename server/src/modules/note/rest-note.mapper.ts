import type { ApiDiscussion, ApiNote, UserBasic } from '@tandem/shared-types';

/** GitLab REST v4 Note entity (numeric id, `body`, resolvable fields, `commands_changes`). */
export interface RestNote {
  id: number;
  type: ApiNote['type'];
  body: string;
  attachment: null;
  author: UserBasic | null;
  created_at: string;
  updated_at: string;
  system: boolean;
  noteable_id: number;
  noteable_type: string;
  project_id: number | null;
  resolvable: boolean;
  resolved?: boolean;
  resolved_by?: UserBasic | null;
  resolved_at?: string | null;
  confidential: boolean;
  internal: boolean;
  imported: boolean;
  imported_from: string;
  noteable_iid: number | null;
  commands_changes: Record<string, unknown>;
  /** DiffNotes: GitLab's position. */
  position?: ApiNote['position'];
  /** DiffNotes with ```suggestion blocks: GitLab's suggestions. */
  suggestions?: ApiNote['suggestions'];
}

export interface RestDiscussion {
  id: string;
  individual_note: boolean;
  notes: RestNote[];
}

export function toRestNote(n: ApiNote): RestNote {
  const author = n.author ? (({ path: _path, ...rest }) => rest)(n.author) : null;
  return {
    id: Number(n.id),
    type: n.type,
    body: n.note,
    attachment: null,
    author: author as UserBasic | null,
    created_at: n.created_at,
    updated_at: n.updated_at,
    system: n.system,
    noteable_id: n.noteable_id,
    noteable_type: n.noteable_type,
    project_id: n.project_id,
    resolvable: n.resolvable,
    ...(n.resolvable ? { resolved: n.resolved, resolved_by: n.resolved_by, resolved_at: n.resolved_at } : {}),
    confidential: n.internal,
    internal: n.internal,
    imported: false,
    imported_from: 'none',
    noteable_iid: n.noteable_iid,
    commands_changes: {},
    ...(n.position ? { position: n.position } : {}),
    ...(n.suggestions ? { suggestions: n.suggestions } : {}),
  };
}

export function toRestDiscussion(d: ApiDiscussion): RestDiscussion {
  return { id: d.id, individual_note: d.individual_note, notes: d.notes.map(toRestNote) };
}
