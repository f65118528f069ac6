import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_CUSTOM_EVENTS,
  NOTIFICATION_SETTINGS_TEXTS as T,
  type ApiNotificationSettings,
  type ApiNotificationSettingsPage,
  type NotificationCustomEvent,
  type NotificationEvents,
  type NotificationLevel,
} from '@tandem/shared-types';
import { requestJson } from '../../shared/api/http';

export const notificationSettingsKey = ['notification_settings_page'] as const;

/** Whose setting: the user's global one, or theirs for a group or a project. */
export type SettingTarget = { kind: 'global' } | { kind: 'group' | 'project'; id: number };

/** A change as GitLab's PUT takes it: the level, or one custom event flag. */
export type SettingChange = { level?: NotificationLevel } & Partial<Record<NotificationCustomEvent, boolean>>;

const urlOf = (t: SettingTarget) => (t.kind === 'global' ? '/api/v4/notification_settings' : `/api/v4/${t.kind}s/${t.id}/notification_settings`);

/** The page's data: the global setting, the user's groups and projects with theirs. */
export function useNotificationSettingsPage() {
  return useQuery({
    queryKey: notificationSettingsKey,
    queryFn: async ({ signal }) => {
      const res = await requestJson<ApiNotificationSettingsPage>('/-/profile/notifications.json', { signal }).catch(() => null);
      if (!res?.ok) throw new Error(T.loadFailed);
      return res.data;
    },
    // Only this page changes these settings: no refetch on focus that could land over a save
    staleTime: Infinity,
  });
}

/** One setting in the page's data replaced. */
function withSetting(page: ApiNotificationSettingsPage, t: SettingTarget, next: (s: ApiNotificationSettings) => ApiNotificationSettings): ApiNotificationSettingsPage {
  if (t.kind === 'global') return { ...page, global: { ...(next(page.global) as ApiNotificationSettingsPage['global']), notification_email: page.global.notification_email } };
  const list = t.kind === 'group' ? 'groups' : 'projects';
  return { ...page, [list]: page[list].map((x) => (x.id === t.id ? { ...x, setting: next(x.setting) } : x)) };
}

/** What the change looks like before the server answers (the custom events kept, or none chosen yet). */
function optimistic(s: ApiNotificationSettings, change: SettingChange): ApiNotificationSettings {
  const level = change.level ?? s.level;
  if (level !== 'custom') return { level };
  const none = Object.fromEntries(NOTIFICATION_CUSTOM_EVENTS.map((e) => [e, false])) as NotificationEvents;
  const events = { ...none, ...s.events };
  for (const e of NOTIFICATION_CUSTOM_EVENTS) if (change[e] !== undefined) events[e] = change[e]!;
  return { level, events };
}

/**
 * Saves one setting: shown at once (written before the request, so a checkbox or select never
 * snaps back while it is sent), then as the server answers it; a refused or failed save puts
 * the previous page data back (the caller shows the failure).
 */
export function useSaveNotificationSetting() {
  const qc = useQueryClient();
  const mutation = useMutation({
    mutationFn: async ({ target, change }: { target: SettingTarget; change: SettingChange; before: ApiNotificationSettingsPage | undefined }) => {
      const res = await requestJson<ApiNotificationSettings>(urlOf(target), { method: 'PUT', body: change }).catch(() => null);
      if (!res?.ok) throw new Error(T.failed);
      return res.data;
    },
    onError: (_err, { before }) => {
      if (before) qc.setQueryData(notificationSettingsKey, before);
    },
    onSuccess: (setting, { target }) => {
      qc.setQueryData<ApiNotificationSettingsPage>(notificationSettingsKey, (page) => page && withSetting(page, target, () => setting));
    },
  });
  const { mutate } = mutation;
  const save = useCallback(
    (target: SettingTarget, change: SettingChange, onSaved?: () => void) => {
      // A read still on its way holds the settings from before this change: it must not land over it
      void qc.cancelQueries({ queryKey: notificationSettingsKey });
      const before = qc.getQueryData<ApiNotificationSettingsPage>(notificationSettingsKey);
      if (before) qc.setQueryData(notificationSettingsKey, withSetting(before, target, (s) => optimistic(s, change)));
      mutate({ target, change, before }, { onSuccess: onSaved });
    },
    [qc, mutate],
  );
  return { save, failed: mutation.isError, clearFailure: mutation.reset };
}
