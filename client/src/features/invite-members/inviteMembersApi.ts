import type { ApiGroup, InvitationResponse, UserBasic } from '@tandem/shared-types';
import { errorText, projectApiPath, requestJson } from '../../shared/api/http';

/** User search for the member picker: active users only (spec §6; Tandem has no internal users). */
export async function searchUsers(search: string, signal?: AbortSignal): Promise<UserBasic[]> {
  const res = await requestJson<UserBasic[]>(`/api/v4/users?search=${encodeURIComponent(search)}&per_page=20`, { signal });
  if (!res.ok) throw new Error(`user search: ${res.status}`);
  return res.data.filter((u) => u.state === 'active');
}

/** What members are invited to (spec: the modal opens with a source): a project or a group, by full path and name. */
export interface InviteSource {
  type: 'project' | 'group';
  path: string;
  name: string;
}

/** The source's REST base: /api/v4/projects/:id or /api/v4/groups/:id. */
export const sourceApiPath = (s: Pick<InviteSource, 'type' | 'path'>) => (s.type === 'project' ? projectApiPath(s.path) : `/api/v4/groups/${encodeURIComponent(s.path)}`);

/** The signed-in user's effective level on the project or group (0 when none). */
export async function fetchMyAccessLevel(source: Pick<InviteSource, 'type' | 'path'>, userId: number): Promise<number> {
  const res = await requestJson<{ access_level: number }>(`${sourceApiPath(source)}/members/all/${userId}`);
  return res.ok ? res.data.access_level : 0;
}

/** One outcome per invitee: null when added, else the server's message (if it gave one). */
export type InviteOutcome = { ok: true } | { ok: false; message: string | null };

export async function addMemberById(source: InviteSource, userId: number, accessLevel: number, expiresAt: string | null): Promise<InviteOutcome> {
  const res = await requestJson<unknown>(`${sourceApiPath(source)}/members`, { method: 'POST', body: { user_id: userId, access_level: accessLevel, expires_at: expiresAt ?? undefined } });
  return res.ok ? { ok: true } : { ok: false, message: errorText(res.data, '') || null };
}

export async function inviteByEmail(source: InviteSource, email: string, accessLevel: number, expiresAt: string | null): Promise<InviteOutcome> {
  const res = await requestJson<InvitationResponse>(`${sourceApiPath(source)}/invitations`, {
    method: 'POST',
    body: { email, access_level: accessLevel, expires_at: expiresAt ?? undefined, format: 'json' },
  });
  if (res.ok && res.data.status === 'success') return { ok: true };
  if (res.ok && res.data.status === 'error') return { ok: false, message: Object.values(res.data.message).join(' ') || null };
  return { ok: false, message: errorText(res.data, '') || null };
}

/** Group search for the group picker (GET /groups, search trimmed; only groups the user may see). */
export async function searchGroups(search: string, signal?: AbortSignal): Promise<ApiGroup[]> {
  const res = await requestJson<ApiGroup[]>(`/api/v4/groups?search=${encodeURIComponent(search.trim())}&per_page=20`, { signal });
  if (!res.ok || !Array.isArray(res.data)) throw new Error(`group search: ${res.status}`);
  return res.data;
}

/** POST /projects/:id/share: the group's members get the role (capped at theirs in the group). */
export async function shareWithGroup(projectPath: string, groupId: number, groupAccess: number, expiresAt: string | null): Promise<InviteOutcome> {
  const res = await requestJson<unknown>(`${projectApiPath(projectPath)}/share`, { method: 'POST', body: { group_id: groupId, group_access: groupAccess, expires_at: expiresAt ?? undefined } });
  return res.ok ? { ok: true } : { ok: false, message: errorText(res.data, '') || null };
}
