import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText, requestJson } from '../../shared/api/http';

export interface PersonalAccessToken {
  id: number;
  name: string;
  revoked: boolean;
  active: boolean;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  scopes: string[];
}

export interface NewAccessToken {
  name: string;
  scopes: string[];
  expires_at?: string;
}

export const accessTokenKeys = { all: ['personal_access_tokens'] as const };

/** The signed-in user's tokens (active and inactive). */
export function useAccessTokens() {
  return useQuery({
    queryKey: accessTokenKeys.all,
    queryFn: async ({ signal }) => {
      const res = await requestJson<PersonalAccessToken[]>('/api/v4/personal_access_tokens', { signal }).catch(() => null);
      if (!res?.ok) throw new Error(errorText(res?.data, 'Tokens could not be loaded.'));
      return res.data;
    },
  });
}

/** Creates a token; the answer holds the secret once. The list shows it at once, then refetches. */
export function useCreateAccessToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewAccessToken) => {
      const res = await requestJson<PersonalAccessToken & { token: string }>('/api/v4/user/personal_access_tokens', { method: 'POST', body }).catch(() => null);
      if (!res?.ok) throw new Error(errorText(res?.data, 'The token could not be created.'));
      return res.data;
    },
    onSuccess: (created) => {
      const { token: _secret, ...listed } = created;
      qc.setQueryData<PersonalAccessToken[]>(accessTokenKeys.all, (list) => [listed, ...(list ?? [])]);
      void qc.invalidateQueries({ queryKey: accessTokenKeys.all });
    },
  });
}

/** Revokes a token; the list moves it to the inactive table at once, then refetches. */
export function useRevokeAccessToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (t: PersonalAccessToken) => {
      const res = await requestJson(`/api/v4/personal_access_tokens/${t.id}`, { method: 'DELETE' }).catch(() => null);
      if (!res?.ok) throw new Error(errorText(res?.data, 'The token could not be revoked.'));
      return t;
    },
    onSuccess: (t) => {
      qc.setQueryData<PersonalAccessToken[]>(accessTokenKeys.all, (list) => list?.map((x) => (x.id === t.id ? { ...x, revoked: true, active: false } : x)));
      void qc.invalidateQueries({ queryKey: accessTokenKeys.all });
    },
  });
}
